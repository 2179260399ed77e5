// Players' relations in the page: following a player (to see them online and their games)
// or blocking them (they may not challenge me, and we are never paired), whom I take
// challenges from, and the players I follow on the front page. The server keeps and
// judges all of it.

import { el, put, sentence } from "./dom.js";
import { request } from "./net.js";
import { ACCEPT_FROM } from "./protocol.js";

/**
 * @typedef {import("./protocol.js").Relation} Relation
 * @typedef {import("./protocol.js").AcceptFrom} AcceptFrom
 * @typedef {import("./protocol.js").Following} Following
 */

/**
 * The buttons that change what I am to `name`, who I am `relation` to now.
 * @param {string} name
 * @param {Relation | undefined} relation
 */
export function relationButtons(name, relation) {
  const host = el("div", { class: "relation" });
  const said = el("p", { class: "notice", "aria-live": "polite" });
  /** @param {Relation | undefined} now */
  const show = (now) => {
    /** @param {Relation | null} to @param {string} label */
    const button = (to, label) =>
      el(
        "button",
        {
          type: "button",
          onclick: async () => {
            try {
              await request("POST", `/players/${encodeURIComponent(name)}/relation`, { name, relation: to });
              show(to ?? undefined);
              said.textContent = to === "follow" ? `You follow ${name}.` : to === "block" ? `You block ${name}: they cannot challenge you.` : "";
            } catch (e) {
              said.textContent = sentence(e instanceof Error ? e.message : String(e));
            }
          },
        },
        label,
      );
    put(
      host,
      now === "follow" ? button(null, "Unfollow") : button("follow", "Follow"),
      now === "block" ? button(null, "Unblock") : button("block", "Block"),
      said,
    );
  };
  show(relation);
  return host;
}

/** The settings' section: whom I take challenges from. */
export function challengeChoiceForm() {
  const select = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { name: "accept-from" },
      ...ACCEPT_FROM.map((a) => el("option", { value: a.accept }, sentence(a.words))),
    )
  );
  const said = el("p", { class: "notice", role: "status" });
  // The kept choice fills the field unless the player picked one first: an answer that
  // comes late never undoes what they chose.
  let picked = false;
  select.addEventListener("change", () => {
    picked = true;
  });
  request("GET", "/account/challenges").then(
    (/** @type {import("./protocol.js").ChallengeChoice} */ c) => {
      if (!picked) {
        select.value = c.accept;
      }
    },
    () => {},
  );
  const form = el(
    "form",
    {
      class: "account-form",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        try {
          await request("POST", "/account/challenges", { accept: select.value });
          said.textContent = "Kept.";
        } catch (err) {
          said.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    el("label", {}, "Take challenges from ", select),
    el("button", { type: "submit" }, "Keep"),
  );
  return el("section", {}, el("h2", {}, "Challenges"), form, said);
}

/** The front page's list of the players I follow, online first, with their games. */
export function followingSection() {
  const list = el("ul", { class: "following", "aria-label": "Players you follow" });
  const section = el("section", { class: "following-section", hidden: true }, el("h2", {}, "Players you follow"), list);
  request("GET", "/following").then(
    (/** @type {Following} */ f) => {
      section.hidden = false;
      put(
        list,
        ...(f.players.length === 0
          ? [el("li", {}, "Nobody yet: follow a player from their page.")]
          : f.players.map((p) =>
              el(
                "li",
                {},
                el("a", { href: `/players/${p.name}` }, p.name),
                p.online ? " (online)" : "",
                ...p.playing.flatMap((g) => [" ", el("a", { href: `/${g}` }, "watch")]),
              ),
            )),
      );
    },
    () => {},
  );
  return section;
}
