// The analysis board (`/analysis`): a finished game's position (`?game=ID&ply=N`) or a
// variant's start (`?variant=ID`), where any move may be tried. The server answers each
// position's board and legal moves (the page knows no rules) and, through its fair queue,
// the computer's best lines; the page keeps every move tried as a tree, the game's own
// moves its main line, and walks it by clicks, buttons and the arrow keys.

import { Board } from "./board.js";
import { el, put, scrollWithin, sentence } from "./dom.js";
import { Lines } from "./lines.js";
import { request } from "./net.js";
import { VARIANTS } from "./protocol.js";
import { cut, fromGame, movesTo, onMainLine, startTree, stepTo, tokens, tryMove } from "./tree.js";
import { fetchVariant, sidesOf } from "./variants.js";
import { resultWords } from "./words.js";

/**
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {import("./protocol.js").Study} Study
 * @typedef {import("./protocol.js").StudiedPosition} StudiedPosition
 * @typedef {import("./protocol.js").StudyLine} StudyLine
 * @typedef {import("./protocol.js").VariantView} VariantView
 * @typedef {import("./protocol.js").GameState} GameState
 * @typedef {import("./tree.js").TreeNode} TreeNode
 * @typedef {TreeNode & { view?: StudiedPosition, found?: { lines?: StudyLine[], depth?: number } }} StudyNode
 */

/**
 * The page: the game asked for (once it is over) or the variant's start.
 * @param {HTMLElement} main
 * @param {string} query the address's `?...`
 */
export async function studyPage(main, query) {
  const q = new URLSearchParams(query);
  const game = q.get("game");
  try {
    if (game !== null) {
      if (!/^[A-Za-z0-9]+$/.test(game)) {
        throw new Error(`there is no game "${game}"`);
      }
      /** @type {GameState} */
      const state = await request("GET", `/games/${game}`);
      if (!state.game.result) {
        put(
          main,
          el("h1", {}, "Analysis board"),
          el("p", {}, "This game is still being played: it can be studied here once it is over. "),
          el("p", {}, el("a", { href: `/${game}` }, "Back to the game")),
        );
        return;
      }
      const v = await fetchVariant(state.game.variant);
      const ply = Math.max(0, Math.min(state.game.moves.length, Number(q.get("ply") ?? state.game.moves.length) || 0));
      return new StudyPage(main, v, { game, played: state.game.moves, ply });
    }
    const id = q.get("variant") ?? "camelot";
    if (!VARIANTS.some((x) => x.id === id)) {
      throw new Error(`there is no variant "${id}"`);
    }
    return new StudyPage(main, await fetchVariant(id), { game: null, played: [], ply: 0 });
  } catch (e) {
    put(main, el("h1", {}, "Analysis board"), el("p", { role: "alert" }, sentence(`The board cannot be set up: ${e instanceof Error ? e.message : e}`)));
  }
}

