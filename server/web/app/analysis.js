// A finished game's analysis by the server's computer: asked for with a button (anyone
// may; it is the game's, shown to everyone), waited for while it is queued or running,
// then shown: the first side's winning chances ply by ply as a graph (a click looks at
// that ply), every inaccuracy, mistake and blunder marked in the move list with the
// better move, and for the move that led to the position shown (the one clicked) its
// judgement, the better move (drawn on the board) and the computer's line from before
// it. The judgements are the server's (the engine's review); the page only shows them.

import { el, put, svg } from "./dom.js";
import { request } from "./net.js";

/**
 * @typedef {import("./protocol.js").AnalysedPly} AnalysedPly
 * @typedef {import("./protocol.js").AnalysisView} AnalysisView
 * @typedef {import("./protocol.js").MoveQuality} MoveQuality
 */

/** How a judgement is marked in the move list; none for a move that gave nothing away. */
/** @type {Partial<Record<MoveQuality, { sign: string, word: string }>>} */
export const MARKS = {
  inaccuracy: { sign: "?!", word: "Inaccuracy" },
  mistake: { sign: "?", word: "Mistake" },
  blunder: { sign: "??", word: "Blunder" },
};

/** Each judgement in a sentence. @type {Record<MoveQuality, string>} */
const JUDGED = {
  best: "the best move",
  good: "a good move",
  inaccuracy: "an inaccuracy",
  mistake: "a mistake",
  blunder: "a blunder",
};

/** How often a page waiting for its analysis asks how far it has gone. */
const POLL_MS = 1000;

/**
 * The first side's chances in every position of the game: the start, then after each ply.
 * @param {AnalysedPly[]} plies
 * @returns {number[]}
 */
export function chances(plies) {
  if (plies.length === 0) {
    return [];
  }
  return [plies[0].before, ...plies.map((p) => p.after)];
}

/**
 * The graph's line through `points` (0 to 1) in a box `width` by `height`, the first
 * side's chances up.
 * @param {number[]} points
 * @param {number} width
 * @param {number} height
 * @returns {string} an SVG path
 */
export function curvePath(points, width, height) {
  const n = Math.max(1, points.length - 1);
  return points
    .map((p, i) => `${i === 0 ? "M" : "L"}${((i * width) / n).toFixed(2)},${(height * (1 - p)).toFixed(2)}`)
    .join(" ");
}

/**
 * "White: 1 inaccuracy, 2 mistakes, no blunder": each side's marked moves.
 * @param {AnalysedPly[]} plies
 * @param {{ name: string, seats: string[] }[]} sides
 * @returns {string[]}
 */
export function summaries(plies, sides) {
  const count = (/** @type {string[]} */ seats, /** @type {MoveQuality} */ j) =>
    plies.filter((p) => seats.includes(p.seat) && p.judgement === j).length;
  const words = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) =>
    n === 0 ? `no ${one}` : `${n} ${n === 1 ? one : many}`;
  return sides.map(
    (s) =>
      `${s.name}: ${words(count(s.seats, "inaccuracy"), "inaccuracy", "inaccuracies")}, ` +
      `${words(count(s.seats, "mistake"), "mistake", "mistakes")}, ` +
      `${words(count(s.seats, "blunder"), "blunder", "blunders")}`,
  );
}

/** @param {number} p a chance, 0 to 1 */
function percent(p) {
  return `${Math.round(p * 100)}%`;
}

/** @param {AnalysedPly} p whether the move gave away enough to name a better one */
function lost(p) {
  return p.judgement === "inaccuracy" || p.judgement === "mistake" || p.judgement === "blunder";
}

/**
 * What the analysis says of the position after `ply` plies: of the move that led to it
 * (the one clicked), its judgement, the better move where it gave something away, the
 * first side's chances before and after, and the computer's line from before it; at the
 * start, the computer's line from there.
 * "12. Black D10-D12: a blunder. Better was E6-E8. White's winning chances: 48% before it,
 * 81% after. The computer's line from before it: E6-E8 F9-F7"
 * @param {AnalysedPly[]} plies
 * @param {number} ply
 * @param {{ name: string, seats: string[] }[]} sides
 * @returns {string}
 */
