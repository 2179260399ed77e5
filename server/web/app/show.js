// The game page drawn from the round it holds: the board (or the position looked back
// at), the last move and the moves since my turn, the analysis, the move list.

import { clockText } from "./clock.js";
import { el, put, scrollWithin } from "./dom.js";
import { rounds } from "./moves.js";
import { renderActions, renderInvitations, renderOffers, renderSeats } from "./panel.js";
import { sidesOf } from "./variants.js";
import { lostText, resultText, resultWords, who } from "./words.js";

/**
 * @typedef {import("./game.js").GamePage} GamePage
 * @typedef {import("./protocol.js").SeatView} SeatView
 * @typedef {import("./protocol.js").SeatColour} SeatColour
 */

/** @param {GamePage} page */
export function show(page) {
  const v = page.r.view;
  if (!v) {
    return;
  }
  showStatus(page);
  page.replay.update(Boolean(v.result), page.r.moves.length);
  const replayed = page.replay.current();
  const shown = replayed?.board ?? page.r.position;
  const ply = replayed?.ply ?? page.r.moves.length;
  const last = ply > 0 ? page.r.moves[ply - 1].path : [];
  const recent = replayed ? [] : sinceMyTurn(page);
  const over = Boolean(v.result);
  if (!page.quiet) {
    page.analysis.update(over, ply, sidesOf(page.variant ?? { seats: [] }));
  }
  if (page.board && shown) {
    const since = recent.slice(0, -1).flatMap((i) => page.r.moves[i].path);
    const best = over ? page.analysis.bestPath(ply) : [];
    page.board.show(shown, replayed || page.r.pending ? [] : page.myLegal(), last, since, best);
  }
  renderSeats(page);
  renderInvitations(page);
  const to = page.r.position?.to_move;
  if (!v.result) {
    delete page.turn.dataset.result;
  }
  if (v.result) {
    const words = page.variant ? resultWords(v.result, page.variant.seats) : resultText(v.result);
    page.turn.textContent = `Game over: ${words}.`;
    page.turn.dataset.result = resultText(v.result);
  } else if (page.r.you && to === page.r.you) {
    page.turn.textContent =
      page.connection !== "live"
        ? "Your move, once the server is back"
        : page.r.pending
          ? "Sent…"
          : "Your move";
  } else {
    const s = v.seats.find((/** @type {SeatView} */ x) => x.seat === to);
    page.turn.textContent = s ? `${who(s)} to move` : "";
  }
  renderOffers(page);
  renderActions(page);
  put(
    page.list,
    ...rounds(page.r.moves.length, v.seats.length).map((r) =>
      el(
        "li",
        { class: "round" },
        el("span", { class: "num", "aria-hidden": "true" }, `${r.number}.`),
        ...r.plies.map((i) =>
          el(
            "span",
            {
              class: (over || replayed) && i === ply - 1 ? "ply current" : recent.includes(i) ? "ply recent" : "ply",
              "data-ply": i,
              // Read out with the seat that played it; shown in pairs, as people write.
              "aria-label": `${r.number}. ${page.seatOf(i)} ${page.r.moves[i].notation}`,
              // A move is a place to look back at (a finished game's, to replay from).
              onclick: () => page.replay.go(i + 1),
            },
            page.r.moves[i].notation,
            judgementMark(page, i),
          ),
        ),
      ),
    ),
  );
  const current = over || replayed ? page.list.querySelector(".ply.current")?.closest("li") : null;
  scrollWithin(page.list, current ?? page.list.lastElementChild);
  const lost = (shown?.lost ?? [])
    .filter((l) => l.men + l.knights > 0)
    .map((l) => `${l.seat} has lost ${lostText(l.men, l.knights)}`);
  page.lost.textContent = lost.length > 0 ? `${lost.join("; ")}.` : "";
}

/**
 * The analysis's mark after ply `i` in the move list ("?" for a mistake), with the
 * better move in its title; none for a move that gave nothing away.
 * @param {number} i
 * @param {GamePage} page
 */
export function judgementMark(page, i) {
  const m = page.analysis.markOf(i);
  return m ? el("span", { class: `judged judged-${m.judgement}`, title: m.title, "aria-label": m.title }, m.sign) : null;
}

/**
 * The plies made since my seat's last move, oldest first, where more than one seat
 * moves between two of mine (Grand Cam); none otherwise, where the last move says it.
 * @returns {number[]}
 * @param {GamePage} page
 */
export function sinceMyTurn(page) {
  const n = page.r.view?.seats.length ?? 0;
  if (!page.r.you || n <= 2 || page.r.view?.result) {
    return [];
  }
  const plies = [];
  for (let i = page.r.moves.length - 1; i >= 0 && plies.length < n - 1; i--) {
    if (page.seatOf(i) === page.r.you) {
      break;
    }
    plies.unshift(i);
  }
  return plies;
}

/** @param {GamePage} page */
export function showStatus(page) {
  const away = Math.floor((Date.now() - page.awaySince) / 1000);
  const text =
    page.connection === "live"
      ? ""
      : page.connection === "connecting"
        ? "Connecting to the server…"
        : page.connection === "away"
          ? `Connection lost, reconnecting (${clockText(away * 1000)})`
          : "Not connected";
  page.status.textContent = text;
  page.status.classList.toggle("bad", text !== "");
}