export class StudyPage {
  /**
   * @param {HTMLElement} main
   * @param {VariantView} v
   * @param {{ game: string | null, played: NamedMove[], ply: number }} o
   */
  constructor(main, v, o) {
    this.v = v;
    this.game = o.game;
    /** @type {StudyNode} */
    this.root = startTree(o.played);
    /** @type {StudyNode} */
    this.node = this.root;
    while (this.node.ply < o.ply && this.node.children[0]) {
      this.node = this.node.children[0];
    }
    this.lines = new Lines(
      (line) => this.go(line.reduce((at, m) => tryMove(at, m), this.node)),
      () => this.drawBoard(),
    );
    this.lines.sides = sidesOf(v);
    this.boardHost = el("div", { class: "board-host" });
    this.where = el("p", { class: "study-where", "aria-live": "polite" });
    this.turn = el("p", { class: "turn", "aria-live": "polite" });
    this.said = el("p", { class: "notice", role: "alert" });
    this.hover = el("p", { class: "hover", "aria-live": "polite" });
    this.tree = el("div", { class: "study-moves", role: "list", "aria-label": "Moves, with the variations tried" });
    this.cutButton = el(
      "button",
      { type: "button", class: "cut", onclick: () => this.go(cut(this.node)) },
      "Take back this move and those after it",
    );
    const step = (/** @type {string} */ label, /** @type {string} */ words, /** @type {string} */ key) =>
      el("button", { type: "button", "aria-label": words, title: words, onclick: () => this.key(key) }, label);
    this.steps = el(
      "div",
      { class: "replay-controls" },
      step("«", "The start", "Home"),
      step("‹", "Back a move", "ArrowLeft"),
      step("›", "On a move", "ArrowRight"),
      step("»", "The end of this line", "End"),
    );
    const from = o.game
      ? el("p", { class: "study-from" }, "From ", el("a", { href: `/${o.game}` }, `the game ${o.game}`), ` (${v.name}): its moves are the main line.`)
      : el(
          "p",
          { class: "study-from" },
          el(
            "label",
            {},
            "From the start of ",
            el(
              "select",
              { name: "variant", onchange: (/** @type {Event} */ e) => location.assign(`/analysis?variant=${/** @type {HTMLSelectElement} */ (e.target).value}`) },
              ...VARIANTS.map((x) => el("option", { value: x.id, selected: x.id === v.id }, x.name)),
            ),
          ),
        );
    put(
      main,
      el(
        "div",
        { class: "game study" },
        this.boardHost,
        el(
          "section",
          { class: "panel", "aria-label": "Analysis board" },
          el("h1", { class: "study-title" }, "Analysis board"),
          from,
          this.where,
          this.turn,
          this.steps,
          this.said,
          this.hover,
          el("section", { class: "study-tree", "aria-label": "Moves" }, el("h2", {}, "Moves"), this.tree, this.cutButton),
          this.lines.element,
        ),
      ),
    );
    this.board = new Board(this.boardHost, v, {
      onMove: (m) => this.go(tryMove(this.node, m)),
      onHover: (text) => {
        this.hover.textContent = text;
      },
      onExplain: (text) => this.say(text),
    });
    this.board.orient(v.seats[0].seat);
    document.addEventListener("keydown", (e) => {
      const target = /** @type {Element | null} */ (e.target);
      // A field keeps its keys, and so does the board (its arrows pick squares).
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest?.("input, select, textarea, svg.board")) {
        return;
      }
      if (this.key(e.key)) {
        e.preventDefault();
      }
    });
    void this.show();
  }

  /**
   * A key's step through the tree; whether it took one.
   * @param {string} key
   */
  key(key) {
    const to = stepTo(this.node, key);
    if (to) {
      this.go(to);
    }
    return to !== null;
  }

  /** @param {StudyNode} node */
  go(node) {
    this.node = node;
    this.say("");
    void this.show();
  }

  /** @param {string} text */
  say(text) {
    this.said.textContent = sentence(text);
  }

  /**
   * The study the server is asked for: from the game's position where the moves leave
   * its own, else from the variant's start.
   * @param {StudyNode} node
   * @returns {Study}
   */
  studyOf(node) {
    if (this.game) {
      const { ply, tried } = fromGame(node);
      return { start: { from: "game", game: this.game, ply }, moves: tried };
    }
    return { start: { from: "start", variant: this.v.id }, moves: movesTo(node) };
  }

  /** Draws the position shown, asking the server for it first where it is new. */
  async show() {
    const node = this.node;
    this.drawTree();
    if (!node.view) {
      try {
        node.view = await request("POST", "/analysis/position", this.studyOf(node));
      } catch (e) {
        if (this.node === node) {
          this.say(`The server cannot show this position: ${e instanceof Error ? e.message : e}`);
        }
        return;
      }
    }
    if (this.node !== node) {
      return;
    }
    const view = /** @type {StudiedPosition} */ (node.view);
    const over = view.over ? `Game over: ${resultWords(view.over, this.v.seats)}` : null;
    this.turn.textContent = over ? `${over}.` : `${view.board.to_move} to move`;
    this.drawBoard();
    node.found ??= {};
    this.lines.show(this.studyOf(node), node.found, over);
  }

  /** The board of the position shown, with the computer's first choice as an arrow. */
  drawBoard() {
    const node = this.node;
    if (!node.view) {
      return;
    }
    const best = node.found?.lines?.[0]?.moves[0]?.path ?? [];
    this.board.show(node.view.board, node.view.legal, node.move?.path ?? [], [], best);
  }

  /** The move tree, the move shown marked, and where it stands in words. */
  drawTree() {
    const node = this.node;
    let depth = 0;
    /** @type {HTMLElement | null} */
    let current = null;
    const items = tokens(this.root, this.v.seats.length).map((t) => {
      if (t.t === "open" || t.t === "close") {
        depth += t.t === "open" ? 1 : -1;
        return el("span", { class: "paren", "aria-hidden": "true" }, t.t === "open" ? "(" : ")");
      }
      const here = t.node === node;
      const move = /** @type {NamedMove} */ (t.node.move);
      const b = el(
        "button",
        {
          type: "button",
          role: "listitem",
          class: `ply${here ? " current" : ""}${depth > 0 ? " variation" : ""}${t.node.game ? "" : " tried"}`,
          "aria-current": here ? "true" : undefined,
          onclick: () => this.go(t.node),
        },
        t.number ? el("span", { class: "num" }, `${t.number}\u00a0`) : null,
        move.notation,
      );
      if (here) current = b;
      return b;
    });
    // Spaces between the moves, as a record is written (and copied).
    put(this.tree, ...items.flatMap((b) => [b, " "]));
    scrollWithin(this.tree, current);
    const { ply, tried } = fromGame(node);
    const moves = (/** @type {number} */ n) => `${n} ${n === 1 ? "move" : "moves"}`;
    const aside = onMainLine(node) ? "" : ", in a variation";
    if (!this.game) {
      this.where.textContent = node.ply === 0 ? "At the start." : `After ${moves(node.ply)}${aside}.`;
    } else {
      const base = ply === 0 ? "the game's start" : `move ${ply} of the game`;
      this.where.textContent = tried.length === 0 ? `At ${base}.` : `${moves(tried.length)} tried after ${base}${aside}.`;
    }
    this.cutButton.hidden = node.game || !node.parent;
  }
}
