// A tournament's games in words: a pair, and a Grand Cam arena's table of four.
import { test } from "node:test";
import assert from "node:assert/strict";

import { sidesText } from "../app/tournaments.js";

test("a game names its two players, a table its two partnerships", () => {
  const game = { game: "g1", round: 1, white: "Kay", black: "Ector", score: null, points: null, started_at: 0, ended_at: null };
  assert.equal(sidesText(game), "Kay against Ector");
  assert.equal(sidesText({ ...game, partners: ["Bors", "Lionel"] }), "Kay and Bors against Ector and Lionel");
});
