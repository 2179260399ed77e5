// The pieces as the SVG board draws them: a disc in its seat's colour (edged where the
// colour needs it), a partner's ring, the knight's head, and River Camelot's trees.

import { svg } from "./dom.js";
import { DARK_INK_SEATS, EDGED_SEATS, PARTNER_RINGS, SEAT_COLOURS } from "./protocol.js";

/** @typedef {import("./protocol.js").PieceView} PieceView */

const COLOURS = /** @type {Record<string, string>} */ (SEAT_COLOURS);
const RINGS = /** @type {Record<string, string>} */ (PARTNER_RINGS);
const EDGED = new Set(EDGED_SEATS);
const DARK_INK = new Set(DARK_INK_SEATS);

/** The marks on a piece (a man's ring, a knight's head): dark on a light fill. */
export const INK_DARK = "#2a2118";
export const INK_LIGHT = "#f1e6cf";

/**
 * A piece: a disc of its seat's colour; a knight's has a horse's head on it.
 * @param {PieceView} p
 * @param {number} x
 * @param {number} y
 */
export function pieceAt(p, x, y) {
  const g = svg("g", {
    class: `piece piece-${p.seat} ${EDGED.has(p.seat) ? "edged" : "dark"} ${p.kind === "Knight" ? "knight" : "man"}`,
    "data-square": p.square,
  });
  g.append(
    svg("circle", {
      cx: x + 0.5,
      cy: y + 0.5,
      r: 0.4,
      fill: COLOURS[p.seat] ?? "#888",
      class: "disc",
    }),
  );
  const ring = RINGS[p.seat];
  if (ring) {
    g.append(
      svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.31, fill: "none", stroke: ring, "stroke-width": 0.06 }),
    );
  }
  const ink = DARK_INK.has(p.seat) ? INK_DARK : INK_LIGHT;
  if (p.kind === "Knight") {
    g.append(
      svg("path", {
        d: KNIGHT,
        fill: ink,
        transform: `translate(${x + 0.5} ${y + 0.5}) scale(0.021)`,
      }),
    );
  } else {
    g.append(
      svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.16, fill: "none", stroke: ink, "stroke-width": 0.035, opacity: 0.55 }),
    );
  }
  return g;
}

/**
 * River Camelot's tree.
 * @param {number} x
 * @param {number} y
 */
export function treeAt(x, y) {
  return svg(
    "g",
    { class: "tree" },
    svg("rect", { x: x + 0.45, y: y + 0.55, width: 0.1, height: 0.3, fill: "#5b3a1e" }),
    svg("circle", { cx: x + 0.5, cy: y + 0.42, r: 0.27, fill: "#2f6b2a" }),
  );
}

/** A horse's head facing left, centred on the origin, about 28 units across. */
const KNIGHT =
  "M -9 13 L 11 13 L 11 9 C 11 3 8 -2 5 -6 C 7 -8 8 -10 7 -13 C 4 -12 2 -11 0 -10 " +
  "C -4 -11 -8 -8 -10 -4 L -13 2 C -13 4 -11 5 -9 4 L -6 2 C -4 3 -2 3 0 1 " +
  "C -3 5 -8 8 -9 13 Z";
