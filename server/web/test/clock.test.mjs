// Clocks as the page shows them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clockClass, clockText, remaining } from "../app/clock.js";

test("clocks read as players read them, as the 3D table writes them", () => {
  assert.equal(clockText(245_000), "4:05");
  assert.equal(clockText(9_400), "0:09.4");
  assert.equal(clockText(3_725_000), "1:02:05");
  assert.equal(clockText(-5), "0:00.0");
});

test("only the running clock counts down between messages", () => {
  const clocks = { remaining_ms: [60_000, 30_000], running: 1 };
  assert.deepEqual(remaining(clocks, 1000, 3500), [60_000, 27_500]);
  assert.deepEqual(remaining(clocks, 1000, 100_000), [60_000, 0]);
  assert.deepEqual(remaining({ remaining_ms: [5, 6] }, 0, 10_000), [5, 6]);
  assert.deepEqual(remaining(undefined, 0, 0), []);
});

test("a running clock under ten seconds is marked low, a stopped one never", () => {
  assert.equal(clockClass(true, 9_999), "clock low");
  assert.equal(clockClass(true, 10_000), "clock");
  assert.equal(clockClass(false, 3_000), "clock");
});
