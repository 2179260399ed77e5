// The server's front page: a game to start (against the computer, a friend or anyone),
// my games, the seats left open for anyone to take, and the live games to watch.

import { me } from "./account.js";
import { aroundSection, pairMe } from "./around.js";
import { challengeForm } from "./challengeform.js";
import { followingSection } from "./relations.js";
import { TIMES, createForm } from "./create.js";
import { el, nameField, put, saveName, sentence } from "./dom.js";
import { myGames } from "./mine.js";
import { request, requestPage } from "./net.js";
import { VARIANTS } from "./protocol.js";
import { timeText, variantName } from "./terms.js";
import { tournamentItem } from "./tournaments.js";
import { followTv } from "./tv.js";
import { playingLine } from "./history.js";
import { who } from "./words.js";

/**
 * @typedef {import("./protocol.js").GameSummary} GameSummary
 * @typedef {import("./protocol.js").OpenSeat} OpenSeat
 * @typedef {import("./protocol.js").TakeSeat} TakeSeat
 * @typedef {import("./protocol.js").Taken} Taken
 */

/**
 * How far a game has gone: "no moves yet", "1 move", "12 moves".
 * @param {number} plies
 */
export function movesText(plies) {
  return plies === 0 ? "no moves yet" : plies === 1 ? "1 move" : `${plies} moves`;
}

/** @param {HTMLElement} main */
export async function lobbyPage(main) {
  document.title = "Camelot";
  const live = el("ul", { class: "games", "aria-label": "Live games" });
  const open = el("ul", { class: "open-seats", "aria-label": "Open seats" });
  const said = el("p", { class: "notice", role: "alert" });
  const start = el("div", { class: "start" });
  const nameInput = nameField();
  nameInput.addEventListener("change", () => saveName(nameInput.value));
  createForm(start);
  // Logged in, a player is their account's name.
  const nameRow = el("label", { class: "your-name" }, "Your name ", nameInput);
  me().then((session) => {
    nameRow.hidden = session !== null;
  });
  const mine = myGames();
  const mineList = el("ul", { class: "my-games", "aria-label": "My games" });
  const mineTitle = el("h2", {}, "My games");
  const tvTitle = el("p", { class: "tv-title" });
  const tvHost = el("div", { class: "tv" });
  const tv = el(
    "section",
    { class: "tv-section", "aria-label": "Computer TV", hidden: true },
    el("h2", {}, "Watch the computer play"),
    tvTitle,
    tvHost,
    el("p", {}, el("a", { href: "/tv" }, "Watch full size")),
  );
  put(
    main,
    el(
      "div",
      { class: "lobby" },
      el("h1", {}, "Camelot"),
      el("p", {}, "Play or watch a game of the Camelot family on this server."),
      el(
        "p",
        { class: "rules-link" },
        el("a", { href: "/rules" }, "The rules of every game"),
        " \u00b7 ",
        el("a", { href: "/players" }, "The best players"),
        " \u00b7 ",
        el("a", { href: "/tournaments" }, "Tournaments"),
        " \u00b7 ",
        el("a", { href: "/analysis" }, "Analysis board"),
      ),
      said,
      el(
        "div",
        { class: "lobby-top" },
        el(
          "section",
          { class: "start-column", "aria-label": "Start a game" },
          el("h2", {}, "Start a game"),
          nameRow,
          start,
        ),
        tv,
      ),
      aroundSection(),
      tournamentsSection(),
      mineTitle,
      mineList,
      el("h2", {}, "Open seats"),
      open,
      el("h2", {}, "Live games"),
      live,
    ),
  );
  showMine(mineTitle, mineList, mine);
  me().then((session) => {
    if (session) {
      start.before(quickGame(), challengeForm(null));
      mineTitle.before(followingSection());
    }
  });
  /** @param {GameSummary} g */
  const liveGame = (g) =>
    el(
      "li",
      {},
      el("a", { href: `/${g.id}` }, `${variantName(g.variant)}, ${timeText(g.time)}, ${g.rated ? "rated" : "casual"}`),
      g.tv ? `: ${movesText(g.plies)}, the computer's TV` : `: ${movesText(g.plies)}, ${g.connected} ${g.connected === 1 ? "person" : "people"} here`,
    );
  /** @param {OpenSeat} s */
  const openSeat = (s) =>
    el(
      "li",
      { "data-game": s.game },
      `${variantName(s.variant)}, ${timeText(s.time)}, ${s.rated ? "rated" : "casual"}`,
      s.creator ? `, ${creatorText(s.creator)}` : "",
      s.rating_range !== undefined ? `, for players within ${s.rating_range} points of their rating` : "",
      ": ",
      el(
        "button",
        {
          onclick: async () => {
            const name = nameInput.value.trim();
            saveName(name);
            /** @type {TakeSeat} */
            const take = { game: s.game, seat: s.seat };
            if (name) {
              take.name = name;
            }
            try {
              /** @type {Taken} */
              const a = await request("POST", "/seats", take);
              location.assign(`/${a.game}/${a.token}`);
            } catch (e) {
              said.textContent = sentence(e instanceof Error ? e.message : String(e));
            }
          },
        },
        `Play ${s.seat}`,
      ),
    );
  try {
    const [, , tvNow] = await Promise.all([
      showPaged(live, `/games?limit=${PAGE}`, {
        empty: "No live games.",
        more: "More live games",
        item: liveGame,
        said,
      }),
      showPaged(open, `/seats?limit=${PAGE}`, {
        empty: "No open seats.",
        more: "More open seats",
        item: openSeat,
        said,
      }),
      /** @type {Promise<import("./protocol.js").TvNow>} */ (request("GET", "/tv/now")),
    ]);
    if (tvNow.game) {
      tv.hidden = false;
      followTv(tvHost, { compact: true, first: tvNow.game, title: tvTitle });
    }
  } catch (e) {
    said.textContent = `The server's lists cannot be read: ${e instanceof Error ? e.message : e}`;
  }
}

