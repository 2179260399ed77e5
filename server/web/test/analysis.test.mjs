import { test } from "node:test";
import assert from "node:assert/strict";

import { chances, curvePath, summaries } from "../app/analysis.js";

/** @returns {import("../app/protocol.js").AnalysedPly} */
function ply(/** @type {number} */ i, /** @type {string} */ seat, /** @type {number} */ before, /** @type {number} */ after, /** @type {any} */ judgement) {
  const mv = { captures: [], kind: "Plain", notation: "E6-E7", path: ["E6", "E7"] };
  return { ply: i, seat: /** @type {any} */ (seat), played: /** @type {any} */ (mv), score: { cp: 0 }, before, after, judgement, best: /** @type {any} */ (mv), line: [] };
}

test("the graph's points are the start and the position after each ply", () => {
  const plies = [ply(0, "White", 0.5, 0.55, "best"), ply(1, "Black", 0.55, 0.8, "blunder")];
  assert.deepEqual(chances(plies), [0.5, 0.55, 0.8]);
  assert.deepEqual(chances([]), []);
  assert.equal(curvePath([0.5, 1, 0], 100, 10), "M0.00,5.00 L50.00,0.00 L100.00,10.00");
});

test("each side's marked moves are counted by the seats that made them", () => {
  const plies = [
    ply(0, "Red", 0.5, 0.5, "mistake"),
    ply(1, "Green", 0.5, 0.5, "inaccuracy"),
    ply(2, "Blue", 0.5, 0.5, "mistake"),
    ply(3, "Yellow", 0.5, 0.5, "best"),
  ];
  const sides = [
    { name: "Red and Blue", seats: ["Red", "Blue"] },
    { name: "Green and Yellow", seats: ["Green", "Yellow"] },
  ];
  assert.deepEqual(summaries(plies, sides), [
    "Red and Blue: no inaccuracy, 2 mistakes, no blunder",
    "Green and Yellow: 1 inaccuracy, no mistake, no blunder",
  ]);
});
