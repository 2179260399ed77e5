// The analysis board's computer lines in a player's words.
import { test } from "node:test";
import assert from "node:assert/strict";

import { scoreText, waitingText } from "../app/lines.js";

const two = [
  { name: "White", seats: ["White"] },
  { name: "Black", seats: ["Black"] },
];
const four = [
  { name: "Red and Blue", seats: ["Red", "Blue"] },
  { name: "Green and Yellow", seats: ["Green", "Yellow"] },
];

test("a score is the first side's, in men, or a forced end in the winner's moves", () => {
  assert.equal(scoreText({ cp: 125 }, two), "+1.25");
  assert.equal(scoreText({ cp: -40 }, two), "\u22120.40");
  assert.equal(scoreText({ cp: 0 }, two), "\u00b10.00");
  assert.equal(scoreText({ win: 5 }, two), "White wins in 3 moves");
  assert.equal(scoreText({ loss: 1 }, two), "Black wins in 1 move");
  assert.equal(scoreText({ win: 8 }, four), "Red and Blue win in 2 moves");
});

test("a position waiting for the computer says how long, in positions", () => {
  assert.equal(waitingText({ state: "queued", ahead: 0 }), "The server's computer looks at this position next…");
  assert.equal(waitingText({ state: "queued", ahead: 1 }), "The server's computer is busy: 1 position before this one…");
  assert.equal(waitingText({ state: "queued", ahead: 4 }), "The server's computer is busy: 4 positions before this one…");
  assert.equal(waitingText({ state: "running" }), "The server's computer is looking at this position…");
});
