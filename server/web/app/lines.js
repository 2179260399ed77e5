// The computer's lines for the analysis board's position, as the server finds them: asked
// for when a position is shown (its search goes through the server's fair queue), asked
// again while the computer is busy, and shown once found: each side's chances, and the
// best lines with their scores, each move of a line a button that plays it on the board.

import { el, put } from "./dom.js";
import { request } from "./net.js";

/**
 * @typedef {import("./protocol.js").LinesView} LinesView
 * @typedef {import("./protocol.js").ScoreView} ScoreView
 * @typedef {import("./protocol.js").Study} Study
 * @typedef {import("./protocol.js").StudyLine} StudyLine
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {{ name: string, seats: string[] }} Side a side's name ("White", "Red and Blue") and its seats
 */

/** How often a page waiting for the computer asks how it goes. */
const POLL_MS = 800;
/** How long a page told the computer is full for its address waits to ask again. */
const BUSY_MS = 3000;

/**
 * A score as a player reads it, the first side's way up: "+1.25" (a man and a quarter
 * ahead), "−0.40", "White wins in 3 moves" (a forced end, counted in the winner's moves).
 * @param {ScoreView} score
 * @param {Side[]} sides the first side, then the second (their seats move in turn)
 */
export function scoreText(score, sides) {
  const seats = sides.reduce((n, side) => n + side.seats.length, 0);
  const moves = (/** @type {number} */ plies) => {
    const n = Math.max(1, Math.ceil(plies / Math.max(1, seats)));
    return `${n} ${n === 1 ? "move" : "moves"}`;
  };
  const first = sides[0]?.name ?? "The first side";
  const second = sides[1]?.name ?? "The second side";
  if (score.win !== undefined) {
    return `${first} ${(sides[0]?.seats.length ?? 0) > 1 ? "win" : "wins"} in ${moves(score.win)}`;
  }
  if (score.loss !== undefined) {
    return `${second} ${(sides[1]?.seats.length ?? 0) > 1 ? "win" : "wins"} in ${moves(score.loss)}`;
  }
  const men = (score.cp ?? 0) / 100;
  return `${men > 0 ? "+" : men < 0 ? "\u2212" : "\u00b1"}${Math.abs(men).toFixed(2)}`;
}

/**
 * What the page says while the computer has not answered.
 * @param {LinesView} view
 */
export function waitingText(view) {
  if (view.state === "running") {
    return "The server's computer is looking at this position…";
  }
  if (view.state === "queued") {
    return view.ahead === 0
      ? "The server's computer looks at this position next…"
      : `The server's computer is busy: ${view.ahead} ${view.ahead === 1 ? "position" : "positions"} before this one…`;
  }
  return "";
}

export class Lines {
  /**
   * @param {(line: NamedMove[]) => void} play plays a line's moves on the board
   * @param {() => void} found called when the lines shown change (the board's arrow)
   */
  constructor(play, found) {
    this.play = play;
    this.found = found;
    /** @type {number | undefined} */
    this.timer = undefined;
    /** The position asked for: a later one makes an earlier answer stale. */
    this.asking = 0;
    /** @type {Side[]} */
    this.sides = [];
    this.status = el("p", { class: "lines-status", "aria-live": "polite" });
    this.chances = el("p", { class: "lines-chances" });
    this.list = el("ol", { class: "lines", "aria-label": "The computer's best lines" });
    this.element = el(
      "section",
      { class: "study-lines", "aria-label": "The computer" },
      el("h2", {}, "The computer"),
      this.chances,
      this.list,
      this.status,
    );
  }

  /**
   * Shows a position's lines: `known` if found before (kept by the caller), else asks.
   * @param {Study} study
   * @param {{ lines?: StudyLine[], depth?: number }} known where the answer is kept
   * @param {string | null} over the words for a game over there, which has no lines
   */
  show(study, known, over) {
    window.clearTimeout(this.timer);
    this.asking += 1;
    put(this.list);
    this.chances.textContent = "";
    if (over) {
      this.status.textContent = `${over}. Nothing is left to search.`;
      return;
    }
    if (known.lines) {
      this.draw(known.lines, known.depth ?? 0);
      return;
    }
    this.status.textContent = "Asking the server's computer…";
    void this.ask(study, known, this.asking);
  }

  /**
   * @param {Study} study
   * @param {{ lines?: StudyLine[], depth?: number }} known
   * @param {number} asking
   */
  async ask(study, known, asking) {
    /** @type {LinesView} */
    let view;
    try {
      view = await request("POST", "/analysis/lines", study);
    } catch (e) {
      if (asking !== this.asking) return;
      const code = /** @type {{ code?: string }} */ (e).code;
      if (code === "too_many") {
        this.status.textContent =
          "The server's computer is busy with other positions from this address: it takes this one in a moment.";
        this.timer = window.setTimeout(() => void this.ask(study, known, asking), BUSY_MS);
      } else {
        this.status.textContent = `The computer cannot look at this position: ${e instanceof Error ? e.message : e}`;
      }
      return;
    }
    if (asking !== this.asking) return;
    if (view.state === "done") {
      known.lines = view.lines;
      known.depth = view.depth;
      this.draw(view.lines, view.depth);
      this.found();
      return;
    }
    this.status.textContent = waitingText(view);
    this.timer = window.setTimeout(() => void this.ask(study, known, asking), POLL_MS);
  }

  /**
   * @param {StudyLine[]} lines
   * @param {number} depth
   */
  draw(lines, depth) {
    const best = lines[0];
    const first = this.sides[0]?.name ?? "The first side";
    this.chances.textContent = best
      ? `${first}'s winning chances: ${Math.round(best.chance * 100)}%, ${scoreText(best.score, this.sides)}`
      : "";
    this.status.textContent = best ? `Looked ${depth} moves ahead. A move of a line plays the line to it.` : "No move to search.";
    put(
      this.list,
      ...lines.map((line) =>
        el(
          "li",
          {},
          el("span", { class: "line-score" }, scoreText(line.score, this.sides)),
          ...line.moves.map((m, i) =>
            el(
              "button",
              {
                type: "button",
                class: "line-move",
                title: `Play the line to ${m.notation}`,
                onclick: () => this.play(line.moves.slice(0, i + 1)),
              },
              m.notation,
            ),
          ),
        ),
      ),
    );
  }

  stop() {
    window.clearTimeout(this.timer);
    this.asking += 1;
  }
}
