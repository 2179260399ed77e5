// The server's front page: the live games to watch, and the seats left open for anyone
// to take.

import { el, nameField, put, saveName } from "./dom.js";
import { ask, PROTOCOL } from "./net.js";

/**
 * @typedef {{ kind: string, minutes?: number, increment?: number, days?: number }} TimeControl
 */

/**
 * A time control as players say it.
 * @param {TimeControl} t
 */
export function timeText(t) {
  switch (t.kind) {
    case "clock":
      return `${t.minutes}+${t.increment}`;
    case "days":
      return t.days === 1 ? "1 day a move" : `${t.days} days a move`;
    default:
      return "no clock";
  }
}

/** @param {HTMLElement} main */
export async function lobbyPage(main) {
  document.title = "Camelot";
  const live = el("ul", { class: "games", "aria-label": "Live games" });
  const open = el("ul", { class: "open-seats", "aria-label": "Open seats" });
  const said = el("p", { class: "notice", role: "alert" });
  const nameInput = nameField();
  nameInput.addEventListener("change", () => saveName(nameInput.value));
  put(
    main,
    el(
      "div",
      { class: "lobby" },
      el("h1", {}, "Camelot"),
      el("p", {}, "Play or watch a game of the Camelot family on this server."),
      el("label", { class: "your-name" }, "Your name ", nameInput),
      said,
      el("h2", {}, "Open seats"),
      open,
      el("h2", {}, "Live games"),
      live,
    ),
  );
  try {
    const [games, seats] = await Promise.all([
      fetch("/games").then((r) => r.json()),
      fetch("/seats").then((r) => r.json()),
    ]);
    put(
      live,
      ...(games.length === 0 ? [el("li", {}, "No live games.")] : []),
      ...games.map((/** @type {any} */ g) =>
        el(
          "li",
          {},
          el("a", { href: `/${g.id}` }, `${g.variant}, ${timeText(g.time)}`),
          ` ${g.plies} plies, ${g.connected} connected`,
        ),
      ),
    );
    put(
      open,
      ...(seats.length === 0 ? [el("li", {}, "No open seats.")] : []),
      ...seats.map((/** @type {any} */ s) =>
        el(
          "li",
          {},
          `${s.variant}, ${timeText(s.time)}, game ${s.game}: `,
          el(
            "button",
            {
              onclick: async () => {
                const name = nameInput.value.trim();
                saveName(name);
                /** @type {import("./net.js").Message} */
                const take = { t: "take", v: PROTOCOL, game: s.game, seat: s.seat };
                if (name) {
                  take.name = name;
                }
                try {
                  const a = await ask(take);
                  if (a.t === "taken") {
                    location.assign(`/${a.game}/${a.token}`);
                  } else {
                    said.textContent = a.message ?? "the seat could not be taken";
                  }
                } catch (e) {
                  said.textContent = String(e);
                }
              },
            },
            `Play ${s.seat}`,
          ),
        ),
      ),
    );
  } catch (e) {
    said.textContent = `The server's lists cannot be read: ${e}`;
  }
}
