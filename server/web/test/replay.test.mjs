// The replay's keys.
import { test } from "node:test";
import assert from "node:assert/strict";

import { stepFor } from "../app/replay.js";

test("the arrows step a ply and stop at the ends; Home and End jump", () => {
  assert.equal(stepFor("ArrowLeft", 5, 10), 4);
  assert.equal(stepFor("ArrowLeft", 0, 10), 0);
  assert.equal(stepFor("ArrowRight", 9, 10), 10);
  assert.equal(stepFor("ArrowRight", 10, 10), 10);
  assert.equal(stepFor("Home", 7, 10), 0);
  assert.equal(stepFor("End", 2, 10), 10);
  assert.equal(stepFor("a", 2, 10), null);
});
