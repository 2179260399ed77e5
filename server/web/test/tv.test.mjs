// What the TV says between two matches.
import { test } from "node:test";
import assert from "node:assert/strict";

import { nextLine } from "../app/tv.js";

test("the next match is named with the seconds left, rounded up, then as starting", () => {
  const next = { variant: /** @type {const} */ ("river"), in_ms: 14_000 };
  assert.equal(nextLine(next, 14_000), "Next: River Camelot, in 14 s");
  assert.equal(nextLine(next, 13_200), "Next: River Camelot, in 14 s");
  assert.equal(nextLine(next, 0), "Next: River Camelot, starting now");
  assert.equal(nextLine(next, -3_000), "Next: River Camelot, starting now");
});
