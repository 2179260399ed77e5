// A player's page (`/players/NAME`): their rating in each variant with its history drawn,
// the games going on now and the games they finished; and `/players`, the best players
// of each variant. The server gives both as JSON; nothing is kept here.

import { me } from "./account.js";
import { challengeForm } from "./challengeform.js";
import { relationButtons } from "./relations.js";
import { el, put, sentence, svg } from "./dom.js";
import { historySection, playingLine } from "./history.js";
import { request } from "./net.js";
import { agoText, ratingText, variantName } from "./terms.js";

/**
 * @typedef {import("./protocol.js").PlayerProfile} PlayerProfile
 * @typedef {import("./protocol.js").RatingPoint} RatingPoint
 * @typedef {import("./protocol.js").PlayedGame} PlayedGame
 * @typedef {import("./protocol.js").Leaders} Leaders
 */

/**
 * The line a variant's ratings draw, game after game, in a box `w` by `h`: the points,
 * and the lowest and highest rating drawn.
 * @param {number[]} ratings
 * @param {number} w
 * @param {number} h
 */
export function historyLine(ratings, w, h) {
  const low = Math.min(...ratings) - 10;
  const high = Math.max(...ratings) + 10;
  const step = ratings.length > 1 ? w / (ratings.length - 1) : 0;
  const points = ratings.map((r, i) => {
    const x = ratings.length > 1 ? i * step : w / 2;
    const y = h - ((r - low) / (high - low)) * h;
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  return { points: points.join(" "), low: Math.round(low + 10), high: Math.round(high - 10) };
}

/**
 * One variant's history, drawn.
 * @param {string} variant
 * @param {RatingPoint[]} points
 */
function graph(variant, points) {
  const [w, h] = [300, 90];
  const line = historyLine(
    points.map((p) => p.rating),
    w,
    h,
  );
  return el(
    "figure",
    { class: "rating-graph" },
    svg(
      "svg",
      {
        viewBox: `-4 -4 ${w + 8} ${h + 8}`,
        role: "img",
        "aria-label": `${variantName(variant)}: the rating after each of ${points.length} rated games, from ${Math.round(points[0].rating)} to ${Math.round(points[points.length - 1].rating)}`,
      },
      svg("polyline", { points: line.points, class: "rating-line" }),
      ...line.points
        .split(" ")
        .map((xy) => svg("circle", { cx: xy.split(",")[0], cy: xy.split(",")[1], r: 3, class: "rating-dot" })),
    ),
    el(
      "figcaption",
      {},
      line.low === line.high
        ? `${variantName(variant)}: ${points.length} rated ${points.length === 1 ? "game" : "games"}, at ${line.low}`
        : `${variantName(variant)}: ${points.length} rated games, between ${line.low} and ${line.high}`,
    ),
  );
}

/**
 * Whether a player is here: playing now (with their games to watch), online now, or
 * when they were last seen.
 * @param {PlayerProfile} p
 */
function presenceLine(p) {
  if (p.online && p.playing.length > 0) {
    return el(
      "p",
      { class: "presence online" },
      "Playing now: ",
      ...p.playing.flatMap((g, i) => [i > 0 ? ", " : "", el("a", { href: `/${g}` }, "watch")]),
    );
  }
  if (p.online) {
    return el("p", { class: "presence online" }, "Online now");
  }
  return p.seen_at === undefined ? null : el("p", { class: "presence" }, `Last seen ${agoText(p.seen_at, Date.now())}`);
}

/**
 * `/players/NAME`.
 * @param {HTMLElement} main
 * @param {string} name
 */
export async function playerPage(main, name) {
  document.title = `${name} · Camelot`;
  /** @type {PlayerProfile} */
  let p;
  try {
    p = await request("GET", `/players/${encodeURIComponent(name)}`);
  } catch (e) {
    put(main, el("h1", {}, name), el("p", { class: "notice" }, sentence(e instanceof Error ? e.message : String(e))));
    return;
  }
  document.title = `${p.name} · Camelot`;
  // Another player's page, to me logged in: I may challenge them.
  const challengeHost = el("div", { class: "challenge-host" });
  me().then((session) => {
    if (session && session.name.toLowerCase() !== p.name.toLowerCase()) {
      put(challengeHost, relationButtons(p.name, p.relation), challengeForm(p.name));
    }
  });
  /** @type {Map<string, RatingPoint[]>} */
  const byVariant = new Map();
  for (const point of p.history) {
    byVariant.set(point.variant, [...(byVariant.get(point.variant) ?? []), point]);
  }
  put(
    main,
    el(
      "div",
      { class: "player-page" },
      el("h1", {}, p.name, p.kind === "computer" ? el("span", { class: "badge" }, " computer") : null),
      el("p", {}, `Playing here since ${new Date(p.since).toLocaleDateString()}.`),
      presenceLine(p),
      challengeHost,
      el("h2", {}, "Ratings"),
      p.ratings.length === 0
        ? el("p", {}, "No rated game yet.")
        : el(
            "table",
            { class: "ratings" },
            el("thead", {}, el("tr", {}, el("th", {}, "Variant"), el("th", {}, "Rating"), el("th", {}, "Games"))),
            el(
              "tbody",
              {},
              ...p.ratings.map((r) =>
                el(
                  "tr",
                  {},
                  el("td", {}, variantName(r.variant)),
                  el("td", { title: `deviation ${Math.round(r.deviation)}` }, ratingText(r.rating, r.provisional)),
                  el("td", {}, String(r.games)),
                ),
              ),
            ),
          ),
      p.ratings.some((r) => r.provisional)
        ? el("p", { class: "legend" }, "A \u201c?\u201d marks a provisional rating: it settles after a few more rated games.")
        : null,
      ...[...byVariant].map(([variant, points]) => graph(variant, points)),
      el("h2", {}, "Playing now"),
      p.playing_games.length === 0
        ? el("p", {}, "No game going on.")
        : el("ul", { class: "playing" }, ...p.playing_games.map(playingLine)),
      historySection(p.name, p.games),
      el("p", {}, el("a", { href: "/players" }, "The best players")),
    ),
  );
}

/**
 * `/players`: the best of each variant.
 * @param {HTMLElement} main
 */
export async function leadersPage(main) {
  document.title = "The best players · Camelot";
  /** @type {Leaders} */
  let leaders;
  try {
    leaders = await request("GET", "/players");
  } catch (e) {
    put(main, el("h1", {}, "The best players"), el("p", { class: "notice" }, sentence(e instanceof Error ? e.message : String(e))));
    return;
  }
  put(
    main,
    el(
      "div",
      { class: "player-page" },
      el("h1", {}, "The best players"),
      el(
        "p",
        {},
        "Of each variant: players with five rated games or more and a settled rating (a provisional one, marked \u201c?\u201d on players\u2019 pages, settles after a few more games).",
      ),
      leaders.variants.length === 0 ? el("p", {}, "Nobody yet.") : null,
      ...leaders.variants.map((v) =>
        el(
          "section",
          {},
          el("h2", {}, variantName(v.variant)),
          el(
            "ol",
            {},
            ...v.players.map((l) =>
              el("li", {}, el("a", { href: `/players/${l.name}` }, l.name), ` ${Math.round(l.rating)} (${l.games} games)`),
            ),
          ),
        ),
      ),
    ),
  );
}
