// Challenges in the page: a form to challenge a player by name (on their page and on the
// front page), and, on every page while I am logged in, the challenges to me and mine as
// the server tells them on the site socket, without a reload. The server judges every
// challenge; the page only shows what it says.

import { me, signedOut } from "./account.js";
import { TIMES } from "./create.js";
import { el, put, sentence } from "./dom.js";
import { SiteLink, request } from "./net.js";
import { DECLINES, VARIANTS } from "./protocol.js";
import { ratingText, timeText, variantName } from "./terms.js";

/**
 * @typedef {import("./protocol.js").ChallengeView} ChallengeView
 * @typedef {import("./protocol.js").ChallengeList} ChallengeList
 * @typedef {import("./protocol.js").ColourChoice} ColourChoice
 * @typedef {import("./protocol.js").DeclineReason} DeclineReason
 * @typedef {import("./protocol.js").NewChallenge} NewChallenge
 */

/**
 * What a challenge is, in a player's words: "Camette, 5+3, rated".
 * @param {ChallengeView} c
 */
export function gameWords(c) {
  return `${variantName(c.variant)}, ${timeText(c.time)}, ${c.rated ? "rated" : "casual"}`;
}

/**
 * The colour the player challenged would play: "you play Black", "colours by chance".
 * @param {ColourChoice} challengerWants
 */
export function yourColour(challengerWants) {
  return challengerWants === "white" ? "you play Black" : challengerWants === "black" ? "you play White" : "colours by chance";
}

/**
 * A challenge to me: "Kay (1500?) challenges you: Camette, 5+3, casual; you play Black."
 * @param {ChallengeView} c
 */
export function incomingText(c) {
  return `${c.from} (${ratingText(c.rating, c.provisional)}) challenges you: ${gameWords(c)}; ${yourColour(c.colour)}.`;
}

/**
 * What became of a challenge I sent, or `null` while it waits and once it made a game.
 * @param {ChallengeView} c
 */
export function outcomeText(c) {
  switch (c.state) {
    case "declined":
      return `${c.to} declined your challenge: ${DECLINES.find((d) => d.reason === c.reason)?.words ?? "no reason given"}.`;
    case "expired":
      return `Your challenge to ${c.to} expired unanswered.`;
    default:
      return null;
  }
}

/**
 * The games to go to now: my challenges that were open when this page last heard of
 * them and have since been accepted.
 * @param {Map<string, string>} known each challenge of mine's state as last heard
 * @param {ChallengeView[]} outgoing
 * @returns {string[]} the games' ids
 */
export function newlyAccepted(known, outgoing) {
  return outgoing.flatMap((c) => (c.state === "accepted" && known.get(c.id) === "open" ? [c.game] : []));
}

/**
 * The request a challenge form sends.
 * @param {string} to
 * @param {string} variant
 * @param {number} time an index of `TIMES`
 * @param {boolean} rated
 * @param {ColourChoice} colour
 * @returns {NewChallenge}
 */
export function challengeBody(to, variant, time, rated, colour) {
  return {
    to: to.trim(),
    variant: /** @type {NewChallenge["variant"]} */ (variant),
    time: TIMES[time][1],
    rated,
    colour,
  };
}

/** The bar that shows my challenges on every page, once. */
let bar = /** @type {ChallengeBar | null} */ (null);

/**
 * Starts the bar in `host` where I am logged in: it follows my challenges from now on.
 * @param {HTMLElement} host
 */
export async function followChallenges(host) {
  const session = await me();
  if (session && !bar) {
    bar = new ChallengeBar(host);
    bar.follow();
  }
}

class ChallengeBar {
  /** @param {HTMLElement} host */
  constructor(host) {
    this.host = host;
    /** @type {Map<string, string>} */
    this.known = new Map();
    /** Outcomes no longer shown, by challenge. */
    this.dismissed = new Set();
    /** @type {ChallengeList | null} */
    this.list = null;
    /** Whether a first list was heard: what was in it is not news. */
    this.started = false;
  }

  follow() {
    new SiteLink({
      onMessage: (m) => {
        if (m.t === "challenges") {
          this.heard(m, !this.started);
          this.started = true;
          // Said on the page, for whoever waits to know the page follows its news.
          this.host.dataset.following = "";
        }
      },
      // The session ended (logged out here or elsewhere, the password changed): said at
      // once, on whatever page, and the header offers to log in again.
      onStopped: (why) => {
        signedOut();
        this.host.hidden = false;
        put(
          this.host,
          el(
            "div",
            { class: "challenge outcome signed-out", role: "status" },
            el("p", {}, `You were logged out: ${sentence(why)} `, el("a", { href: "/login" }, "Log in again")),
          ),
        );
      },
    });
  }

