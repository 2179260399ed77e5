// The server's TV: the computer match it keeps on, one variant after another. `/tv` shows
// it full size and the front page small; either moves on to the next game by itself when
// the server puts it on.

import { el, put } from "./dom.js";
import { gamePage } from "./game.js";
import { request } from "./net.js";
import { VARIANTS } from "./protocol.js";

/**
 * @typedef {import("./protocol.js").GameSummary} GameSummary
 */

/** How often the page asks which game is on. */
const LOOK_MS = 10_000;

/**
 * The TV's game among the live games, if the server keeps one.
 * @param {GameSummary[]} games
 */
export function tvGame(games) {
  return games.find((g) => g.tv) ?? null;
}

/**
 * Shows the TV in `host` and follows it from game to game.
 * @param {HTMLElement} host
 * @param {{ compact?: boolean, first?: GameSummary | null, title?: HTMLElement }} o
 */
export function followTv(host, o = {}) {
  /** @type {ReturnType<typeof gamePage> | null} */
  let page = null;
  /** @type {string | null} */
  let on = null;
  const show = (/** @type {GameSummary | null} */ g) => {
    if (!g) {
      if (on === null) {
        put(host, el("p", {}, "The server shows no computer match now."));
      }
      return;
    }
    if (g.id === on) {
      return;
    }
    page?.stop();
    on = g.id;
    const name = VARIANTS.find((v) => v.id === g.variant)?.name ?? g.variant;
    if (o.title) {
      o.title.textContent = `${name}, the computer against itself`;
    }
    const board = el("div", { class: "tv-game", "data-game": g.id });
    put(host, board);
    page = gamePage(board, g.id, undefined, { compact: o.compact });
  };
  const look = async () => {
    try {
      show(tvGame(await request("GET", "/games")));
    } catch {
      // The next look tries again; the game on keeps being shown meanwhile.
    }
  };
  if (o.first !== undefined) {
    show(o.first);
  } else {
    look();
  }
  window.setInterval(look, LOOK_MS);
}

/** `/tv`: the TV, full size. @param {HTMLElement} main */
export function tvPage(main) {
  document.title = "Camelot TV";
  const title = el("h1", { class: "tv-title" }, "Camelot TV");
  const host = el("div", {});
  put(main, title, host);
  followTv(host, { title });
}
