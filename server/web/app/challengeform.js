// The form that challenges a player by name: on their page (named already) and on the
// front page (typed); Grand Cam's names a partner and the two against. The server judges
// the challenge; the form says what it answered.

import { TIMES } from "./create.js";
import { el, sentence } from "./dom.js";
import { request } from "./net.js";
import { VARIANTS } from "./protocol.js";

/**
 * @typedef {import("./protocol.js").ColourChoice} ColourChoice
 * @typedef {import("./protocol.js").NewChallenge} NewChallenge
 */

/**
 * The request a challenge form sends; Grand Cam's names the two against (`to`: the
 * partner).
 * @param {string} to
 * @param {string} variant
 * @param {number} time an index of `TIMES`
 * @param {boolean} rated
 * @param {ColourChoice} colour
 * @param {string[]} [against]
 * @returns {NewChallenge}
 */
export function challengeBody(to, variant, time, rated, colour, against = []) {
  const body = {
    to: to.trim(),
    variant: /** @type {NewChallenge["variant"]} */ (variant),
    time: TIMES[time][1],
    rated,
    colour,
  };
  const four = VARIANTS.find((v) => v.id === variant)?.seats.length === 4;
  return four ? { ...body, against: against.map((n) => n.trim()) } : body;
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
      ...VARIANTS.map((v) => el("option", { value: v.id }, v.name)),
    )
  );
  // Grand Cam: the player named is my partner, and two more partner each other against us.
  const against = [1, 2].map(
    (i) => /** @type {HTMLInputElement} */ (el("input", { name: `challenge-against-${i}`, maxlength: 20, autocomplete: "off" })),
  );
  const table = el(
    "span",
    { class: "challenge-against", hidden: true },
    el("label", {}, "Against ", against[0]),
    el("label", {}, "and ", against[1]),
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
  const who = el("span", {}, "Player ");
  // On a player's page they are named already: shown again only as a table's partner.
  const toLabel = el("label", { hidden: Boolean(name) }, who, to);
  to.readOnly = Boolean(name);
  const plays = el("span", {}, "You play ");
  const words = [
    ["Either, by chance", "Either, by chance"],
    ["White", "Our side first"],
    ["Black", "Our side second"],
  ];
  variant.addEventListener("change", () => {
    const four = VARIANTS.find((v) => v.id === variant.value)?.seats.length === 4;
    table.hidden = !four;
    toLabel.hidden = Boolean(name) && !four;
    for (const a of against) a.required = four;
    who.textContent = four ? "Your partner " : "Player ";
    plays.textContent = four ? "Moves " : "You play ";
    [...colour.options].forEach((o, i) => {
      o.textContent = words[i][four ? 1 : 0];
    });
  });
  const form = el(
    "form",
    {
      class: "challenge-form",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        const names = against.map((a) => a.value);
        const body = challengeBody(to.value, variant.value, Number(time.value), rated.checked, /** @type {ColourChoice} */ (colour.value), names);
        try {
          await request("POST", "/challenges", body);
          said.textContent = body.against
            ? `Challenge sent to ${[body.to, ...body.against].join(", ")}: the answers show at the top of the page.`
            : `Challenge sent to ${body.to}: the answer shows at the top of the page.`;
        } catch (err) {
          said.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    el("label", {}, "Variant ", variant),
    toLabel,
    table,
    el("label", {}, "Time ", time),
    el("label", {}, plays, colour),
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
