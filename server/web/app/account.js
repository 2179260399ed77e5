// Accounts in the page: who is logged in (the server says, from the session's cookie,
// which the page never reads), the header's links, and the pages to sign up, log in and
// change the settings. The server keeps the session; the page keeps nothing of it.

import { el, field, put, sentence } from "./dom.js";
import { request } from "./net.js";
import { NAME_MAX, NAME_RULE } from "./protocol.js";
import { codesSection, showNewCodes } from "./recovery.js";
import { challengeChoiceForm } from "./relations.js";

/**
 * @typedef {import("./protocol.js").Session} Session
 * @typedef {import("./protocol.js").SignUp} SignUp
 * @typedef {import("./protocol.js").LogIn} LogIn
 */

/** @type {Promise<Session | null> | null} */
let asked = null;

/** The session this browser has, or null: asked of the server once a page. */
export function me() {
  if (!asked) {
    // Asked of `/me`, which answers a visitor with nobody without an error (the
    // console stays clean); the server out of reach: nobody, for now.
    asked = request("GET", "/me").then(
      (/** @type {import("./protocol.js").Here} */ h) => /** @type {Session | null} */ (h.session ?? null),
      () => null,
    );
  }
  return asked;
}

/**
 * The header's account links: my name (my page), settings and "Log out"; or "Log in"
 * and "Sign up".
 * @param {HTMLElement} host
 */
export async function accountLinks(host) {
  const session = await me();
  if (!session) {
    put(host, el("a", { href: "/login" }, "Log in"), el("a", { href: "/signup" }, "Sign up"));
    return;
  }
  const out = el(
    "button",
    {
      type: "button",
      onclick: async () => {
        try {
          await request("DELETE", "/session", {});
        } finally {
          location.assign("/");
        }
      },
    },
    "Log out",
  );
  put(
    host,
    el("a", { href: `/players/${session.name}`, class: "me" }, session.name),
    el("a", { href: "/settings" }, "Settings"),
    out,
  );
}

/**
 * The server ended this browser's session (a game's socket was told so): the header
 * offers to log in again.
 */
export function signedOut() {
  asked = Promise.resolve(null);
  const host = document.getElementById("account");
  if (host) {
    void accountLinks(host);
  }
}

/**
 * The page to sign up (`signUp`) or log in, at `/signup` and `/login`.
 * @param {HTMLElement} main
 * @param {boolean} signUp
 */
export async function accountPage(main, signUp) {
  document.title = signUp ? "Sign up · Camelot" : "Log in · Camelot";
  const session = await me();
  if (session) {
    put(
      main,
      el(
        "div",
        { class: "account-page" },
        el("h1", {}, signUp ? "Sign up" : "Log in"),
        el(
          "p",
          {},
          "You are logged in as ",
          el("a", { href: `/players/${session.name}` }, session.name),
          ". To use another account, log out first (at the top of the page).",
        ),
      ),
    );
    return;
  }
  // No length cut: a name too long is said so, not shortened behind the player's back;
  // the server judges the name.
  const name = field("Name", {
    name: "username",
    autocomplete: "username",
    "aria-describedby": "name-rule",
  });
  const rule = el("p", { class: "field-rule", id: "name-rule" }, NAME_RULE);
  name.input.addEventListener("input", () => {
    const n = name.input.value.trim().length;
    rule.textContent = n > NAME_MAX ? `${NAME_RULE} This one has ${n} characters.` : NAME_RULE;
    rule.classList.toggle("bad", n > NAME_MAX);
  });
  const password = field("Password", {
    name: "password",
    type: "password",
    autocomplete: signUp ? "new-password" : "current-password",
    minlength: 8,
    maxlength: 128,
  });
  const said = el("p", { class: "notice", role: "alert" });
  const form = el(
    "form",
    {
      class: "account-form",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        said.textContent = "";
        /** @type {SignUp | LogIn} */
        const body = { name: name.input.value.trim(), password: password.input.value };
        try {
          /** @type {Session} */
          const opened = await request("POST", signUp ? "/account" : "/session", body);
          if (signUp && opened.recovery_codes && opened.recovery_codes.length > 0) {
            // The header learns who is here; the codes are shown this once.
            asked = Promise.resolve(opened);
            const host = document.getElementById("account");
            if (host) {
              void accountLinks(host);
            }
            showNewCodes(main, opened.name, opened.recovery_codes);
            return;
          }
          location.assign("/");
        } catch (err) {
          said.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    name.row,
    signUp ? rule : null,
    password.row,
    el("button", { type: "submit" }, signUp ? "Sign up" : "Log in"),
  );
  put(
    main,
    el(
      "div",
      { class: "account-page" },
      el("h1", {}, signUp ? "Sign up" : "Log in"),
      signUp
        ? el(
            "p",
            {},
            "An account keeps your games and your rating in each variant, on every device. ",
            "Playing by a link needs none.",
          )
        : null,
      form,
      said,
      el(
        "p",
        {},
        signUp
          ? el("a", { href: "/login" }, "I have an account: log in")
          : el("a", { href: "/signup" }, "No account yet: sign up"),
      ),
      signUp ? null : el("p", {}, el("a", { href: "/recover" }, "Forgot your password? Use a recovery code")),
    ),
  );
}

/**
 * `/settings`: a new password (every other device is logged out), or the account closed.
 * @param {HTMLElement} main
 */
export async function settingsPage(main) {
  document.title = "Settings · Camelot";
  const session = await me();
  if (!session) {
    put(main, el("h1", {}, "Settings"), el("p", {}, el("a", { href: "/login" }, "Log in"), " first."));
    return;
  }
  const old = field("Password now", { type: "password", autocomplete: "current-password", name: "old" });
  const fresh = field("New password", {
    type: "password",
    autocomplete: "new-password",
    minlength: 8,
    maxlength: 128,
    name: "new",
  });
  const changed = el("p", { class: "notice", role: "alert" });
  const change = el(
    "form",
    {
      class: "account-form",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        try {
          await request("POST", "/account/password", { old: old.input.value, new: fresh.input.value });
          changed.textContent = "Your password is changed; every other device is logged out.";
          old.input.value = "";
          fresh.input.value = "";
        } catch (err) {
          changed.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    old.row,
    fresh.row,
    el("button", { type: "submit" }, "Change the password"),
  );
  const confirm = field("Your password", { type: "password", autocomplete: "current-password", name: "confirm" });
  const closed = el("p", { class: "notice", role: "alert" });
  const close = el(
    "form",
    {
      class: "account-form",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        try {
          await request("DELETE", "/account", { password: confirm.input.value });
          location.assign("/");
        } catch (err) {
          closed.textContent = sentence(err instanceof Error ? err.message : String(err));
        }
      },
    },
    el(
      "p",
      {},
      "Your games stay, played by \u201cdeleted player\u201d; nobody else can take your name for 30 days.",
    ),
    confirm.row,
    el("button", { type: "submit", class: "danger" }, "Close my account"),
  );
  put(
    main,
    el(
      "div",
      { class: "account-page" },
      el("h1", {}, `Settings of ${session.name}`),
      el("h2", {}, "Password"),
      change,
      changed,
      codesSection(),
      challengeChoiceForm(),
      el("h2", {}, "Close the account"),
      close,
      closed,
    ),
  );
}