/**
 * Who made an open seat's game: their name and rating ("Arthur 1662?").
 * @param {import("./protocol.js").SeatAccount} a
 */
export function creatorText(a) {
  const rating = a.rating === undefined ? "?" : `${a.rating}${a.provisional ? "?" : ""}`;
  return `${a.name ?? "deleted player"} ${rating}`;
}

/**
 * My games: logged in, the server's list (the truth on every device; my seat opens by my
 * account); else the seats this browser keeps.
 * @param {HTMLElement} title
 * @param {HTMLElement} list
 * @param {import("./mine.js").MyGame[]} kept
 */
async function showMine(title, list, kept) {
  const session = await me();
  if (session) {
    try {
      /** @type {import("./protocol.js").PlayerProfile} */
      const p = await request("GET", `/players/${session.name}`);
      title.hidden = p.playing_games.length === 0;
      put(list, ...p.playing_games.map(playingLine));
      return;
    } catch {
      // The server's list cannot be read now: this browser's, meanwhile.
    }
  }
  title.hidden = kept.length === 0;
  put(list, ...kept.map((g, i) => keptLine(g, i < NAMED_KEPT)));
}

/** How many of the games this browser keeps are named by their players, asked of the server. */
const NAMED_KEPT = 10;

/**
 * A game this browser keeps: its variant and my seat at once, then, where `named` (the
 * first few), its time and who plays the other seats, asked of the server.
 * @param {import("./mine.js").MyGame} g
 * @param {boolean} named
 */
function keptLine(g, named) {
  const li = el("li", {}, el("a", { href: g.url }, variantName(g.variant)), ` as ${g.seat}`);
  if (named) {
    request("GET", `/games/${g.game}`)
      .then((/** @type {import("./protocol.js").GameState} */ state) => {
        const others = state.game.seats
          .filter((s) => s.seat !== g.seat)
          .map((s) => (s.open ? `an open seat (${s.seat})` : who(s)));
        const over = state.game.result ? ", over" : "";
        put(
          li,
          el("a", { href: g.url }, `${variantName(g.variant)} ${timeText(state.game.time)}`),
          ` as ${g.seat} against ${others.join(", ")}${over}`,
        );
      })
      .catch(() => {
        // Gone from the server, or out of reach: the line stays as it is.
      });
  }
  return li;
}

/**
 * A quick game: a variant for two and a time; the server pairs me with the waiting
 * player of nearest rating and the page opens my seat in the game (by my account).
 */
