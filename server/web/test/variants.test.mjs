// Who partners whom, read from the sides the server gives each seat.
import { test } from "node:test";
import assert from "node:assert/strict";

import { partnersLine } from "../app/variants.js";

test("partnerships are named from the seats' sides; none where everyone plays alone", () => {
  const grandCam = {
    seats: [
      { seat: /** @type {const} */ ("Red"), side: 0, castle: [] },
      { seat: /** @type {const} */ ("Green"), side: 1, castle: [] },
      { seat: /** @type {const} */ ("Blue"), side: 0, castle: [] },
      { seat: /** @type {const} */ ("Yellow"), side: 1, castle: [] },
    ],
  };
  assert.equal(partnersLine(grandCam), "Partners: Red and Blue against Green and Yellow");
  const camelot = {
    seats: [
      { seat: /** @type {const} */ ("White"), side: 0, castle: [] },
      { seat: /** @type {const} */ ("Black"), side: 1, castle: [] },
    ],
  };
  assert.equal(partnersLine(camelot), "");
});