export function moveWords(plies, ply, sides) {
  const lineOf = (/** @type {AnalysedPly} */ p) => p.line.map((m) => m.notation).join(" ");
  if (ply === 0) {
    const first = plies[0];
    const line = first ? lineOf(first) : "";
    return line ? `The start. The computer's line from here: ${line}` : "The start.";
  }
  const p = plies[ply - 1];
  if (!p) {
    return "";
  }
  const seats = Math.max(1, sides.reduce((n, s) => n + s.seats.length, 0));
  const number = Math.floor((ply - 1) / seats) + 1;
  const judged = p.judgement ? JUDGED[p.judgement] : "a setup move, not judged";
  const better = lost(p) && p.best ? ` Better was ${p.best.notation}.` : "";
  const first = sides[0]?.name ?? "The first side";
  const odds = ` ${first}'s winning chances: ${percent(p.before)} before it, ${percent(p.after)} after.`;
  const line = lineOf(p);
  const from = line ? ` The computer's line from before it: ${line}` : "";
  return `${number}. ${p.seat} ${p.played.notation}: ${judged}.${better}${odds}${from}`;
}

/**
 * The move numbers the graph's axis marks under `positions` points (the start and one
 * after each ply, `seats` plies a move): at most six, every 1, 2, 5, 10, 20 or 50 moves,
 * each with where it falls (0 to 1, left to right) at the position before that move.
 * @param {number} positions
 * @param {number} seats
 * @returns {{ move: number, at: number }[]}
 */
export function moveTicks(positions, seats) {
  const plies = Math.max(1, positions - 1);
  const moves = Math.ceil(plies / Math.max(1, seats));
  const every = [1, 2, 5, 10, 20, 50, 100].find((k) => moves / k <= 6) ?? 200;
  const ticks = [];
  for (let m = 1; m <= moves; m += m === 1 && every > 1 ? every - 1 : every) {
    ticks.push({ move: m, at: ((m - 1) * seats) / plies });
  }
  return ticks;
}

/** Width and height of the graph's drawing (it is stretched to the panel's width). */
const W = 300;
const H = 60;

export class Analysis {
  /**
   * @param {string} game
   * @param {(ply: number) => void} look shows the position after `ply` plies
   * @param {() => void} changed called when the analysis arrives
   */
  constructor(game, look, changed) {
    this.game = game;
    this.look = look;
    this.changed = changed;
    /** @type {AnalysedPly[] | null} */
    this.plies = null;
    /** Whether the server was asked already (a GET on a finished game's first render). */
    this.looked = false;
    /** @type {number | undefined} */
    this.poller = undefined;
    /** @type {{ name: string, seats: string[] }[]} */
    this.sides = [];
    this.status = el("p", { class: "analysis-status", "aria-live": "polite" });
    this.button = el(
      "button",
      { type: "button", class: "analyse", onclick: () => this.ask() },
      "Analyse the game",
    );
    this.graph = el("div", { class: "analysis-graph" });
    this.line = el("p", { class: "best-line", "aria-live": "polite" });
    this.summary = el("ul", { class: "analysis-summary" });
    this.element = el(
      "section",
      { class: "analysis", "aria-label": "Analysis", hidden: true },
      el("h2", {}, "Analysis"),
      this.button,
      this.status,
      this.graph,
      this.summary,
      this.line,
    );
  }

  stop() {
    window.clearTimeout(this.poller);
  }

  /**
   * The game as it stands: the section shows once it is over, and the server is asked
   * whether an analysis exists; `ply` is the position on the board.
   * @param {boolean} over
   * @param {number} ply
   * @param {{ name: string, seats: string[] }[]} sides each side's name and seats
   */
  update(over, ply, sides) {
    this.element.hidden = !over;
    this.sides = sides;
    if (!over) {
      return;
    }
    if (!this.looked) {
      this.looked = true;
      this.fetch("GET");
    }
    this.draw(ply);
  }

  /** Asks the server to analyse the game. */
  ask() {
    this.button.hidden = true;
    this.status.textContent = "Asking the server's computer…";
    this.fetch("POST");
  }

