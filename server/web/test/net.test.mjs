// Reconnection waits a little longer each time, as the other clients do.
import { test } from "node:test";
import assert from "node:assert/strict";
import { backoff } from "../app/net.js";

test("reconnections wait 0.2 s, doubling, at most 2 s", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 60].map(backoff), [200, 400, 800, 1600, 2000, 2000, 2000]);
});
