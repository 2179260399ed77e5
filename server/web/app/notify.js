// My turn, noticed while the page is in a hidden tab: a system notification, only where
// the player allowed it (asked by a button, never on load).

/** Whether the browser can notify and has not been told yes or no yet. */
export function mayAsk() {
  return typeof Notification !== "undefined" && Notification.permission === "default";
}

/** Asks the player's leave to notify; resolves once they answered. */
export async function ask() {
  if (typeof Notification !== "undefined") {
    await Notification.requestPermission();
  }
}

/**
 * Says "Your move" and what was played, if the tab is hidden and notifying is allowed.
 * A click brings the tab back.
 * @param {string} title
 * @param {string} body
 * @returns {boolean} whether it was said
 */
export function yourMove(title, body) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted" || !document.hidden) {
    return false;
  }
  // One at a time: a newer turn replaces the older notice (the same tag).
  const n = new Notification(title, { body, tag: "camelot-your-move" });
  n.onclick = () => {
    window.focus();
    n.close();
  };
  return true;
}
