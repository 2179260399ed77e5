// How every page writes a variant, a time control and a rating, in a player's words.

import { VARIANTS } from "./protocol.js";

/**
 * A variant's name, by its id (the id itself for one this page does not know).
 * @param {string} id
 */
export function variantName(id) {
  return VARIANTS.find((v) => v.id === id)?.name ?? id;
}

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

/**
 * How long ago `then` was, at `now`, as players say it: "just now", "5 minutes ago",
 * "3 hours ago", "yesterday", "12 days ago".
 * @param {number} then unix ms
 * @param {number} now unix ms
 */
export function agoText(then, now) {
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  const plural = (/** @type {number} */ n, /** @type {string} */ unit) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 1) {
    return "just now";
  }
  if (minutes < 60) {
    return plural(minutes, "minute");
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return plural(hours, "hour");
  }
  const days = Math.floor(hours / 24);
  return days === 1 ? "yesterday" : plural(days, "day");
}
