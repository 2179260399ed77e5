// Inviting friends: each friend's link shown with Copy, Share (a phone's sheet) and a QR
// code the server draws. The links made with a game are kept for my seat's page, in this
// tab's session storage (never in an address), until each friend has arrived.

import { el } from "./dom.js";

/**
 * @typedef {import("./protocol.js").SeatColour} SeatColour
 * @typedef {import("./protocol.js").SeatView} SeatView
 * @typedef {{ seat: SeatColour, url: string }} Invitation
 */

/** @param {string} mine my seat's address */
function key(mine) {
  return `camelot.invitations.${new URL(mine, location.origin).pathname}`;
}

/**
 * Keeps the links to send for the page of my seat at `mine`; none: forgets them.
 * @param {string} mine
 * @param {Invitation[]} friends
 */
export function keepInvitations(mine, friends) {
  try {
    if (friends.length === 0) {
      sessionStorage.removeItem(key(mine));
    } else {
      sessionStorage.setItem(key(mine), JSON.stringify(friends));
    }
  } catch {
    // No storage: the links are not shown again; the creator can still copy them now.
  }
}

/**
 * The links kept for the page of my seat at `mine`.
 * @param {string} mine
 * @returns {Invitation[]}
 */
export function keptInvitations(mine) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key(mine)) ?? "[]");
    return Array.isArray(kept) ? kept.filter((i) => typeof i?.seat === "string" && typeof i?.url === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The invitations still waiting: those whose seat nobody has come to.
 * @param {Invitation[]} invitations
 * @param {SeatView[]} seats
 */
export function waiting(invitations, seats) {
  return invitations.filter((i) => !seats.some((s) => s.seat === i.seat && (s.connected || s.name || s.account)));
}

/**
 * A link to send: shown, with a button that copies it and, where the system has a share
 * sheet (a phone), one that shares it.
 * @param {string} words
 * @param {string} url
 */
export function linkLine(words, url) {
  const copied = el("span", { class: "copied", "aria-live": "polite" });
  const copy = el(
    "button",
    {
      type: "button",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          copied.textContent = "Copied";
        } catch {
          copied.textContent = "Select the link and copy it";
        }
      },
    },
    "Copy",
  );
  const share =
    typeof navigator.share === "function"
      ? el(
          "button",
          {
            type: "button",
            onclick: () => {
              navigator.share({ title: "A game of Camelot", url }).catch(() => {});
            },
          },
          "Share",
        )
      : null;
  const qr = el("div", { class: "qr" });
  drawQr(qr, url);
  return el(
    "div",
    { class: "invitation" },
    el("p", {}, words),
    el("input", { type: "text", readonly: true, value: url, "aria-label": words }),
    copy,
    share,
    copied,
    qr,
  );
}

/**
 * The link's QR code, drawn by the server (a POST: the token stays out of addresses),
 * for a phone's camera to open from this screen. Without it the link is still there.
 * @param {HTMLElement} host
 * @param {string} url
 */
async function drawQr(host, url) {
  try {
    const r = await fetch("/qr", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: url,
      signal: AbortSignal.timeout(15_000),
    });
    if (!r.ok) {
      return;
    }
    const svg = new DOMParser().parseFromString(await r.text(), "image/svg+xml").documentElement;
    if (svg.nodeName === "svg") {
      host.append(document.importNode(svg, true));
    }
  } catch {
    // No code: the link and its buttons are enough.
  }
}
