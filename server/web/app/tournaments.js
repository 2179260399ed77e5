// Tournaments in the page: `/tournaments` lists them (starting soon, under way, over)
// and makes one; `/tournaments/ID` is one's page: the standings, live; the games going
// on, to watch; the crosstable of a Swiss or a round robin; the winners at the end; and
// join, withdraw and pause. The server pairs and scores: the page only shows. A game the
// server pairs me in while the page is open is opened by itself.

import { me } from "./account.js";
import { el, put, sentence } from "./dom.js";
import { request } from "./net.js";
import { VARIANTS } from "./protocol.js";
import { timeText, variantName } from "./terms.js";

/**
 * @typedef {import("./protocol.js").TournamentView} TournamentView
 * @typedef {import("./protocol.js").TournamentList} TournamentList
 * @typedef {import("./protocol.js").TournamentPage} TournamentPage
 * @typedef {import("./protocol.js").TournamentGame} TournamentGame
 */

/** How often a tournament's page asks how it stands. */
const LOOK_EVERY_MS = 2000;

const KINDS = /** @type {[string, string][]} */ ([
  ["arena", "Arena"],
  ["swiss", "Swiss"],
  ["roundrobin", "Round robin"],
]);

/** The clocks a tournament may have: the front page's, less "no clock". */
const CLOCKS = /** @type {[string, import("./protocol.js").TimeControl][]} */ ([
  ["1 minute + 0", { kind: "clock", minutes: 1, increment: 0 }],
  ["3 minutes + 2 s a move", { kind: "clock", minutes: 3, increment: 2 }],
  ["5 minutes + 3 s a move", { kind: "clock", minutes: 5, increment: 3 }],
  ["10 minutes + 5 s a move", { kind: "clock", minutes: 10, increment: 5 }],
  ["1 day a move", { kind: "days", days: 1 }],
  ["3 days a move", { kind: "days", days: 3 }],
]);

/** @param {string} kind */
const kindText = (kind) => KINDS.find(([k]) => k === kind)?.[1] ?? kind;

/**
 * When a tournament is, in words: "starts in 5 minutes", "ends in 12 minutes", "round
 * 2 of 5", "finished".
 * @param {TournamentView} t
 * @param {number} now
 */
export function whenText(t, now) {
  const minutes = (/** @type {number} */ ms) => {
    const m = Math.max(0, Math.ceil(ms / 60_000));
    return m === 1 ? "1 minute" : `${m} minutes`;
  };
  switch (t.state) {
    case "soon":
      return t.starts_at <= now
        ? "starting now"
        : t.starts_at - now > 86_400_000
        ? `starts on ${new Date(t.starts_at).toLocaleString()}`
        : `starts in ${minutes(t.starts_at - now)}`;
    case "running":
      if (t.kind === "arena") {
        return t.ends_at !== null && t.ends_at > now ? `ends in ${minutes(t.ends_at - now)}` : "its last games are being played";
      }
      return `round ${t.round} of ${t.rounds}`;
    case "finished":
      return "finished";
    default:
      return "cancelled: too few players came";
  }
}

/**
 * What a tournament is, in one line: "Arena, Camelot 3+2, rated, 12 players".
 * @param {TournamentView} t
 */
export function kindLine(t) {
  const length = t.kind === "arena" ? ` for ${t.minutes} minutes` : t.kind === "swiss" ? `, ${t.rounds} rounds` : "";
  const players = t.players === 1 ? "1 player" : `${t.players} players`;
  return `${kindText(t.kind)}${length}, ${variantName(t.variant)} ${timeText(t.time)}, ${t.rated ? "rated" : "casual"}, ${players}`;
}

/**
 * A tournament in a list: its name (linked), what it is, and when.
 * @param {TournamentView} t
 * @param {number} now
 */
export function tournamentItem(t, now) {
  return el(
    "li",
    { "data-tournament": t.id },
    el("a", { href: `/tournaments/${t.id}` }, t.name),
    `: ${kindLine(t)}; ${whenText(t, now)}`,
  );
}

