// The server's TV: the top game of a tournament under way, or else the computer match it
// keeps on, one variant after another. `/tv` shows it full size and the front page small;
// either moves on to the next game by itself when the server puts it on.

import { el, put } from "./dom.js";
import { gamePage } from "./game.js";
import { request } from "./net.js";
import { variantName } from "./terms.js";

/**
 * @typedef {import("./protocol.js").TvNow} TvNow
 * @typedef {import("./protocol.js").TvGame} TvGame
 * @typedef {import("./protocol.js").TvNext} TvNext
 * @typedef {import("./protocol.js").TvTournament} TvTournament
 */

/** How often the page asks which game is on. */
const LOOK_MS = 5_000;

/**
 * What the TV says of the next match: `Next: River Camelot, in 14 s`.
 * @param {TvNext} next
 * @param {number} leftMs
 */
export function nextLine(next, leftMs) {
  const s = Math.ceil(leftMs / 1000);
  return `Next: ${variantName(next.variant)}, ${s > 0 ? `in ${s} s` : "starting now"}`;
}

/**
 * Names what the TV shows in `title`: the tournament's top game, linked to the
 * tournament, or the computer's match.
 * @param {HTMLElement} title
 * @param {TvGame} g
 */
function titleOf(title, g) {
  const t = g.tournament;
  if (t) {
    put(
      title,
      `${variantName(g.variant)}, the top game of `,
      el("a", { href: `/tournaments/${t.id}` }, t.name),
    );
  } else {
    title.textContent = `${variantName(g.variant)}, the computer against itself`;
  }
}

/**
 * Shows the TV in `host` and follows it from game to game. Between two matches the
 * last one stays on the board, its result shown, and a line says when the next starts.
 * @param {HTMLElement} host
 * @param {{ compact?: boolean, first?: TvGame | null, title?: HTMLElement }} o
 */
export function followTv(host, o = {}) {
  /** @type {ReturnType<typeof gamePage> | null} */
  let page = null;
  /** @type {string | null} */
  let on = null;
  const said = el("p", { class: "tv-next", "aria-live": "polite" });
  const board = el("div", {});
  put(host, said, board);
  /** @type {{ next: TvNext, at: number } | null} */
  let waiting = null;
  const show = (/** @type {TvGame} */ g) => {
    if (g.id === on) {
      return;
    }
    page?.stop();
    on = g.id;
    if (o.title) {
      titleOf(o.title, g);
    }
    const id = g.id;
    const game = el("div", { class: "tv-game", "data-game": id });
    put(board, game);
    page = gamePage(game, id, undefined, { compact: o.compact });
  };
  const tell = () => {
    if (waiting) {
      said.textContent = nextLine(waiting.next, waiting.at - Date.now());
    } else if (on === null) {
      said.textContent = "The server shows no computer match now.";
    } else {
      said.textContent = "";
    }
  };
  const look = async () => {
    try {
      /** @type {TvNow} */
      const now = await request("GET", "/tv/now");
      if (now.game) {
        show(now.game);
      }
      waiting = now.next ? { next: now.next, at: Date.now() + now.next.in_ms } : null;
    } catch {
      // The next look tries again; the game on keeps being shown meanwhile.
    }
    tell();
  };
  if (o.first) {
    show(o.first);
  }
  look();
  window.setInterval(look, LOOK_MS);
  window.setInterval(tell, 1000);
}

/** `/tv`: the TV, full size. @param {HTMLElement} main */
export function tvPage(main) {
  document.title = "Camelot TV";
  const title = el("h1", { class: "tv-title" }, "Camelot TV");
  const host = el("div", { class: "tv-page" });
  put(main, title, host);
  followTv(host, { title });
}
