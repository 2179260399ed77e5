// The round as the page holds it, from the server's messages alone: a pure function of
// the last round and a message, as `online/src/mirror.rs` is for the other clients, and
// tested with the same recorded rounds (`online/tests/data/rounds.json`). What the page
// does about a message (a sound, a word said, the variant fetched, another page) it
// reads from the news `apply` returns; nothing here touches the page.

import { remaining } from "./clock.js";

/**
 * @typedef {import("./protocol.js").ServerMessage} ServerMessage
 * @typedef {import("./protocol.js").GameView} GameView
 * @typedef {import("./protocol.js").BoardView} BoardView
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {import("./protocol.js").SeatColour} SeatColour
 * @typedef {import("./protocol.js").SeatView} SeatView
 * @typedef {import("./protocol.js").OfferKind} OfferKind
 * @typedef {import("./protocol.js").Ask} Ask
 */

/**
 * @typedef {object} Round
 * @property {SeatColour | null} you the seat this page plays, if it is not watching
 * @property {GameView | null} view the game as the server last said it
 * @property {NamedMove[]} moves every ply
 * @property {SeatColour[]} movers the seat that made each ply, as the server says
 * @property {BoardView | null} position the board now
 * @property {NamedMove[]} legal the moves the seat to move may make
 * @property {number} clocksReadAt when the clocks were read (ms)
 * @property {boolean} pending a move of this page's is on its way
 * @property {boolean} needsWhole a ply was missed: the page must ask for the whole game
 */

/**
 * @typedef {object} News what a message meant, for the page to act on
 * @property {boolean} [whole] the whole game was read
 * @property {NamedMove} [moved] a move was played
 * @property {OfferKind} [declined] my side's offer was answered no
 * @property {{ kind: OfferKind, mine: boolean }} [accepted] an offer was taken up (`mine`:
 *   my side made it)
 * @property {boolean} [ended] the game ended
 * @property {string} [rejected] the server refused my move, and why
 */

/** @returns {Round} the round before the server has said anything */
export function initial() {
  return {
    you: null,
    view: null,
    moves: [],
    movers: [],
    position: null,
    legal: [],
    clocksReadAt: 0,
    pending: false,
    needsWhole: false,
  };
}

/**
 * Follows one message: the round after it, and what it meant.
 * @param {Round} round
 * @param {ServerMessage} m
 * @param {number} now (ms)
 * @param {{ seat: SeatColour, side: number }[]} [sides] the variant's seats and their sides
 * @returns {{ round: Round, news: News }}
 */
export function apply(round, m, now, sides = []) {
  const r = { ...round };
  /** @type {News} */
  const news = {};
  const side = (/** @type {SeatColour} */ seat) => sides.find((s) => s.seat === seat)?.side;
  const mySide = (/** @type {SeatColour} */ seat) =>
    r.you !== null && side(seat) !== undefined && side(seat) === side(r.you);
  switch (m.t) {
    case "state":
      r.you = m.you ?? null;
      r.view = { ...m.game, seats: m.game.seats.map((s) => ({ ...s })) };
      r.moves = [...m.game.moves];
      r.movers = [...(m.game.movers ?? [])];
      r.position = m.game.board ?? null;
      r.legal = m.game.legal ?? [];
      r.clocksReadAt = now;
      r.pending = false;
      r.needsWhole = false;
      news.whole = true;
      if (m.accepted) {
        news.accepted = { kind: m.accepted.kind, mine: mySide(m.accepted.by) };
      }
      break;
    case "moved": {
      if (!r.view || m.ply < r.moves.length) {
        break;
      }
      if (m.ply > r.moves.length) {
        // A ply never heard: the round cannot go on from here.
        r.needsWhole = true;
        break;
      }
      r.moves = [...r.moves, m.move];
      r.movers = [...r.movers, m.seat];
      r.view = { ...r.view, offers: [], move_due_ms: m.move_due_ms };
      if (m.board) {
        r.position = m.board;
        r.legal = m.legal ?? [];
      }
      if (m.clocks) {
        r.view.clocks = m.clocks;
      }
      r.clocksReadAt = now;
      r.pending = false;
      news.moved = m.move;
      break;
    }
    case "ack":
      r.pending = false;
      break;
    case "rejected":
      r.pending = false;
      news.rejected = m.reason;
      break;
    case "offered":
      if (r.view) {
        r.view = {
          ...r.view,
          offers: [...r.view.offers.filter((o) => o.kind !== m.kind), { kind: m.kind, by: m.by }],
        };
      }
      break;
    case "declined":
      if (r.view) {
        const offer = r.view.offers.find((o) => o.kind === m.kind);
        // The side that offered hears that the answer was no.
        if (offer && mySide(offer.by)) {
          news.declined = m.kind;
        }
        r.view = { ...r.view, offers: r.view.offers.filter((o) => o.kind !== m.kind) };
      }
      break;
    case "ended":
      if (r.view) {
        r.view = { ...r.view, result: m.result, offers: [] };
        if (r.view.clocks) {
          r.view.clocks = { remaining_ms: remaining(r.view.clocks, r.clocksReadAt, now) };
          r.clocksReadAt = now;
        }
        r.legal = [];
      }
      news.ended = true;
      if (m.accepted) {
        news.accepted = { kind: m.accepted.kind, mine: mySide(m.accepted.by) };
      }
      break;
    case "presence":
      r.view = seat(r.view, m.seat, (s) => ({
        ...s,
        connected: m.connected,
        away_ms: m.connected ? undefined : 0,
        name: m.name ?? s.name,
      }));
      break;
    case "seated":
      r.view = seat(r.view, m.seat, (s) => ({ ...s, open: false, name: m.name }));
      break;
    case "rematch":
      if (r.view) {
        // Nothing more may be asked of a game whose rematch is agreed.
        r.view = { ...r.view, rematch: m.game, may: [] };
      }
      break;
    default:
      break;
  }
  // What the seats may ask rides on a move, an offer or the end where it changed; a
  // move heard twice leaves it as it was.
  if ("may" in m && m.may?.length && r.view && heard(round, r)) {
    r.view = { ...r.view, may: m.may };
  }
  return { round: r, news };
}

/**
 * Whether the message changed the round: a move heard before, or one out of step, did not.
 * @param {Round} before
 * @param {Round} after
 */
function heard(before, after) {
  return after.moves !== before.moves || after.view !== before.view;
}

/**
 * Whether the server says seat `seat` may ask `ask` now.
 * @param {Round} round
 * @param {SeatColour | null} seat
 * @param {Ask} ask
 * @returns {boolean}
 */
export function may(round, seat, ask) {
  const asks = round.view?.may?.find((s) => s.seat === seat)?.asks ?? [];
  return asks.includes(ask);
}

/**
 * The view with seat `colour` changed.
 * @param {GameView | null} view
 * @param {SeatColour} colour
 * @param {(s: SeatView) => SeatView} change
 */
function seat(view, colour, change) {
  if (!view) {
    return view;
  }
  return { ...view, seats: view.seats.map((s) => (s.seat === colour ? change(s) : s)) };
}
