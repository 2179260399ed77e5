// What the game page writes of a result and of the last move.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  claimText,
  declinedText,
  lostText,
  offerText,
  resultText,
  resultWords,
  titleText,
} from "../app/words.js";

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

test("a result in words names the winners, partners together", () => {
  const grandcam = [
    { seat: "Red", side: 0 },
    { seat: "Green", side: 1 },
    { seat: "Blue", side: 0 },
    { seat: "Yellow", side: 1 },
  ];
  assert.equal(
    resultWords({ end: "decided", winner: 1, reason: "goal_castle" }, grandcam),
    "Green and Yellow win: pieces in the goal castle",
  );
  const two = [
    { seat: "White", side: 0 },
    { seat: "Black", side: 1 },
  ];
  assert.equal(resultWords({ end: "decided", winner: 0, reason: "resignation" }, two), "White wins: resignation");
  assert.equal(resultWords({ end: "decided", winner: null, reason: "repetition" }, two), "A draw: threefold repetition");
  assert.equal(resultWords({ end: "aborted" }, two), "Aborted before both sides moved");
});

test("what a seat lost counts one piece as one", () => {
  assert.equal(lostText(1, 1), "1 man, 1 knight");
  assert.equal(lostText(3, 0), "3 men");
  assert.equal(lostText(0, 2), "2 knights");
});

test("an offer reads as a sentence, the asker's or mine", () => {
  assert.equal(offerText("takeback", "Black"), "Black asks to take back their last move.");
  assert.equal(offerText("draw", "Ann (White)"), "Ann (White) offers a draw.");
  assert.equal(offerText("rematch", "Red"), "Red asks for a rematch.");
  assert.equal(offerText("draw", null), "You offered a draw.");
  assert.equal(offerText("takeback", null), "You asked to take back your last move.");
  assert.equal(declinedText("draw"), "Your draw offer was declined.");
  assert.equal(declinedText("takeback"), "Your takeback was declined.");
});

test("the tab's title leads with my move, and my clock in a timed game", () => {
  const game = "Camelot: game k3x9qz2a";
  assert.equal(titleText(game, false, 42_000), game);
  assert.equal(titleText(game, true, null), `Your move · ${game}`);
  assert.equal(titleText(game, true, 42_000), `Your move (0:42) · ${game}`);
});
