// Which live game is the TV's.
import { test } from "node:test";
import assert from "node:assert/strict";

import { tvGame } from "../app/tv.js";

test("the TV is the live game the server marks", () => {
  const time = { kind: "untimed" };
  const games = [
    { id: "a", variant: "camelot", time, plies: 3, connected: 2 },
    { id: "b", variant: "camette", time, plies: 9, connected: 0, tv: true },
  ];
  assert.equal(tvGame(games)?.id, "b");
  assert.equal(tvGame(games.slice(0, 1)), null);
});
