// Challenges in the page: on every page while I am logged in, the challenges to me and
// mine as the server tells them on the site socket, without a reload (a Grand Cam
// table's with every seat, and who has still to answer). The server judges every
// challenge; the page only shows what it says. The form that sends one is
// challengeform.js.

import { me, signedOut } from "./account.js";
import { el, put, sentence } from "./dom.js";
import { SiteLink, request } from "./net.js";
import { DECLINES } from "./protocol.js";
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
 * A Grand Cam table's partnerships: "Kay and Ector (Red and Blue) against Bors and
 * Lionel (Green and Yellow)" (partners sit two seats apart in turn order).
 * @param {ChallengeView} c
 */
export function tableLine(c) {
  const s = c.seats ?? [];
  const side = (/** @type {number} */ i) => `${s[i].name} and ${s[i + 2].name} (${s[i].seat} and ${s[i + 2].seat})`;
  return s.length === 4 ? `${side(0)} against ${side(1)}` : "";
}

/**
 * Who a table still waits for, by name: "Bors and Lionel", "Bors, Ector and Lionel".
 * @param {ChallengeView} c
 * @param {string} [but] a name left out (mine)
 */
export function waitingFor(c, but) {
  const names = (c.seats ?? []).filter((s) => s.answer === "waiting" && s.name !== but).map((s) => s.name);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}

/**
 * A challenge to me: "Kay (1500?) challenges you: Camette, 5+3, casual; you play Black.";
 * a Grand Cam table's names every seat, mine, and who has still to answer.
 * @param {ChallengeView} c
 * @param {string} [myName]
 */
export function incomingText(c, myName) {
  const from = `${c.from} (${ratingText(c.rating, c.provisional)})`;
  const mine = c.seats?.find((s) => s.name === myName);
  if (!c.seats?.length) {
    return `${from} challenges you: ${gameWords(c)}; ${yourColour(c.colour)}.`;
  }
  const still = waitingFor(c, myName);
  const after =
    mine?.answer === "accepted"
      ? ` You accepted${still ? `: waiting for ${still}` : ""}.`
      : still
        ? ` Also asked: ${still}.`
        : "";
  return `${from} asks you to a table: ${gameWords(c)}; ${tableLine(c)}${mine ? `; you play ${mine.seat}` : ""}.${after}`;
}

/**
 * What became of a challenge I sent, or `null` while it waits and once it made a game.
 * @param {ChallengeView} c
 */
export function outcomeText(c) {
  switch (c.state) {
    case "declined": {
      const who = c.seats?.find((s) => s.answer === "declined")?.name ?? c.to;
      return `${who} declined your challenge: ${DECLINES.find((d) => d.reason === c.reason)?.words ?? "no reason given"}.`;
    }
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
 * Waits for the table I accepted to be made, then goes to its game; says what became of
 * it otherwise.
 * @param {string} id
 * @param {HTMLElement} said
 */
async function awaitTable(id, said) {
  for (;;) {
    /** @type {ChallengeView} */
    const c = await request("GET", `/challenges/${id}?wait=1`);
    if (c.state === "accepted") {
      location.assign(`/${c.game}`);
      return;
    }
    if (c.state !== "open") {
      said.textContent = c.state === "declined" ? `${outcomeText(c)?.replace(" your ", " the ")}` : `The table was ${c.state}.`;
      return;
    }
  }
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
    /** My name, for the seats of a table I am asked to. */
    this.name = "";
    void me().then((s) => {
      this.name = s?.name ?? "";
    });
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
        /** @type {import("./protocol.js").Acceptance | {}} */
        const a = await request("POST", path, body);
        if ("game" in a) {
          location.assign(`/${a.game}`);
        } else if ("waiting_for" in a) {
          said.textContent = `Accepted: waiting for ${(a.waiting_for ?? []).join(" and ")} to accept.`;
          await awaitTable(c.id, said);
        }
      } catch (e) {
        said.textContent = sentence(e instanceof Error ? e.message : String(e));
      }
    };
    return el(
      "div",
      { class: "challenge incoming", "data-challenge": c.id },
      el("p", {}, el("a", { href: `/players/${c.from}` }, c.from), incomingText(c, this.name).slice(c.from.length)),
      // A table's seat accepted already waits for the others (its Decline leaves it).
      c.seats?.find((s) => s.name === this.name)?.answer === "accepted"
        ? null
        : el("button", { type: "button", class: "accept", onclick: () => answer(`/challenges/${c.id}/accept`, {}) }, "Accept"),
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
          el(
            "p",
            {},
            c.seats?.length
              ? `You asked for a table: ${gameWords(c)}; ${tableLine(c)}. Waiting for ${waitingFor(c)}\u2026`
              : `You challenged ${c.to}: ${gameWords(c)}. Waiting for an answer\u2026`,
          ),
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
