// A game played over again: a finished one by a slider over its plies, buttons, the arrow
// keys and its moves in the list; a live one by its moves in the list, to look back (the
// arrow keys step, Escape returns to the game now). The boards are the server's (the page
// knows no rules), asked for the first time the replay moves and again when the game has
// gone on since. A finished game's record is a download, and its position shown opens
// on the analysis board.

import { el } from "./dom.js";
import { request } from "./net.js";

/**
 * @typedef {import("./protocol.js").BoardView} BoardView
 */

/**
 * The ply a key takes a replay at `at` (of `n` plies) to, or none for a key it ignores.
 * @param {string} key
 * @param {number} at
 * @param {number} n
 * @returns {number | null}
 */
export function stepFor(key, at, n) {
  switch (key) {
    case "ArrowLeft":
      return Math.max(0, at - 1);
    case "ArrowRight":
      return Math.min(n, at + 1);
    case "Home":
      return 0;
    case "End":
      return n;
    default:
      return null;
  }
}

export class Replay {
  /**
   * @param {string} game
   * @param {() => void} changed called when the ply shown changes
   * @param {{ keys?: boolean }} [o] `keys: false`: the page's keys are not the replay's
   *   (the front page's small TV)
   */
  constructor(game, changed, o = {}) {
    this.game = game;
    this.changed = changed;
    /** @type {BoardView[] | null} */
    this.boards = null;
    /** The ply shown: `null` while the game stands at its end. */
    /** @type {number | null} */
    this.at = null;
    this.plies = 0;
    /** Whether the game is over (else a look back at a live game). */
    this.over = false;
    this.slider = /** @type {HTMLInputElement} */ (
      el("input", {
        type: "range",
        min: 0,
        max: 0,
        value: 0,
        "aria-label": "Replay: the ply shown",
        oninput: () => this.go(Number(this.slider.value)),
      })
    );
    this.where = el("span", { class: "where", "aria-live": "polite" });
    this.said = el("span", { class: "notice" });
    const button = (/** @type {string} */ label, /** @type {string} */ words, /** @type {() => number} */ to) =>
      el("button", { type: "button", "aria-label": words, title: words, onclick: () => this.go(to()) }, label);
    this.record = el("a", { download: `camelot-${game}.cgn`, href: `/games/${game}.cgn` }, "Download the record");
    /** The position shown, on the analysis board: other moves tried from it. */
    this.study = el(
      "a",
      { class: "to-study", href: `/analysis?game=${game}`, title: "Try other moves from this position on the analysis board" },
      "Analysis board",
    );
    this.back = el(
      "button",
      { type: "button", class: "to-now", onclick: () => this.go(this.plies) },
      "Back to the game (Esc)",
    );
    this.element = el(
      "section",
      { class: "replay", "aria-label": "Replay", hidden: true },
      el(
        "div",
        { class: "replay-controls" },
        button("«", "The start", () => 0),
        button("‹", "Back a move", () => this.shown() - 1),
        this.slider,
        button("›", "On a move", () => this.shown() + 1),
        button("»", "The end", () => this.plies),
      ),
      this.where,
      this.back,
      this.said,
      el("p", { class: "replay-links" }, this.study, this.record),
    );
    // Before the board hears them: on a finished game its arrows step the replay.
    this.listener = (/** @type {KeyboardEvent} */ e) => this.key(e);
    if (o.keys !== false) {
      document.addEventListener("keydown", this.listener, { capture: true });
    }
  }

  stop() {
    document.removeEventListener("keydown", this.listener, { capture: true });
  }

  /** The ply on the board: the one chosen, else the end. */
  shown() {
    return this.at ?? this.plies;
  }

  /**
   * The game as it stands now: shown where it is over, with `plies` plies.
   * @param {boolean} over
   * @param {number} plies
   */
  update(over, plies) {
    this.over = over;
    this.element.hidden = (!over || plies === 0) && this.at === null;
    this.back.hidden = over;
    this.record.hidden = !over;
    this.study.hidden = !over;
    this.study.setAttribute("href", `/analysis?game=${this.game}&ply=${this.shown()}`);
    this.plies = plies;
    this.slider.max = String(plies);
    this.slider.value = String(this.shown());
    this.where.textContent = over || this.at === null ? `Move ${this.shown()} of ${plies}` : `Looking back: move ${this.shown()} of ${plies}`;
  }

  /**
   * The board of the ply shown and the path of the move that led to it, while the
   * replay stands anywhere but the end; otherwise none.
   * @returns {{ board: BoardView, ply: number } | null}
   */
  current() {
    if (this.at === null || this.boards === null || this.at >= this.boards.length) {
      return null;
    }
    return { board: this.boards[this.at], ply: this.at };
  }

  /** @param {number} ply */
  async go(ply) {
    const to = Math.max(0, Math.min(this.plies, ply));
    // A live game has moved on since the boards were read: read them again.
    if (this.boards !== null && this.boards.length <= this.plies && to < this.plies) {
      this.boards = null;
    }
    if (this.boards === null && to < this.plies) {
      try {
        this.boards = await request("GET", `/games/${this.game}/boards`);
      } catch (e) {
        this.said.textContent = `The replay cannot be read: ${e instanceof Error ? e.message : e}`;
        return;
      }
    }
    this.at = to === this.plies ? null : to;
    this.changed();
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (this.element.hidden || e.altKey || e.ctrlKey || e.metaKey) {
      return;
    }
    // Looking back at a live game: one key returns to it.
    if (!this.over && e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      this.go(this.plies);
      return;
    }
    const target = /** @type {Element | null} */ (e.target);
    // A field keeps its keys (the slider steps itself).
    if (target?.closest?.("input, select, textarea")) {
      return;
    }
    const to = stepFor(e.key, this.shown(), this.plies);
    if (to !== null) {
      e.preventDefault();
      e.stopPropagation();
      this.go(to);
    }
  }
}
