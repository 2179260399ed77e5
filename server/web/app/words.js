// What the game page writes: a result, the pieces lost, an offer or a claim, the tab's
// title, and a seat's player, in a player's words.

import { clockText } from "./clock.js";
import { changeText } from "./history.js";
import { CLAIMS, REASONS } from "./protocol.js";

/**
 * @typedef {import("./protocol.js").SeatView} SeatView
 * @typedef {import("./protocol.js").GameEnd} GameEnd
 * @typedef {import("./protocol.js").SeatColour} SeatColour
 */

/**
 * `1-0 (resignation)`: a finished game's last line.
 * @param {GameEnd} r
 */
export function resultText(r) {
  if (r.end === "aborted") {
    return "* (aborted)";
  }
  const token = r.winner === 0 ? "1-0" : r.winner === 1 ? "0-1" : "1/2-1/2";
  return `${token} (${REASONS[r.reason]})`;
}

/**
 * A finished game's result in words, its winners named: "White wins: pieces in the goal
 * castle", "Green and Yellow win: time", "A draw: agreement".
 * @param {GameEnd} r
 * @param {{ seat: SeatColour, side: number }[]} seats the variant's, in turn order
 */
export function resultWords(r, seats) {
  if (r.end === "aborted") {
    return "Aborted before both sides moved";
  }
  if (r.winner === null || r.winner === undefined) {
    return `A draw: ${REASONS[r.reason]}`;
  }
  const winners = seats.filter((s) => s.side === r.winner).map((s) => s.seat);
  const who = winners.join(" and ");
  return `${who} ${winners.length === 1 ? "wins" : "win"}: ${REASONS[r.reason]}`;
}

/**
 * "3 men, 1 knight", "2 men": what a seat has lost (something).
 * @param {number} men
 * @param {number} knights
 */
export function lostText(men, knights) {
  const count = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) =>
    `${n} ${n === 1 ? one : many}`;
  const parts = [];
  if (men > 0) {
    parts.push(count(men, "man", "men"));
  }
  if (knights > 0) {
    parts.push(count(knights, "knight", "knights"));
  }
  return parts.join(", ");
}

/**
 * What a claim's button says: "Claim a 50-move draw".
 * @param {import("./protocol.js").DrawClaim} claim
 */
export function claimText(claim) {
  return `Claim a ${CLAIMS[claim]} draw`;
}

/**
 * An offer that stands, in words: "Black asks to take back their last move.", "You
 * offered a draw."
 * @param {import("./protocol.js").OfferKind} kind
 * @param {string | null} asker who asked, or null for this page's own side
 */
export function offerText(kind, asker) {
  const theirs = {
    draw: "offers a draw",
    takeback: "asks to take back their last move",
    rematch: "asks for a rematch",
  };
  const mine = {
    draw: "You offered a draw",
    takeback: "You asked to take back your last move",
    rematch: "You asked for a rematch",
  };
  return asker === null ? `${mine[kind]}.` : `${asker} ${theirs[kind]}.`;
}

/**
 * The tab's title: the game's, led by "Your move" (with my clock's time in a timed game)
 * while it is my turn, so that a player in another tab sees it.
 * @param {string} game the game's own title, "Camelot: game k3x9qz2a"
 * @param {boolean} myTurn
 * @param {number | null} clockMs what my clock has left, in a timed game
 */
export function titleText(game, myTurn, clockMs) {
  if (!myTurn) {
    return game;
  }
  return clockMs === null ? `Your move · ${game}` : `Your move (${clockText(clockMs)}) · ${game}`;
}

/** An offer by its kind, as a player names it. */
const OFFERS = { draw: "draw offer", takeback: "takeback", rematch: "rematch" };

/**
 * What the side that made an offer is told when it is declined.
 * @param {import("./protocol.js").OfferKind} kind
 */
export function declinedText(kind) {
  return `Your ${OFFERS[kind]} was declined.`;
}

/**
 * What is said when an offer is taken up: to the side that made it, and to everyone else.
 * @param {import("./protocol.js").OfferKind} kind
 * @param {boolean} mine my side made the offer
 */
export function acceptedText(kind, mine) {
  if (mine) {
    return `Your ${OFFERS[kind]} was accepted.`;
  }
  const agreed = { draw: "Draw agreed.", takeback: "Takeback agreed.", rematch: "Rematch agreed." };
  return agreed[kind];
}

/**
 * The name a seat is shown by: the player's, or the server's computer and its level,
 * with the colour.
 * @param {SeatView} s
 */
export function who(s) {
  const a = s.account;
  if (a) {
    const rating = a.rating === undefined ? "?" : `${a.rating}${a.provisional ? "?" : ""}`;
    const change = a.change === undefined ? "" : ` ${changeText(a.change)}`;
    return `${a.name ?? "deleted player"} ${rating}${change} (${s.seat})`;
  }
  if (s.name) {
    return `${s.name} (${s.seat})`;
  }
  return s.computer ? `Computer, ${s.computer} (${s.seat})` : s.seat;
}

