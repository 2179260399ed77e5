// Starting a game from the front page: the variant, the time, and who plays each seat
// (me, here; a friend, by a link; anyone, as an open seat; or the server's computer at a
// level). The server creates it; the page keeps my seat in this browser's list of my
// games and opens my seat, where the links to send are shown.

import { me } from "./account.js";
import { el, put, sentence } from "./dom.js";
import { keepInvitations, linkLine } from "./invite.js";
import { rememberGame } from "./mine.js";
import { request } from "./net.js";
import { LEVELS, VARIANTS } from "./protocol.js";
import { fetchVariant, partnersLine } from "./variants.js";

/**
 * @typedef {import("./protocol.js").NewGame} NewGame
 * @typedef {import("./protocol.js").Created} Created
 * @typedef {import("./protocol.js").TimeControl} TimeControl
 * @typedef {import("./protocol.js").Variant} Variant
 * @typedef {import("./protocol.js").SeatColour} SeatColour
 * @typedef {import("./protocol.js").Level} Level
 * @typedef {"me" | "friend" | "anyone" | `computer:${Level}`} Player
 */

/** The times offered, as the request writes them. */
export const TIMES = /** @type {[string, TimeControl][]} */ ([
  ["No clock", { kind: "untimed" }],
  ["5 minutes + 3 s a move", { kind: "clock", minutes: 5, increment: 3 }],
  ["10 minutes + 5 s a move", { kind: "clock", minutes: 10, increment: 5 }],
  ["30 minutes + 20 s a move", { kind: "clock", minutes: 30, increment: 20 }],
  ["1 day a move", { kind: "days", days: 1 }],
  ["3 days a move", { kind: "days", days: 3 }],
]);

/**
 * Who plays each seat at first: me in the first, the computer at club in the others.
 * @param {SeatColour[]} seats
 * @returns {Player[]}
 */
export function defaultPlayers(seats) {
  return seats.map((_, i) => (i === 0 ? "me" : "computer:club"));
}

/**
 * The request that creates the game: the seats left open and the computer's; the
 * others get tokens (mine, and my friends').
 * @param {Variant} variant
 * @param {TimeControl} time
 * @param {SeatColour[]} seats
 * @param {Player[]} players
 * @returns {NewGame}
 */
export function newGame(variant, time, seats, players) {
  /** @type {NewGame} */
  const body = { variant, time };
  const open = seats.filter((_, i) => players[i] === "anyone");
  const computer = seats.flatMap((seat, i) => {
    const p = players[i];
    return p.startsWith("computer:")
      ? [{ seat, level: /** @type {Level} */ (p.slice("computer:".length)) }]
      : [];
  });
  if (open.length > 0) {
    body.open = open;
  }
  if (computer.length > 0) {
    body.computer = computer;
  }
  return body;
}

/**
 * The addresses a created game is played at: my seat's (the first seat that is mine),
 * and each friend's, to send.
 * @param {Created} created
 * @param {SeatColour[]} seats
 * @param {Player[]} players
 * @param {string} origin
 * @returns {{ mine: { seat: SeatColour, url: string } | null, friends: { seat: SeatColour, url: string }[] }}
 */
export function addresses(created, seats, players, origin) {
  /** @type {Record<string, string>} */
  const tokens = created.seats;
  const at = (/** @type {SeatColour} */ seat) => `${origin}/${created.game}/${tokens[seat]}`;
  const mine = seats.find((s, i) => players[i] === "me" && tokens[s] !== undefined);
  return {
    mine: mine ? { seat: mine, url: at(mine) } : null,
    friends: seats
      .filter((s, i) => players[i] === "friend" && tokens[s] !== undefined)
      .map((seat) => ({ seat, url: at(seat) })),
  };
}

/**
 * What a seat may be given, as the list names it.
 * @returns {[Player, string][]}
 */
function choices() {
  return [
    ["me", "Me"],
    ["friend", "A friend (a link to send)"],
    ["anyone", "Anyone (an open seat)"],
    ...LEVELS.map(
      (l) => /** @type {[Player, string]} */ ([`computer:${l.level}`, `Computer: ${l.level}`]),
    ),
  ];
}

/**
 * The form, in `host`.
 * @param {HTMLElement} host
 */
