// Recovery codes in the page: shown once after signing up (to keep somewhere safe),
// made again in Settings (the old ones void), and `/recover`, where a name, one code and
// a new password log a player back in who lost theirs. The server makes, keeps (as
// hashes) and judges the codes; the page only shows and sends them.

import { el, field, put, sentence } from "./dom.js";
import { request } from "./net.js";

/**
 * The codes, each on a line, with a way to keep them (a file, or the clipboard).
 * @param {string[]} codes
 */
function codesBox(codes) {
  const text = `Camelot recovery codes for ${location.host}\n${codes.join("\n")}\n`;
  const copied = el("span", { class: "copied", "aria-live": "polite" });
  return el(
    "div",
    { class: "recovery-codes" },
    el("ul", {}, ...codes.map((c) => el("li", {}, el("code", {}, c)))),
    el(
      "a",
      {
        class: "button",
        download: "camelot-recovery-codes.txt",
        href: `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`,
      },
      "Save them as a file",
    ),
    " ",
    el(
      "button",
      {
        type: "button",
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(text);
            copied.textContent = "Copied";
          } catch {
            copied.textContent = "Select them and copy them";
          }
        },
      },
      "Copy",
    ),
    copied,
  );
}

/** What the codes are for, in a player's words. */
const WHAT_FOR =
  "If you forget your password, one of these codes lets you set a new one (each works once). " +
  "This server has no e-mail to send you a reset: keep them somewhere safe, away from this device. " +
  "They are shown only now.";

/**
 * After signing up: the account's codes, shown this once, then on to the front page.
 * @param {HTMLElement} main
 * @param {string} name
 * @param {string[]} codes
 */
export function showNewCodes(main, name, codes) {
  document.title = "Your recovery codes · Camelot";
  put(
    main,
    el(
      "div",
      { class: "account-page" },
      el("h1", {}, `Welcome, ${name}`),
      el("h2", {}, "Your recovery codes"),
      el("p", {}, WHAT_FOR),
      codesBox(codes),
      el("p", {}, el("button", { type: "button", onclick: () => location.assign("/") }, "I have kept them: go on")),
    ),
  );
}

/** Settings' section: new codes, the password asked again; the old ones void. */
export function codesSection() {
  const password = field("Your password", { type: "password", autocomplete: "current-password", name: "codes-password" });
  const shown = el("div", { "aria-live": "polite" });
  const form = el(
    "form",
    {
      class: "account-form",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        try {
          /** @type {import("./protocol.js").RecoveryCodes} */
          const made = await request("POST", "/account/recovery-codes", { password: password.input.value });
          password.input.value = "";
          put(shown, el("p", {}, `New codes; the old ones no longer work. ${WHAT_FOR}`), codesBox(made.codes));
        } catch (err) {
          put(shown, el("p", { class: "notice", role: "alert" }, sentence(err instanceof Error ? err.message : String(err))));
        }
      },
    },
    el("p", {}, "Lost your codes, or used some? Make new ones: the old ones stop working."),
    password.row,
    el("button", { type: "submit" }, "Make new recovery codes"),
  );
  return el("section", { "aria-label": "Recovery codes" }, el("h2", {}, "Recovery codes"), form, shown);
}

/**
 * `/recover`: a new password by a recovery code; logged in, on to the front page.
 * @param {HTMLElement} main
 */
export function recoverPage(main) {
  document.title = "A new password · Camelot";
  const name = field("Name", { name: "username", autocomplete: "username" });
  const code = field("Recovery code", { name: "code", autocomplete: "off", placeholder: "k3x9-qz2a-7mfp" });
  const fresh = field("New password", { type: "password", name: "new", autocomplete: "new-password", minlength: 8 });
  const said = el("p", { class: "notice", role: "alert" });
  const form = el(
    "form",
    {
      class: "account-form",
      "aria-label": "A new password",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        try {
          await request("POST", "/account/recover", {
            name: name.input.value.trim(),
            code: code.input.value.trim(),
            new: fresh.input.value,
          });
          location.assign("/");
        } catch (err) {
          said.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    name.row,
    code.row,
    fresh.row,
    el("button", { type: "submit" }, "Set the new password"),
  );
  put(
    main,
    el(
      "div",
      { class: "account-page" },
      el("h1", {}, "A new password"),
      el(
        "p",
        {},
        "Give your name, one of the recovery codes you were shown when you signed up, and a new password. ",
        "The code then no longer works, and every device is logged out.",
      ),
      form,
      said,
      el("p", {}, "No codes? The server's operator can give your account a new password."),
    ),
  );
}
