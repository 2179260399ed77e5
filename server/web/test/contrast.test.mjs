// Every piece stands out from every square it can stand on, the highlighted ones
// included: WCAG's 3:1 for graphical objects, between a piece's edge and the square,
// computed from the colours the page draws with (its stylesheet and the seats' colours).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { INK_DARK, INK_LIGHT } from "../app/board.js";
import { DARK_INK_SEATS, EDGED_SEATS, SEAT_COLOURS } from "../app/protocol.js";

const css = readFileSync(new URL("../app/style.css", import.meta.url), "utf8");

/** @param {string} hex `#rrggbb` */
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** @param {string} a @param {string} b */
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The `fill` the stylesheet gives a square's class, through its variables. */
function fill(/** @type {string} */ cls) {
  const rule = css.match(new RegExp(`\\.sq\\.${cls} \\{ fill: ([^;]+);`));
  assert.ok(rule, `.sq.${cls} has a fill`);
  const value = rule[1].trim();
  const variable = value.match(/^var\((--[a-z]+)\)$/);
  if (!variable) {
    return value;
  }
  const declared = css.match(new RegExp(`${variable[1]}: (#[0-9a-f]{6});`));
  assert.ok(declared, `${variable[1]} is declared`);
  return declared[1];
}

const squares = ["light", "dark", "last", "path"].map((c) => [c, fill(c)]);
const edge = css.match(/\.piece\.edged \.disc \{ stroke: (#[0-9a-f]{6});/);
const colours = /** @type {Record<string, string>} */ (SEAT_COLOURS);

test("an edged piece's edge stands out from every square and from the piece", () => {
  assert.ok(edge, "edged pieces have an edge of their own");
  for (const [name, colour] of squares) {
    assert.ok(contrast(edge[1], colour) >= 3, `the edge on a ${name} square: ${contrast(edge[1], colour).toFixed(2)}`);
  }
  for (const seat of EDGED_SEATS) {
    assert.ok(contrast(edge[1], colours[seat]) >= 3, `the edge on a ${seat} piece: ${contrast(edge[1], colours[seat]).toFixed(2)}`);
  }
});

test("a piece without an edge stands out from every square by its own colour", () => {
  for (const [seat, piece] of Object.entries(colours)) {
    if (EDGED_SEATS.includes(seat)) {
      continue;
    }
    for (const [name, colour] of squares) {
      assert.ok(contrast(piece, colour) >= 3, `${seat} on a ${name} square: ${contrast(piece, colour).toFixed(2)}`);
    }
  }
});

test("the marks on every piece stand out from it", () => {
  for (const [seat, piece] of Object.entries(colours)) {
    const ink = DARK_INK_SEATS.includes(seat) ? INK_DARK : INK_LIGHT;
    assert.ok(contrast(ink, piece) >= 3, `the marks on a ${seat} piece: ${contrast(ink, piece).toFixed(2)}`);
  }
});

test("Grand Cam's four colours differ in lightness, partners most", () => {
  const four = ["Red", "Green", "Blue", "Yellow"];
  for (const [i, a] of four.entries()) {
    for (const b of four.slice(i + 1)) {
      assert.ok(contrast(colours[a], colours[b]) >= 1.5, `${a} and ${b}: ${contrast(colours[a], colours[b]).toFixed(2)}`);
    }
  }
  assert.ok(contrast(colours.Red, colours.Blue) >= 2, "Red and Blue, partners");
  assert.ok(contrast(colours.Green, colours.Yellow) >= 2, "Green and Yellow, partners");
});

test("the seat list's swatches are the board's colours", () => {
  for (const [seat, colour] of Object.entries(colours)) {
    const rule = css.match(new RegExp(`\\.swatch-${seat} \\{ background: (#[0-9a-f]{6});`));
    assert.ok(rule, `.swatch-${seat} has a background`);
    assert.equal(rule[1], colour, seat);
  }
});
