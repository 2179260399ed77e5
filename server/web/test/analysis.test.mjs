import { test } from "node:test";
import assert from "node:assert/strict";

import { chances, curvePath, moveTicks, moveWords, summaries } from "../app/analysis.js";

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

test("a move clicked is described itself: its judgement, the better move, the line from before it", () => {
  const named = (/** @type {string} */ n) => /** @type {any} */ ({ captures: [], kind: "Plain", notation: n, path: n.split("-") });
  const plies = [ply(0, "White", 0.5, 0.52, "best"), ply(1, "Black", 0.52, 0.81, "blunder"), ply(2, "White", 0.81, 0.8, "good")];
  plies[0].line = [named("E6-E8"), named("H11-F9")];
  plies[1].played = named("D10-D12");
  plies[1].best = named("F11-F10");
  plies[1].line = [named("F11-F10"), named("E8-E9")];
  const sides = [
    { name: "White", seats: ["White"] },
    { name: "Black", seats: ["Black"] },
  ];
  assert.equal(moveWords(plies, 0, sides), "The start. The computer's line from here: E6-E8 H11-F9");
  assert.equal(
    moveWords(plies, 2, sides),
    "1. Black D10-D12: a blunder. Better was F11-F10. White's winning chances: 52% before it, 81% after. The computer's line from before it: F11-F10 E8-E9",
  );
  assert.equal(moveWords(plies, 1, sides), "1. White E6-E7: the best move. White's winning chances: 50% before it, 52% after. The computer's line from before it: E6-E8 H11-F9");
  assert.equal(moveWords(plies, 3, sides), "2. White E6-E7: a good move. White's winning chances: 81% before it, 80% after.");
  assert.equal(moveWords(plies, 4, sides), "");
});

test("the graph marks move numbers along it, at most six, where each move begins", () => {
  // 30 plies of a two-seat game: 15 moves, every 5 (1, 5, 10, 15).
  assert.deepEqual(moveTicks(31, 2), [
    { move: 1, at: 0 },
    { move: 5, at: 8 / 30 },
    { move: 10, at: 18 / 30 },
    { move: 15, at: 28 / 30 },
  ]);
  // 6 plies: every move.
  assert.deepEqual(
    moveTicks(7, 2).map((t) => t.move),
    [1, 2, 3],
  );
  // Grand Cam, 4 plies a move: 40 plies are 10 moves, every 2.
  assert.deepEqual(
    moveTicks(41, 4).map((t) => t.move),
    [1, 2, 4, 6, 8, 10],
  );
});