function quickGame() {
  const variant = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { name: "quick-variant", "aria-label": "Quick game's variant" },
      ...VARIANTS.filter((v) => v.seats.length === 2).map((v) => el("option", { value: v.id }, v.name)),
    )
  );
  const time = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { name: "quick-time", "aria-label": "Quick game's time" },
      ...TIMES.map(([words], i) => el("option", { value: i }, words)),
    )
  );
  const said = el("p", { class: "notice", "aria-live": "polite" });
  let waiting = false;
  const find = /** @type {HTMLButtonElement} */ (el("button", { type: "submit" }, "Find an opponent"));
  const cancel = /** @type {HTMLButtonElement} */ (
    el(
      "button",
      {
        type: "button",
        hidden: true,
        onclick: async () => {
          waiting = false;
          await request("DELETE", "/pairing", {}).catch(() => {});
          said.textContent = "";
          cancel.hidden = true;
          find.disabled = false;
        },
      },
      "Stop waiting",
    )
  );
  const form = el(
    "form",
    {
      class: "quick",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        waiting = true;
        find.disabled = true;
        cancel.hidden = false;
        const body = { variant: /** @type {import("./protocol.js").Variant} */ (variant.value), time: TIMES[Number(time.value)][1] };
        try {
          await pairMe(body, said, () => waiting);
        } catch (err) {
          said.textContent = sentence(err instanceof Error ? err.message : String(err));
          waiting = false;
          find.disabled = false;
          cancel.hidden = true;
        }
      },
    },
    el("label", {}, "Variant ", variant),
    el("label", {}, "Time ", time),
    find,
    cancel,
  );
  return el("section", { class: "quick-game", "aria-label": "Quick game" }, el("h3", {}, "Quick game, rated"), form, said);
}

/** How many games (or seats) a list shows at first, and brings at each "More". */
const PAGE = 20;

/**
 * @template T
 * @typedef {{ empty: string, more: string, item: (x: T) => HTMLElement, said: HTMLElement }} PagedList
 */

/**
 * One of the lists the server gives a page at a time, shown so: the first page, and
 * below it a button that brings the next while there are more. The first page's items.
 * @template T
 * @param {HTMLElement} list
 * @param {string} first
 * @param {PagedList<T>} o
 * @returns {Promise<T[]>}
 */
async function showPaged(list, first, o) {
  /** @type {{ items: T[], next: string | null }} */
  const page = await requestPage(first);
  put(list, ...(page.items.length === 0 ? [el("li", {}, o.empty)] : []), ...page.items.map(o.item));
  offerMore(list, page.next, o);
  return page.items;
}

/**
 * The button that brings the page at `next` into `list`, if there is one.
 * @template T
 * @param {HTMLElement} list
 * @param {string | null} next
 * @param {PagedList<T>} o
 */
function offerMore(list, next, o) {
  if (!next) {
    return;
  }
  const button = /** @type {HTMLButtonElement} */ (el("button", { type: "button" }, o.more));
  const row = el("li", { class: "more" }, button);
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      /** @type {{ items: T[], next: string | null }} */
      const page = await requestPage(next);
      row.remove();
      list.append(...page.items.map(o.item));
      // A full page may turn out to have been the last: the next comes empty.
      offerMore(list, page.items.length > 0 ? page.next : null, o);
    } catch (e) {
      button.disabled = false;
      o.said.textContent = `The next page cannot be read: ${e instanceof Error ? e.message : e}`;
    }
  });
  list.append(row);
}

/**
 * The tournaments under way and starting soon (a few), and the way to all of them.
 */
function tournamentsSection() {
  const list = el("ul", { class: "tournament-list" });
  const section = el(
    "section",
    { class: "tournaments-soon", "aria-label": "Tournaments" },
    el("h2", {}, "Tournaments"),
    list,
    el("p", {}, el("a", { href: "/tournaments" }, "Every tournament, and making one")),
  );
  /** @type {Promise<import("./protocol.js").TournamentList>} */ (request("GET", "/tournaments"))
    .then((all) => {
      const now = Date.now();
      const shown = [...all.running, ...all.soon].slice(0, 5);
      put(list, ...(shown.length === 0 ? [el("li", {}, "None under way or starting soon.")] : shown.map((t) => tournamentItem(t, now))));
    })
    .catch(() => put(list, el("li", {}, "The tournaments cannot be read just now.")));
  return section;
}
