// What the game page writes of a result and of the last move.
import { test } from "node:test";
import assert from "node:assert/strict";

// game.js reaches for the browser only when a page is built; its helpers stand alone.
import { resultText, squaresOf } from "../app/game.js";

test("a result reads as the other clients write it", () => {
  assert.equal(resultText({ end: "decided", winner: 1, reason: "time" }), "0-1 (time)");
  assert.equal(
    resultText({ end: "decided", winner: 0, reason: "goal_castle" }),
    "1-0 (pieces in the goal castle)",
  );
  assert.equal(resultText({ end: "decided", winner: null, reason: "agreement" }), "1/2-1/2 (agreement)");
  assert.equal(resultText({ end: "aborted" }), "* (aborted)");
});

test("the last move's squares are read from its text", () => {
  assert.deepEqual(squaresOf("C6xA4xC2xC4"), ["C6", "A4", "C2", "C4"]);
  assert.deepEqual(squaresOf("T@C3"), ["C3"]);
  assert.deepEqual(squaresOf("pass"), []);
});
