// My games: the seats this browser plays, kept in its storage (as the 3D game keeps its
// list of online games), so that a game over days is found again from the front page.

const KEY = "camelot.mygames";
/** The most games kept: the oldest go first. */
const MOST = 50;

/**
 * @typedef {{ game: string, seat: import("./protocol.js").SeatColour, url: string,
 *   variant: import("./protocol.js").Variant, at?: number }} MyGame
 */

/** @returns {MyGame[]} */
export function myGames() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

/**
 * Keeps a seat of mine, newest first (a seat kept already moves to the front).
 * @param {MyGame} g
 */
export function rememberGame(g) {
  const kept = myGames().filter((m) => !(m.game === g.game && m.seat === g.seat));
  try {
    localStorage.setItem(KEY, JSON.stringify([{ ...g, at: Date.now() }, ...kept].slice(0, MOST)));
  } catch {
    // Storage full or off: the game is still played, only not listed here.
  }
}