  /**
   * @param {ChallengeList} list
   * @param {boolean} first the first list this page heard: nothing in it is news
   */
  heard(list, first) {
    const games = first ? [] : newlyAccepted(this.known, list.outgoing);
    for (const c of list.outgoing) {
      if (first && c.state !== "open") {
        this.dismissed.add(c.id);
      }
      this.known.set(c.id, c.state);
    }
    if (games.length > 0) {
      location.assign(`/${games[0]}`);
      return;
    }
    this.list = list;
    this.render();
  }

  render() {
    const list = this.list;
    if (!list) {
      return;
    }
    const items = [
      ...list.incoming.map((c) => this.incoming(c)),
      ...list.outgoing.filter((c) => !this.dismissed.has(c.id)).flatMap((c) => this.outgoing(c)),
    ];
    put(this.host, ...items);
    this.host.hidden = items.length === 0;
  }

  /** @param {ChallengeView} c */
  incoming(c) {
    const said = el("span", { class: "notice" });
    const reason = /** @type {HTMLSelectElement} */ (
      el(
        "select",
        { "aria-label": `Why you decline ${c.from}'s challenge` },
        ...DECLINES.map((d) => el("option", { value: d.reason }, d.label)),
      )
    );
    const answer = async (/** @type {string} */ path, /** @type {object} */ body) => {
      try {
        /** @type {import("./protocol.js").ChallengeGame | {}} */
        const a = await request("POST", path, body);
        if ("game" in a) {
          location.assign(`/${a.game}`);
        }
      } catch (e) {
        said.textContent = sentence(e instanceof Error ? e.message : String(e));
      }
    };
    return el(
      "div",
      { class: "challenge incoming", "data-challenge": c.id },
      el("p", {}, el("a", { href: `/players/${c.from}` }, c.from), incomingText(c).slice(c.from.length)),
      el("button", { type: "button", class: "accept", onclick: () => answer(`/challenges/${c.id}/accept`, {}) }, "Accept"),
      el(
        "span",
        { class: "decline-group" },
        reason,
        el(
          "button",
          { type: "button", class: "decline", onclick: () => answer(`/challenges/${c.id}/decline`, { id: c.id, reason: reason.value }) },
          "Decline",
        ),
      ),
      said,
    );
  }

  /** @param {ChallengeView} c */
  outgoing(c) {
    if (c.state === "open") {
      return [
        el(
          "div",
          { class: "challenge outgoing", "data-challenge": c.id },
          el("p", {}, `You challenged ${c.to}: ${gameWords(c)}. Waiting for an answer\u2026`),
          el(
            "button",
            {
              type: "button",
              onclick: async () => {
                await request("DELETE", `/challenges/${c.id}`, {}).catch(() => {});
              },
            },
            "Cancel",
          ),
        ),
      ];
    }
    const words = outcomeText(c);
    if (!words) {
      return [];
    }
    return [
      el(
        "div",
        { class: "challenge outcome", "data-challenge": c.id, role: "status" },
        el("p", {}, words),
        el(
          "button",
          {
            type: "button",
            "aria-label": "Dismiss",
            onclick: () => {
              this.dismissed.add(c.id);
              this.render();
            },
          },
          "\u00d7",
        ),
      ),
    ];
  }
}

/**
 * A form that challenges a player: `name` fixed (their page), or typed (the front page).
 * @param {string | null} name
 */
export function challengeForm(name) {
  const to = /** @type {HTMLInputElement} */ (
    el("input", { name: "challenge-to", required: true, maxlength: 20, autocomplete: "off", value: name ?? "" })
  );
  const variant = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { name: "challenge-variant" },
      ...VARIANTS.filter((v) => v.seats.length === 2).map((v) => el("option", { value: v.id }, v.name)),
    )
  );
  const time = /** @type {HTMLSelectElement} */ (
    el("select", { name: "challenge-time" }, ...TIMES.map(([words], i) => el("option", { value: i }, words)))
  );
  const colour = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { name: "challenge-colour" },
      el("option", { value: "random" }, "Either, by chance"),
      el("option", { value: "white" }, "White"),
      el("option", { value: "black" }, "Black"),
    )
  );
  const rated = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", name: "challenge-rated" }));
  const said = el("p", { class: "notice", "aria-live": "polite" });
  const form = el(
    "form",
    {
      class: "challenge-form",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        const body = challengeBody(to.value, variant.value, Number(time.value), rated.checked, /** @type {ColourChoice} */ (colour.value));
        try {
          await request("POST", "/challenges", body);
          said.textContent = `Challenge sent to ${body.to}: the answer shows at the top of the page.`;
        } catch (err) {
          said.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    name ? null : el("label", {}, "Player ", to),
    el("label", {}, "Variant ", variant),
    el("label", {}, "Time ", time),
    el("label", {}, "You play ", colour),
    el("label", {}, rated, " Rated"),
    el("button", { type: "submit" }, name ? `Challenge ${name}` : "Challenge"),
  );
  return el(
    "section",
    { class: "challenge-box", "aria-label": name ? `Challenge ${name}` : "Challenge a player" },
    el("h3", {}, name ? `Challenge ${name}` : "Challenge a player"),
    form,
    said,
  );
}
