// How every page writes a time control and a rating, in a player's words.

/**
 * @typedef {import("./protocol.js").TimeControl} TimeControl
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

/**
 * A rating as players read it: rounded, with a "?" while it is provisional.
 * @param {number} rating
 * @param {boolean} provisional
 */
export function ratingText(rating, provisional) {
  return `${Math.round(rating)}${provisional ? "?" : ""}`;
}