/** @param {HTMLElement} main */
export async function tournamentsPage(main) {
  document.title = "Tournaments · Camelot";
  const said = el("p", { class: "notice", role: "alert" });
  const lists = el("div", { class: "tournament-lists" });
  put(main, el("div", { class: "tournaments" }, el("h1", {}, "Tournaments"), said, lists));
  me().then((session) => {
    if (session) {
      lists.before(createTournamentForm(said));
    }
  });
  try {
    /** @type {TournamentList} */
    const all = await request("GET", "/tournaments");
    const now = Date.now();
    const section = (/** @type {string} */ title, /** @type {TournamentView[]} */ ts, /** @type {string} */ empty) =>
      el(
        "section",
        { "aria-label": title },
        el("h2", {}, title),
        ts.length === 0 ? el("p", {}, empty) : el("ul", { class: "tournament-list" }, ...ts.map((t) => tournamentItem(t, now))),
      );
    put(
      lists,
      section("Under way", all.running, "None is under way."),
      section("Starting soon", all.soon, "None is to start yet."),
      section("Over", all.finished, "None has ended yet."),
    );
  } catch (e) {
    said.textContent = `The tournaments cannot be read: ${e instanceof Error ? e.message : e}`;
  }
}

/**
 * The form that makes a tournament; made, its page opens.
 * @param {HTMLElement} said
 */
function createTournamentForm(said) {
  const select = (/** @type {string} */ name, /** @type {[string, string][]} */ options) =>
    el("select", { name }, ...options.map(([value, label]) => el("option", { value }, label)));
  // Each control is named by its label's words alone (a label around a list would
  // otherwise name it with the choice shown too).
  const field = (/** @type {string} */ label, /** @type {HTMLElement} */ input) => {
    input.setAttribute("aria-label", label);
    return el("label", { class: "field" }, el("span", {}, label), input);
  };
  const name = /** @type {HTMLInputElement} */ (el("input", { name: "name", required: true, minlength: 3, maxlength: 40, placeholder: "Midwinter Arena" }));
  const kind = /** @type {HTMLSelectElement} */ (select("kind", KINDS));
  const variant = /** @type {HTMLSelectElement} */ (select("variant", VARIANTS.map((v) => [v.id, v.name])));
  const time = /** @type {HTMLSelectElement} */ (select("time", CLOCKS.map(([label], i) => [String(i), label])));
  time.value = "1";
  const length = /** @type {HTMLInputElement} */ (el("input", { name: "length", type: "number", min: 1, max: 1440, value: 60 }));
  const lengthLabel = el("span", {}, "Minutes");
  const start = /** @type {HTMLInputElement} */ (el("input", { name: "start", type: "number", min: 0, max: 43200, value: 10 }));
  const casual = /** @type {HTMLInputElement} */ (el("input", { name: "casual", type: "checkbox" }));
  const programs = /** @type {HTMLInputElement} */ (el("input", { name: "programs", type: "checkbox" }));
  const shape = () => {
    const k = kind.value;
    lengthLabel.textContent = k === "arena" ? "Minutes" : k === "swiss" ? "Rounds" : "Times everyone meets (1 or 2)";
    length.setAttribute("aria-label", lengthLabel.textContent);
    length.max = k === "arena" ? "1440" : k === "swiss" ? "20" : "2";
    if (Number(length.value) > Number(length.max)) {
      length.value = k === "arena" ? "60" : k === "swiss" ? "5" : "1";
    }
  };
  kind.addEventListener("change", shape);
  shape();
  return el(
    "form",
    {
      class: "tournament-form",
      "aria-label": "Make a tournament",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        said.textContent = "";
        const n = Number(length.value);
        /** @type {import("./protocol.js").NewTournament} */
        const asked = {
          name: name.value.trim(),
          kind: kind.value,
          variant: /** @type {import("./protocol.js").Variant} */ (variant.value),
          time: CLOCKS[Number(time.value)][1],
          minutes: kind.value === "arena" ? n : null,
          rounds: kind.value === "arena" ? null : n,
          starts_at: Date.now() + Number(start.value) * 60_000,
          casual: casual.checked,
          programs: programs.checked,
          max_players: null,
        };
        try {
          /** @type {import("./protocol.js").TournamentMade} */
          const made = await request("POST", "/tournaments", asked);
          location.assign(`/tournaments/${made.tournament}`);
        } catch (err) {
          said.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    el("h2", {}, "Make a tournament"),
    field("Name", name),
    field("Kind", kind),
    field("Game", variant),
    field("Time", time),
    el("label", { class: "field" }, lengthLabel, length),
    field("Starts in (minutes)", start),
    el("label", { class: "check" }, casual, " Casual: no rating changes"),
    el("label", { class: "check" }, programs, " Programs' accounts may play"),
    el("button", { type: "submit" }, "Make it"),
  );
}

/**
 * A game's result for one of its players: "1", "½", "0", "void", or "…" while played.
 * @param {TournamentGame} g
 * @param {boolean} white
 */
function resultFor(g, white) {
  switch (g.score) {
    case null:
      return "…";
    case "draw":
      return "½";
    case "void":
      return "void";
    default:
      return (g.score === "first") === white ? "1" : "0";
  }
}

/** Who plays whom: "Kay against Ector"; a Grand Cam table's "Kay and Bors against Ector and Lionel". @param {TournamentGame} g */
export function sidesText(g) {
  return g.partners ? `${g.white} and ${g.partners[0]} against ${g.black} and ${g.partners[1]}` : `${g.white} against ${g.black}`;
}

/**
 * The crosstable: each player's result against each other, by rank.
 * @param {TournamentPage} p
 */
function crosstable(p) {
  const names = p.standings.map((s) => s.name);
  /** @type {Map<string, string[]>} */
  const cells = new Map();
  for (const g of p.games) {
    for (const [me, them, white] of /** @type {[string, string, boolean][]} */ ([
      [g.white, g.black, true],
      [g.black, g.white, false],
    ])) {
      const key = `${me}\n${them}`;
      cells.set(key, [...(cells.get(key) ?? []), resultFor(g, white)]);
    }
  }
  return el(
    "table",
    { class: "crosstable", "aria-label": "Crosstable" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { scope: "col" }, "Player"), ...names.map((_, i) => el("th", { scope: "col" }, String(i + 1))))),
    el(
      "tbody",
      {},
      ...names.map((me, i) =>
        el(
          "tr",
          {},
          el("th", { scope: "row" }, String(i + 1)),
          el("td", {}, el("a", { href: `/players/${me}` }, me)),
          ...names.map((them) => el("td", {}, me === them ? "×" : (cells.get(`${me}\n${them}`) ?? []).join(" "))),
        ),
      ),
    ),
  );
}

