// Reconnection waits a little longer each time, as the other clients do.
import { test } from "node:test";
import assert from "node:assert/strict";
import { backoff, nextPage } from "../app/net.js";

test("reconnections wait 0.2 s, doubling, at most 2 s", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 60].map(backoff), [200, 400, 800, 1600, 2000, 2000, 2000]);
});

test("the next page is where a Link header's rel=next points, and nowhere without one", () => {
  assert.equal(nextPage('</seats?before=ab12cd34&limit=20>; rel="next"'), "/seats?before=ab12cd34&limit=20");
  assert.equal(nextPage("</games?before=x&limit=5>;rel=next"), "/games?before=x&limit=5");
  assert.equal(nextPage('</games?before=x>; rel="prev"'), null);
  assert.equal(nextPage(null), null);
  assert.equal(nextPage(""), null);
});