export function createForm(host) {
  const variant = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { name: "variant", "aria-label": "Variant" },
      ...VARIANTS.map((v) => el("option", { value: v.id }, v.name)),
    )
  );
  const time = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { name: "time", "aria-label": "Time" },
      ...TIMES.map(([words], i) => el("option", { value: i }, words)),
    )
  );
  const seatsHost = el("div", { class: "seat-choices" });
  const partners = el("p", { class: "partners", "aria-live": "polite" });
  const said = el("p", { class: "notice", role: "alert" });
  const result = el("div", { class: "created", "aria-live": "polite" });
  /** @type {HTMLSelectElement[]} */
  let pickers = [];
  const seatsNow = () => VARIANTS.find((v) => v.id === variant.value)?.seats ?? [];
  const drawSeats = () => {
    const seats = seatsNow();
    const chosen = variant.value;
    partners.textContent = "";
    fetchVariant(chosen)
      .then((v) => {
        if (variant.value === chosen) {
          partners.textContent = partnersLine(v);
        }
      })
      .catch(() => {});
    const players = defaultPlayers(seats);
    pickers = seats.map((seat, i) => {
      const pick = /** @type {HTMLSelectElement} */ (
        el(
          "select",
          { name: `seat-${seat}`, "aria-label": `${seat} is played by` },
          ...choices().map(([value, words]) =>
            el("option", { value, selected: value === players[i] }, words),
          ),
        )
      );
      return pick;
    });
    put(
      seatsHost,
      ...seats.map((seat, i) => el("label", { class: "seat-choice" }, `${seat} `, pickers[i])),
    );
  };
  variant.addEventListener("change", drawSeats);
  drawSeats();
  // Logged in, a game may be rated: my seat, and the others open to players logged in.
  const rated = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", name: "rated" }));
  const range = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { name: "rating-range", "aria-label": "Opponents' ratings" },
      el("option", { value: "" }, "any rating"),
      ...[100, 200, 400].map((r) => el("option", { value: r }, `within ${r} of mine`)),
    )
  );
  const ratedRow = el(
    "div",
    { class: "rated-choice", hidden: true },
    el("label", {}, rated, " Rated"),
    el("label", {}, range),
  );
  rated.addEventListener("change", () => {
    if (rated.checked) {
      pickers.forEach((p, i) => {
        p.value = i === 0 ? "me" : "anyone";
      });
    }
  });
  me().then((session) => {
    ratedRow.hidden = !session;
  });
  const form = el(
    "form",
    {
      class: "create",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        said.textContent = "";
        const seats = seatsNow();
        const players = pickers.map((p) => /** @type {Player} */ (p.value));
        if (players.filter((p) => p === "me").length > 1) {
          said.textContent = "One seat is yours here; give the others to friends or the computer.";
          return;
        }
        const chosen = /** @type {Variant} */ (variant.value);
        const body = newGame(chosen, TIMES[Number(time.value)][1], seats, players);
        if (rated.checked && !ratedRow.hidden) {
          body.rated = true;
          if (range.value) {
            body.rating_range = Number(range.value);
          }
        }
        try {
          /** @type {Created} */
          const created = await request("POST", "/games", body);
          const at = addresses(created, seats, players, location.origin);
          if (at.mine) {
            rememberGame({ game: created.game, seat: at.mine.seat, url: at.mine.url, variant: chosen });
          }
          showCreated(result, at);
        } catch (err) {
          said.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    el("label", {}, "Variant ", variant),
    el("label", {}, "Time ", time),
    seatsHost,
    partners,
    ratedRow,
    el("button", { type: "submit" }, "Start the game"),
  );
  put(host, el("h3", {}, "The computer, a friend or anyone"), form, said, result);
}

/**
 * The game created: my seat opened at once, the links to send shown there; where no seat
 * is mine, the links here.
 * @param {HTMLElement} host
 * @param {ReturnType<typeof addresses>} at
 */
function showCreated(host, at) {
  // My seat's page shows the links to send until each friend arrives.
  if (at.mine) {
    keepInvitations(at.mine.url, at.friends);
    location.assign(at.mine.url);
    return;
  }
  put(
    host,
    el("h3", {}, "The game is ready"),
    ...at.friends.map((f) => linkLine(`Send to the friend playing ${f.seat}:`, f.url)),
  );
}

