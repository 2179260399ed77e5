// The rules pages (`/rules`, `/rules/VARIANT`), built by the server from the program's rules
// text: this draws each diagram with the game's own board, sharp at any size. A diagram
// is a position and, where the text shows a piece in motion, the squares clicked so far,
// its landings still open marked as at the table. The page knows no rules: the server
// sent the position and the moves.

import { accountLinks } from "./account.js";
import { Board } from "./board.js";
import { followChallenges } from "./challenges.js";

/**
 * @typedef {import("./protocol.js").VariantView} VariantView
 * @typedef {import("./protocol.js").BoardView} BoardView
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {{ variant: string, board: BoardView, legal?: NamedMove[], picked?: string[] }} Diagram
 */

/** @type {Map<string, Promise<VariantView>>} */
const variants = new Map();

/** @param {string} id */
function variantView(id) {
  let v = variants.get(id);
  if (!v) {
    v = fetch(`/variants/${id}.json`).then((r) => {
      if (!r.ok) {
        throw new Error(`no variant ${id}`);
      }
      return r.json();
    });
    variants.set(id, v);
  }
  return v;
}

/** @param {HTMLElement} host */
async function draw(host) {
  /** @type {Diagram} */
  const d = JSON.parse(host.dataset.diagram ?? "{}");
  const v = await variantView(d.variant);
  const board = new Board(host, v, { onMove: () => {}, still: host.getAttribute("aria-label") ?? v.name });
  board.orient(v.seats[0].seat);
  board.show(d.board, d.legal ?? [], []);
  board.pick(d.picked ?? []);
}

for (const host of document.querySelectorAll(".diagram[data-diagram]")) {
  draw(/** @type {HTMLElement} */ (host)).catch((e) => {
    host.textContent = `The diagram cannot be drawn: ${e instanceof Error ? e.message : e}`;
  });
}

// The header's account menu and my challenges, as on every page.
const accountHost = document.getElementById("account");
if (accountHost) {
  void accountLinks(accountHost);
}
const challengesHost = document.getElementById("challenges");
if (challengesHost) {
  void followChallenges(challengesHost);
}
