// The game page's panel beside the board: the seats and their clocks, the offers, the
// links for friends nobody has come to, and what the player may do now (drawn from
// the round the page holds; the buttons send what the player chose).

import { clockClass, clockText, remaining } from "./clock.js";
import { ask as askToNotify, mayAsk as mayNotify, yourMove } from "./notify.js";
import { signedOut } from "./account.js";
import { newGame } from "./create.js";
import { el, put, sentence } from "./dom.js";
import { rememberGame } from "./mine.js";
import { request } from "./net.js";
import { keepInvitations, keptInvitations, linkLine, waiting } from "./invite.js";
import { may } from "./round.js";
import { claimText, offerText, titleText, who } from "./words.js";

/**
 * @typedef {import("./game.js").GamePage} GamePage
 * @typedef {import("./protocol.js").SeatView} SeatView
 * @typedef {import("./protocol.js").SeatColour} SeatColour
 * @typedef {import("./protocol.js").Ask} Ask
 */

/** @param {GamePage} page */
export function renderSeats(page) {
  const v = page.r.view;
  if (!v) {
    return;
  }
  const times = remaining(v.clocks, page.r.clocksReadAt, Date.now());
  const due = v.move_due_ms ? v.move_due_ms - (Date.now() - page.r.clocksReadAt) : null;
  if (!page.quiet && page.title) {
    const myTurn = Boolean(page.r.you) && page.r.position?.to_move === page.r.you && !v.result;
    const mine = v.seats.findIndex((/** @type {SeatView} */ s) => s.seat === page.r.you);
    document.title = titleText(page.title, myTurn, times.length > 0 && mine >= 0 ? times[mine] : null);
    const last = page.r.moves[page.r.moves.length - 1];
    if (myTurn && !page.wasMyTurn && last) {
      yourMove(`Your move · ${page.title}`, `${page.seatOf(page.r.moves.length - 1)} played ${last.notation}`);
    }
    page.wasMyTurn = myTurn;
  }
  put(
    page.seats,
    ...v.seats.map((/** @type {SeatView} */ s, /** @type {number} */ i) =>
      el(
        "li",
        {
          class: `seat seat-${s.seat}${page.r.position?.to_move === s.seat && !v.result ? " to-move" : ""}`,
          "data-seat": s.seat,
        },
        el("span", { class: `swatch swatch-${s.seat}`, "aria-hidden": "true" }),
        el("span", { class: "who" }, who(s), s.seat === page.r.you ? " (you)" : ""),
        times.length > 0
          ? el(
              "span",
              {
                class: clockClass(v.clocks?.running === i, times[i]),
                "aria-label": `${clockText(times[i])} left`,
              },
              clockText(times[i]),
            )
          : null,
        el(
          "span",
          { class: "presence" },
          s.computer
            ? "on the server"
            : s.open
              ? "open seat"
              : s.connected
                ? "here"
                : s.away_ms !== undefined
                  ? "away"
                  : "not here",
        ),
      ),
    ),
  );
  if (due !== null && !v.result) {
    page.seats.append(el("li", { class: "due" }, `Move due in ${clockText(Math.max(0, due))}`));
  }
}

/** @param {GamePage} page */
export function renderOffers(page) {
  const v = page.r.view;
  if (!v) {
    return;
  }
  const offers = v.offers;
  // A seat's side, as the variant pairs them.
  const sideOf = (/** @type {string | null} */ seat) =>
    page.variant?.seats.find((s) => s.seat === seat)?.side ?? -1;
  const mine = (/** @type {string} */ seat) => sideOf(seat) === sideOf(page.r.you);
  put(
    page.offers,
    ...offers.map((o) => {
      const s = v.seats.find((x) => x.seat === o.by);
      const asker = s ? who(s) : o.by;
      if (!page.r.you) {
        return el("p", {}, offerText(o.kind, asker));
      }
      if (mine(o.by)) {
        return el("p", {}, offerText(o.kind, null));
      }
      return el(
        "p",
        { class: "offer" },
        `${offerText(o.kind, asker)} `,
        el("button", { onclick: () => page.request({ t: "accept", kind: o.kind }) }, "Accept"),
        " ",
        el("button", { onclick: () => page.request({ t: "decline", kind: o.kind }) }, "Decline"),
      );
    }),
  );
  if (v.rematch) {
    page.offers.append(el("p", {}, `Rematch agreed: game ${v.rematch}.`));
  }
}