  /**
   * One request, then another a second later while the analysis is not done.
   * @param {"GET" | "POST"} method
   */
  async fetch(method) {
    /** @type {AnalysisView} */
    let view;
    try {
      view = await request(method, `/games/${this.game}/analysis`, method === "POST" ? {} : undefined);
    } catch (e) {
      const code = /** @type {{ code?: string }} */ (e).code;
      // Nobody asked yet: the button offers it.
      this.button.hidden = false;
      this.status.textContent =
        code === "not_analysed" ? "" : `No analysis: ${e instanceof Error ? e.message : e}`;
      return;
    }
    if (view.state === "done") {
      this.plies = view.plies;
      this.button.hidden = true;
      this.status.textContent = "";
      this.changed();
      return;
    }
    this.button.hidden = true;
    this.status.textContent =
      view.state === "queued"
        ? view.ahead === 0
          ? "The server's computer looks at this game next…"
          : `The server's computer is looking at ${view.ahead} other ${view.ahead === 1 ? "game" : "games"} first…`
        : `Analysing: ${view.searched} of ${view.positions} positions…`;
    this.poller = window.setTimeout(() => this.fetch("GET"), POLL_MS);
  }

  /**
   * The mark of ply `i` in the move list, if the analysis judged it a loss worth naming.
   * @param {number} i
   * @returns {{ sign: string, judgement: MoveQuality, title: string } | null}
   */
  markOf(i) {
    const p = this.plies?.[i];
    const mark = p?.judgement ? MARKS[p.judgement] : undefined;
    if (!p || !p.judgement || !mark) {
      return null;
    }
    const better = p.best ? `: ${p.best.notation} was better` : "";
    return { sign: mark.sign, judgement: p.judgement, title: `${mark.word}${better}` };
  }

  /**
   * The move to draw on the board at the position after `ply` plies: the better move
   * than the one that led there, where that one gave something away; at the start, the
   * computer's first choice.
   * @param {number} ply
   * @returns {string[]}
   */
  bestPath(ply) {
    if (ply === 0) {
      return this.plies?.[0]?.best?.path ?? [];
    }
    const p = this.plies?.[ply - 1];
    return p && lost(p) ? (p.best?.path ?? []) : [];
  }

  /** @param {number} ply the position on the board */
  draw(ply) {
    const plies = this.plies;
    if (!plies) {
      return;
    }
    const points = chances(plies);
    const n = Math.max(1, points.length - 1);
    const x = (/** @type {number} */ i) => (i * W) / n;
    const first = this.sides[0]?.name ?? "The first side";
    const marks = plies
      .filter((p) => p.judgement === "mistake" || p.judgement === "blunder")
      .map((p) =>
        svg("line", {
          x1: x(p.ply + 1),
          x2: x(p.ply + 1),
          y1: 0,
          y2: H,
          class: `judged judged-${p.judgement}`,
        }),
      );
    const picture = svg(
      "svg",
      {
        viewBox: `0 0 ${W} ${H}`,
        preserveAspectRatio: "none",
        role: "img",
        "aria-label": `${first}'s winning chances after each move`,
        onclick: (/** @type {Event} */ e) => {
          const box = /** @type {SVGElement} */ (e.currentTarget).getBoundingClientRect();
          const at = /** @type {MouseEvent} */ (e).clientX - box.left;
          this.look(Math.round((at / Math.max(1, box.width)) * n));
        },
      },
      svg("rect", { x: 0, y: 0, width: W, height: H, class: "second" }),
      svg("path", { d: `${curvePath(points, W, H)} L${W},${H} L0,${H} Z`, class: "first" }),
      svg("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "even" }),
      ...marks,
      svg("line", { x1: x(ply), x2: x(ply), y1: 0, y2: H, class: "shown" }),
    );
    const second = this.sides[1]?.name ?? "The second side";
    const seats = this.sides.reduce((k, side) => k + side.seats.length, 0) || 2;
    put(
      this.graph,
      el(
        "div",
        { class: "graph-frame" },
        el(
          "div",
          { class: "graph-sides", "aria-hidden": "true" },
          el("span", {}, `${first} winning`),
          el("span", {}, "even"),
          el("span", {}, `${second} winning`),
        ),
        picture,
        el(
          "div",
          { class: "graph-moves", "aria-hidden": "true" },
          ...moveTicks(points.length, seats).map((t) => {
            const tick = el("span", {}, String(t.move));
            // Through the CSSOM: the page's policy allows no style attribute.
            tick.style.left = `${(t.at * 100).toFixed(1)}%`;
            return tick;
          }),
        ),
      ),
      el("p", { class: "graph-caption" }, `${first}'s winning chances after each move; a click goes to that move.`),
    );
    put(this.summary, ...summaries(plies, this.sides).map((s) => el("li", {}, s)));
    this.line.textContent = moveWords(plies, ply, this.sides);
  }
}
