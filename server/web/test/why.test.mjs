// Why a piece cannot move, as the page says it: from the server's constraint alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { named, whyNot } from "../app/why.js";

/** @type {import("../app/protocol.js").PieceView[]} */
const pieces = [
  { square: "K4", seat: "White", kind: "Knight" },
  { square: "D5", seat: "White", kind: "Man" },
  { square: "B5", seat: "White", kind: "Man" },
];
/** @type {import("../app/protocol.js").NamedMove[]} */
const legal = [
  { notation: "K4xK6", path: ["K4", "K6"], kind: "Jump", captures: ["K5"] },
  { notation: "D5xF7", path: ["D5", "F7"], kind: "Jump", captures: ["E6"] },
];

test("a compulsory capture names every piece that can jump", () => {
  const c = /** @type {const} */ ({ kind: "must_capture", pieces: ["K4"] });
  assert.equal(whyNot("B5", c, pieces, legal), "You must capture: the knight on K4 can jump");
  const two = /** @type {const} */ ({ kind: "must_capture", pieces: ["K4", "D5"] });
  assert.equal(
    whyNot("B5", two, pieces, legal),
    "You must capture: the knight on K4 or the man on D5 can jump",
  );
  assert.deepEqual([...named(two)], ["K4", "D5"]);
});

test("a piece that can move is not explained", () => {
  const c = /** @type {const} */ ({ kind: "must_capture", pieces: ["K4"] });
  assert.equal(whyNot("K4", c, pieces, legal), null);
});

test("the other rules, and none", () => {
  const leave = /** @type {const} */ ({ kind: "leave_castle", pieces: ["K4"], capturing: true });
  assert.equal(
    whyNot("B5", leave, pieces, legal),
    "You must leave the castle: the knight on K4 must go out, capturing",
  );
  assert.equal(
    whyNot("B5", { kind: "plant_tree", left: 2 }, pieces, []),
    "First plant your trees: 2 left",
  );
  assert.equal(whyNot("B5", { kind: "pass" }, pieces, []), "You have no move: pass");
  assert.equal(whyNot("B5", undefined, pieces, legal), "The man on B5 has no move now");
  assert.equal(named(undefined).size, 0);
});
