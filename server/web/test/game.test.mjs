// What the game page writes of a result and of the last move.
import { test } from "node:test";
import assert from "node:assert/strict";

// game.js reaches for the browser only when a page is built; its helpers stand alone.
import { claimText, resultText } from "../app/game.js";

test("a result reads as the other clients write it", () => {
  assert.equal(resultText({ end: "decided", winner: 1, reason: "time" }), "0-1 (time)");
  assert.equal(
    resultText({ end: "decided", winner: 0, reason: "goal_castle" }),
    "1-0 (pieces in the goal castle)",
  );
  assert.equal(resultText({ end: "decided", winner: null, reason: "agreement" }), "1/2-1/2 (agreement)");
  assert.equal(resultText({ end: "aborted" }), "* (aborted)");
});

test("a claim's button names the draw in the engine's words", () => {
  assert.equal(claimText("fifty_moves"), "Claim a 50-move draw");
  assert.equal(claimText("repetition"), "Claim a repetition draw");
});