/**
 * The standings table.
 * @param {TournamentPage} p
 */
function standingsTable(p) {
  const arena = p.tournament.kind === "arena";
  const points = (/** @type {number} */ n) => (Number.isInteger(n) ? String(n) : `${Math.floor(n)}½`.replace(/^0½$/, "½"));
  return el(
    "table",
    { class: "standings", "aria-label": "Standings" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        ...["#", "Player", "Rating", "Points", "Games"].map((h) => el("th", { scope: "col" }, h)),
        ...["Won", "Drawn", "Lost"].map((h) => el("th", { scope: "col", class: "wdl" }, h)),
        ...(arena ? [] : ["Buchholz", "Sonneborn-Berger"].map((h) => el("th", { scope: "col" }, h))),
      ),
    ),
    el(
      "tbody",
      {},
      ...p.standings.map((s) =>
        el(
          "tr",
          { class: s.withdrawn ? "withdrawn" : "" },
          el("td", {}, String(s.rank)),
          el(
            "td",
            {},
            el("a", { href: `/players/${s.name}` }, s.name),
            s.fire ? el("span", { class: "fire", title: "Two wins in a row: the next game scores double" }, "on a streak") : "",
            s.withdrawn ? " (withdrew)" : s.paused ? " (resting)" : "",
            s.playing ? el("a", { href: `/${s.playing}`, class: "watch", title: "Playing now: watch the game" }, "watch") : "",
          ),
          el("td", {}, String(s.rating)),
          el("td", { class: "points" }, points(s.points)),
          el("td", {}, String(s.games)),
          ...[s.wins, s.draws, s.losses].map((n) => el("td", { class: "wdl" }, String(n))),
          ...(arena ? [] : [s.buchholz ?? 0, s.sonneborn_berger ?? 0].map((n) => el("td", {}, String(n)))),
        ),
      ),
    ),
  );
}

