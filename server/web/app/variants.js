// The variants as the server describes them (`/variants/ID.json`: the board, the seats
// and their castles, each seat's side), and who partners whom, read from the sides: the
// page knows no rules of its own.

/**
 * @typedef {import("./protocol.js").VariantView} VariantView
 */

/**
 * The board and seats of variant `id`, from the server.
 * @param {string} id
 * @returns {Promise<VariantView>}
 */
export async function fetchVariant(id) {
  const r = await fetch(`/variants/${encodeURIComponent(id)}.json`);
  if (!r.ok) {
    throw new Error(`the server has no board for ${id}`);
  }
  return r.json();
}

/**
 * Who plays with whom: `Partners: Red and Blue against Green and Yellow`; empty where
 * everyone plays alone.
 * @param {Pick<VariantView, "seats">} v
 */
export function partnersLine(v) {
  /** @type {string[][]} */
  const sides = [];
  for (const s of v.seats) {
    (sides[s.side] ??= []).push(s.seat);
  }
  const teams = sides.filter((t) => t !== undefined);
  if (!teams.some((t) => t.length > 1)) {
    return "";
  }
  return `Partners: ${teams.map((t) => t.join(" and ")).join(" against ")}`;
}

/**
 * Each side's name ("White", "Red and Blue") and its seats, the first side first.
 * @param {Pick<VariantView, "seats">} v
 * @returns {{ name: string, seats: string[] }[]}
 */
export function sidesOf(v) {
  return [0, 1].map((side) => {
    const seats = v.seats.filter((s) => s.side === side).map((s) => s.seat);
    return { name: seats.join(" and "), seats };
  });
}