/**
 * The links to send for the friends' seats nobody has come to yet; while a seat is open
 * to anyone, the word that the game waits for an opponent and its link to share; and to
 * a visitor, the open seat to take.
 * @param {GamePage} page
 */
export function renderInvitations(page) {
  const v = page.r.view;
  if (!v) {
    return;
  }
  const open = v.result ? [] : v.seats.filter((s) => s.open).map((s) => s.seat);
  const kept = page.r.you ? keptInvitations(location.pathname) : [];
  const left = v.result ? [] : waiting(kept, v.seats);
  if (left.length !== kept.length) {
    keepInvitations(location.pathname, left);
  }
  const shown = `${page.r.you ?? ""}|${left.map((f) => f.seat).join(",")}|${open.join(",")}`;
  if (shown === page.invitesShown) {
    return;
  }
  page.invitesShown = shown;
  const friends =
    left.length > 0
      ? [
          el("h2", {}, left.length === 1 ? "Invite your friend" : "Invite your friends"),
          ...left.map((f) => linkLine(`Send to the friend playing ${f.seat}:`, f.url)),
        ]
      : [];
  put(page.invites, ...friends, ...openSeats(page, open));
}

/**
 * The seats open to anyone: to a player of the game, that it waits for them to be taken
 * (with the game's link to share); to a visitor, a button to take each.
 * @param {GamePage} page
 * @param {SeatColour[]} open
 */
function openSeats(page, open) {
  if (open.length === 0) {
    return [];
  }
  const link = `${location.origin}/${page.gameId}`;
  if (page.r.you) {
    const seats = open.join(" and ");
    return [
      el("h2", {}, "Waiting for an opponent"),
      el(
        "p",
        { class: "waiting-for" },
        `Nobody has taken ${seats} yet. Anyone on this server can, from the front page's open seats; or send someone the game's link.`,
      ),
      linkLine("The game's link:", link),
    ];
  }
  return open.map((seat) =>
    el(
      "p",
      { class: "take-seat" },
      el("button", { type: "button", onclick: () => takeSeat(page, seat) }, `Play ${seat}`),
      ` The seat is open: take it and play.`,
    ),
  );
}

/**
 * Takes open seat `seat` of the page's game, and goes to it.
 * @param {GamePage} page
 * @param {SeatColour} seat
 */
async function takeSeat(page, seat) {
  try {
    /** @type {import("./protocol.js").Taken} */
    const taken = await request("POST", "/seats", { game: page.gameId, seat });
    location.assign(`/${taken.game}/${taken.token}`);
  } catch (e) {
    page.say(sentence(e instanceof Error ? e.message : String(e)));
  }
}

