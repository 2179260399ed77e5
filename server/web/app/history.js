// A player's games as their page lists them: each with the kind of game, the other
// seats (opponents linked, with the rating they had then), the result and the rating's
// change; filters by variant, rated or casual, and result, which the server applies; and
// the games going on, named by their players.

import { el, put, sentence } from "./dom.js";
import { request } from "./net.js";
import { VARIANTS } from "./protocol.js";
import { ratingText, timeText, variantName } from "./terms.js";

/**
 * @typedef {import("./protocol.js").PlayedGame} PlayedGame
 * @typedef {import("./protocol.js").PlayedGames} PlayedGames
 * @typedef {import("./protocol.js").OtherSeat} OtherSeat
 */

/**
 * A change as players read it: "+12", "\u221212", "\u00b10".
 * @param {number} change
 */
export function changeText(change) {
  if (change > 0) {
    return `+${change}`;
  }
  return change < 0 ? `\u2212${-change}` : "\u00b10";
}

/**
 * Who held another seat: the account linked to its page with its rating then, a guest's
 * name, or the computer.
 * @param {OtherSeat} s
 * @returns {(Node | string)[]}
 */
function seatWho(s) {
  const a = s.account;
  if (a) {
    if (!a.name) {
      return ["a deleted player"];
    }
    const rating = a.rating === undefined ? "" : ` ${ratingText(a.rating, a.provisional)}`;
    return [el("a", { href: `/players/${a.name}`, class: "player" }, a.name), rating];
  }
  if (s.computer) {
    return [`the computer (${s.computer})`];
  }
  return [s.name ?? `nobody at ${s.seat}`];
}

/**
 * "Red and Blue": the seats' players, joined as a sentence joins them.
 * @param {OtherSeat[]} seats
 * @returns {(Node | string)[]}
 */
function joined(seats) {
  return seats.flatMap((s, i) => [i === 0 ? "" : i === seats.length - 1 ? " and " : ", ", ...seatWho(s)]);
}

/**
 * "as White against Gawain 1500?", "as Red with Blue's player against ...".
 * @param {PlayedGame} g
 * @returns {(Node | string)[]}
 */
export function seatsLine(g) {
  const partners = g.others.filter((s) => s.partner);
  const against = g.others.filter((s) => !s.partner);
  return [
    ` as ${g.seat}`,
    ...(partners.length > 0 ? [" with ", ...joined(partners)] : []),
    ...(against.length > 0 ? [" against ", ...joined(against)] : []),
  ];
}

/** @param {PlayedGame} g "Camette 5+3, rated" */
function kindText(g) {
  return `${variantName(g.variant)} ${timeText(g.time)}, ${g.rated ? "rated" : "casual"}`;
}

/**
 * How a finished game went, as its player's list says it.
 * @param {PlayedGame} g
 */
export function playedLine(g) {
  const how = g.score === "won" ? "won" : g.score === "lost" ? "lost" : g.score === "drew" ? "drawn" : "called off";
  return el(
    "li",
    { "data-game": g.game },
    el("a", { href: `/${g.game}` }, kindText(g)),
    `, ${new Date(g.at).toLocaleDateString()}:`,
    ...seatsLine(g),
    `: ${how}`,
    g.rated && g.change !== undefined ? ` (${changeText(g.change)})` : "",
  );
}

/**
 * A game going on, named by its players.
 * @param {PlayedGame} g
 */
export function playingLine(g) {
  return el("li", { "data-game": g.game }, el("a", { href: `/${g.game}` }, kindText(g)), ":", ...seatsLine(g));
}

/**
 * The query of the list's filters, as the form holds them.
 * @param {HTMLFormElement} form
 */
function filterQuery(form) {
  const data = new FormData(form);
  const parts = [];
  for (const key of ["variant", "rated", "result"]) {
    const value = String(data.get(key) ?? "");
    if (value) {
      parts.push(`${key}=${encodeURIComponent(value)}`);
    }
  }
  return parts.join("&");
}

/**
 * @param {string} label
 * @param {string} name
 * @param {[string, string][]} options value and words, the first for every game
 */
function choice(label, name, options) {
  return el(
    "label",
    {},
    `${label} `,
    el("select", { name }, ...options.map(([value, words]) => el("option", { value }, words))),
  );
}

/**
 * The player's finished games: the filters, the list (a page at a time, "More games"
 * under it while there are more), and what the list holds in words when it is empty.
 * @param {string} name
 * @param {PlayedGames} first the first page, unfiltered
 */
export function historySection(name, first) {
  const list = el("ul", { class: "played" });
  const said = el("p", { class: "history-said", "aria-live": "polite" });
  const form = /** @type {HTMLFormElement} */ (
    el(
      "form",
      { class: "history-filters", "aria-label": "Which games" },
      choice("Variant", "variant", [["", "Every variant"], ...VARIANTS.map((v) => /** @type {[string, string]} */ ([v.id, v.name]))]),
      choice("Kind", "rated", [
        ["", "Rated and casual"],
        ["true", "Rated"],
        ["false", "Casual"],
      ]),
      choice("Result", "result", [
        ["", "Every result"],
        ["won", "Won"],
        ["drew", "Drawn"],
        ["lost", "Lost"],
      ]),
    )
  );
  const path = (/** @type {string} */ query) => `/players/${encodeURIComponent(name)}/games${query ? `?${query}` : ""}`;
  /** @param {PlayedGames} page @param {string} query @param {boolean} fresh */
  const show = (page, query, fresh) => {
    if (fresh) {
      put(list);
    }
    list.append(...page.games.map(playedLine));
    said.textContent = list.querySelector("li[data-game]") ? "" : query ? "No game of these." : "No finished game yet.";
    if (page.next) {
      const button = /** @type {HTMLButtonElement} */ (el("button", { type: "button" }, "More games"));
      const row = el("li", { class: "more" }, button);
      button.addEventListener("click", async () => {
        button.disabled = true;
        try {
          const more = await request("GET", path([`before=${page.next}`, query].filter(Boolean).join("&")));
          row.remove();
          show(more, query, false);
        } catch (e) {
          button.disabled = false;
          said.textContent = sentence(e instanceof Error ? e.message : String(e));
        }
      });
      list.append(row);
    }
  };
  form.addEventListener("change", async () => {
    const query = filterQuery(form);
    try {
      show(await request("GET", path(query)), query, true);
    } catch (e) {
      said.textContent = sentence(e instanceof Error ? e.message : String(e));
    }
  });
  show(first, "", true);
  return el("section", { class: "history", "aria-label": "Games" }, el("h2", {}, "Games"), form, said, list);
}