/**
 * A tournament's page, kept up to date.
 * @param {HTMLElement} main
 * @param {string} id
 */
export async function tournamentPage(main, id) {
  const said = el("p", { class: "notice", role: "alert" });
  const body = el("div", { class: "tournament-body" });
  put(main, el("div", { class: "tournament" }, body, said));
  const session = await me();
  /** @type {string | null | undefined} my game when the page first looked */
  let first;
  const act = async (/** @type {string} */ what, /** @type {object} */ asked = {}) => {
    said.textContent = "";
    try {
      await request("POST", `/tournaments/${id}/${what}`, asked);
      await look();
    } catch (e) {
      said.textContent = sentence(e instanceof Error ? e.message : String(e));
    }
  };
  const look = async () => {
    /** @type {TournamentPage} */
    const p = await request("GET", `/tournaments/${id}`);
    const t = p.tournament;
    document.title = `${t.name} · Camelot`;
    const mine = p.me?.game?.game ?? null;
    if (first === undefined) {
      first = mine;
    } else if (mine !== null && mine !== first) {
      // Paired while the page is open: to the board.
      location.assign(`/${mine}`);
      return false;
    }
    const open = t.state === "soon" || (t.state === "running" && t.kind === "arena");
    const buttons = [];
    if (!session && open) {
      buttons.push(el("a", { href: "/login" }, "Log in to play in it"));
    } else if (session && open && (!p.me || p.me.withdrawn)) {
      buttons.push(el("button", { type: "button", onclick: () => act("join") }, "Join"));
    } else if (session && p.me && !p.me.withdrawn && (t.state === "soon" || t.state === "running")) {
      buttons.push(el("button", { type: "button", onclick: () => act("withdraw") }, "Withdraw"));
      if (t.kind === "arena" && t.state === "running") {
        buttons.push(el("button", { type: "button", onclick: () => act("pause", { id, paused: !p.me?.paused }) }, p.me.paused ? "Come back" : "Pause"));
      }
    }
    const live = p.games.filter((g) => g.score === null);
    const over = t.state === "finished";
    put(
      body,
      el("h1", {}, t.name),
      el("p", { class: "tournament-kind" }, `${kindLine(t)}; ${whenText(t, Date.now())}`, t.creator ? `. Made by ${t.creator}` : ""),
      mine ? el("p", { class: "my-game" }, "Your game is on: ", el("a", { href: `/${mine}` }, "play it")) : "",
      buttons.length > 0 ? el("p", { class: "tournament-actions" }, ...buttons) : "",
      over && p.standings.length > 0
        ? el("ol", { class: "winners", "aria-label": "Winners" }, ...p.standings.slice(0, 3).map((s) => el("li", {}, `${s.name}, ${s.points} points`)))
        : "",
      el("h2", {}, "Standings"),
      p.standings.length === 0 ? el("p", {}, "Nobody has joined yet.") : el("div", { class: "table-scroll" }, standingsTable(p)),
      live.length > 0 ? el("h2", {}, "Games going on") : "",
      live.length > 0
        ? el("ul", { class: "games" }, ...live.map((g) => el("li", {}, el("a", { href: `/${g.game}` }, sidesText(g)))))
        : "",
      t.kind !== "arena" && p.games.length > 0 ? el("h2", {}, "Crosstable") : "",
      t.kind !== "arena" && p.games.length > 0 ? el("div", { class: "table-scroll" }, crosstable(p)) : "",
      p.byes.length > 0 ? el("p", {}, "Byes: ", p.byes.map((b) => `round ${b.round}, ${b.name}`).join("; ")) : "",
      p.games.length > 0 ? el("p", {}, el("a", { href: `/tournaments/${id}/record`, download: `tournament-${id}.cgn` }, "All its games as one record file")) : "",
      el("p", {}, el("a", { href: "/tournaments" }, "Every tournament")),
    );
    return !(over || t.state === "cancelled");
  };
  for (;;) {
    let more = true;
    try {
      more = await look();
    } catch (e) {
      said.textContent = `The tournament cannot be read: ${e instanceof Error ? e.message : e}`;
    }
    if (!more) {
      return;
    }
    await new Promise((r) => setTimeout(r, LOOK_EVERY_MS));
  }
}
