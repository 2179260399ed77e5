// Who is around, on the front page: how many players are online and who, and the players
// waiting for a quick game, each joined with one click (asking for the same game pairs
// the two). Read again every few seconds; the server says it all.

import { me } from "./account.js";
import { el, put, sentence } from "./dom.js";
import { request } from "./net.js";
import { VARIANTS } from "./protocol.js";
import { timeText } from "./terms.js";

/**
 * @typedef {import("./protocol.js").Around} Around
 * @typedef {import("./protocol.js").WaitingPlayer} WaitingPlayer
 * @typedef {import("./protocol.js").QuickGame} QuickGame
 */

/** How often the front page asks again. */
const EVERY_MS = 10_000;

/**
 * Asks for a quick game until paired, then opens it; `said` tells the wait, and
 * `still()` says whether the player still wants it.
 * @param {QuickGame} body
 * @param {HTMLElement} said
 * @param {() => boolean} still
 * @returns {Promise<boolean>} whether a game was found (the page is leaving for it)
 */
export async function pairMe(body, said, still) {
  said.textContent = "Waiting for an opponent\u2026";
  while (still()) {
    /** @type {import("./protocol.js").Pairing} */
    const p = await request("POST", "/pairing", body);
    if (p.state === "paired") {
      location.assign(`/${p.game}`);
      return true;
    }
    said.textContent = `Waiting for an opponent\u2026 (opponents within ${p.range} points of your rating)`;
  }
  return false;
}

/**
 * "Lancelot (1500), Camette, 5+3, waiting 12 s".
 * @param {WaitingPlayer} w
 */
export function waitingText(w) {
  const variant = VARIANTS.find((v) => v.id === w.variant)?.name ?? w.variant;
  return `${w.name} (${w.rating}), ${variant}, ${timeText(w.time)}, waiting ${Math.round(w.waited_ms / 1000)} s`;
}

/**
 * "3 players online", "1 player online", "Nobody is online".
 * @param {number} n
 */
export function onlineText(n) {
  return n === 0 ? "Nobody is online just now." : `${n} ${n === 1 ? "player" : "players"} online:`;
}

/**
 * The front page's section, kept up to date.
 * @returns {HTMLElement}
 */
export function aroundSection() {
  const online = el("p", { class: "online" });
  const waiting = el("ul", { class: "waiting", "aria-label": "Waiting for a quick game" });
  const said = el("p", { class: "notice", "aria-live": "polite" });
  const section = el(
    "section",
    { class: "around", "aria-label": "Who is around" },
    el("h2", {}, "Who is around"),
    online,
    el("h3", {}, "Waiting for a quick game"),
    waiting,
    said,
  );
  let pairing = false;
  /** @param {WaitingPlayer} w */
  const join = async (w) => {
    pairing = true;
    try {
      await pairMe({ variant: w.variant, time: w.time }, said, () => pairing);
    } catch (e) {
      said.textContent = sentence(e instanceof Error ? e.message : String(e));
      pairing = false;
    }
  };
  const look = async () => {
    /** @type {Around} */
    let around;
    try {
      around = await request("GET", "/online");
    } catch {
      return;
    }
    const session = await me();
    put(
      online,
      onlineText(around.online),
      ...around.players.flatMap((n, i) => [i > 0 ? ", " : " ", el("a", { href: `/players/${n}` }, n)]),
    );
    const others = around.waiting.filter((w) => w.name !== session?.name);
    put(
      waiting,
      ...(others.length === 0
        ? [el("li", {}, "Nobody is waiting: ask for a quick game and others will see you here.")]
        : others.map((w) =>
            el(
              "li",
              {},
              waitingText(w),
              " ",
              session
                ? el("button", { type: "button", disabled: pairing, onclick: () => join(w) }, `Play ${w.name}`)
                : el("a", { href: "/login" }, "Log in to play"),
            ),
          )),
    );
  };
  void look();
  const timer = window.setInterval(() => {
    if (!section.isConnected) {
      window.clearInterval(timer);
      return;
    }
    void look();
  }, EVERY_MS);
  return section;
}