/** @param {GamePage} page */
export function renderActions(page) {
  const v = page.r.view;
  if (!v) {
    return;
  }
  const buttons = [];
  // The buttons are what the server says this seat may ask: the page decides none.
  const asks = (/** @type {Ask} */ ask) => may(page.r, page.r.you, ask);
  if (page.r.you && !v.result) {
    if (asks("offer_draw")) {
      buttons.push(
        el("button", { onclick: () => page.request({ t: "offer", kind: "draw" }) }, "Offer a draw"),
      );
    }
    if (asks("offer_takeback")) {
      buttons.push(
        el(
          "button",
          { onclick: () => page.request({ t: "offer", kind: "takeback" }) },
          "Ask to take back",
        ),
      );
    }
    if (asks("resign")) {
      buttons.push(
        el(
          "button",
          {
            class: page.resignArmed ? "danger" : "",
            onclick: () => {
              if (page.resignArmed) {
                page.resignArmed = false;
                page.request({ t: "resign" });
              } else {
                page.resignArmed = true;
                window.setTimeout(() => {
                  page.resignArmed = false;
                  page.render();
                }, 3000);
              }
              page.render();
            },
          },
          page.resignArmed ? "Really resign?" : "Resign",
        ),
      );
    }
    if (asks("abort")) {
      buttons.push(el("button", { onclick: () => page.request({ t: "abort" }) }, "Abort"));
    }
    if (page.r.position?.to_move === page.r.you) {
      for (const c of page.r.position?.claims ?? []) {
        buttons.push(
          el("button", { onclick: () => page.request({ t: "claim", kind: c }) }, claimText(c)),
        );
      }
      const pass = page.myLegal().find((m) => m.kind === "Pass");
      if (pass) {
        buttons.push(el("button", { onclick: () => page.play(pass) }, "Pass"));
      }
    }
  }
  if (page.r.you && v.result) {
    buttons.push(el("button", { onclick: () => startAnother(page) }, "New game"));
  }
  if (page.r.you && v.result && !v.rematch) {
    // The other side's standing offer is answered beside it, not offered again.
    const offered = v.offers.some((o) => o.kind === "rematch");
    if (!offered && asks("offer_rematch")) {
      buttons.push(
        el(
          "button",
          { onclick: () => page.request({ t: "offer", kind: "rematch" }) },
          "Offer a rematch",
        ),
      );
    }
  }
  if (page.r.you && !v.result && mayNotify()) {
    buttons.push(
      el(
        "button",
        {
          class: "quiet",
          onclick: async () => {
            await askToNotify();
            page.render();
          },
        },
        "Notify me of my move",
      ),
    );
  }
  put(page.actions, ...buttons);
  page.typeForm.hidden = page.myLegal().length === 0;
}

/**
 * A new game with page one's settings: the variant, the time, the computer's seats
 * at their levels, my seat mine and the others open to anyone; my new seat opened.
 * @param {GamePage} page
 */
export async function startAnother(page) {
  const v = page.r.view;
  if (!v || !page.r.you) {
    return;
  }
  const seats = v.seats.map((s) => s.seat);
  const players = v.seats.map((s) =>
    s.seat === page.r.you ? "me" : s.computer ? /** @type {const} */ (`computer:${s.computer}`) : "anyone",
  );
  const body = newGame(v.variant, v.time, seats, players);
  if (v.rated) {
    body.rated = true;
  }
  try {
    /** @type {import("./protocol.js").Created} */
    const created = await request("POST", "/games", body);
    const token = /** @type {Record<string, string>} */ (created.seats)[page.r.you];
    const url = `${location.origin}/${created.game}/${token}`;
    rememberGame({ game: created.game, seat: page.r.you, url, variant: v.variant });
    location.assign(url);
  } catch (e) {
    page.say(sentence(e instanceof Error ? e.message : String(e)));
  }
}

/**
 * The server would not have page page's seat or game: said, and where the seat's
 * token is wrong (a mistyped or an old link), the game offered to watch instead.
 * @param {GamePage} page
 * @param {string} why
 * @param {import("./protocol.js").ErrorCode | undefined} code
 */
export function refused(page, why, code) {
  page.say(why);
  page.typeForm.hidden = true;
  page.nameForm.hidden = true;
  if (code === "wrong_token") {
    page.said.append(
      " ",
      el("a", { href: `/${page.gameId}` }, "Watch the game instead"),
    );
  }
  if (code === "signed_out") {
    page.said.textContent = `Signed out: ${page.notice}.`;
    page.said.append(" ", el("a", { href: "/login" }, "Log in again"));
    signedOut();
  }
}
