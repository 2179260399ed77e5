// Move entry from a list of legal moves: the landings offered a step at a time, how
// each is marked, and when a move is whole.
import { test } from "node:test";
import assert from "node:assert/strict";
import { continuing, made, marks, rounds, starts, stepKind, typed } from "../app/moves.js";

/** @type {import("../app/protocol.js").NamedMove[]} */
const legal = [
  { notation: "E6-E7", path: ["E6", "E7"], kind: "Plain", steps: ["Plain"], captures: [] },
  { notation: "E6-E8", path: ["E6", "E8"], kind: "Canter", steps: ["Canter"], captures: [] },
  {
    notation: "E6-E8-E10",
    path: ["E6", "E8", "E10"],
    kind: "Canter",
    steps: ["Canter", "Canter"],
    captures: [],
  },
  { notation: "F6xF8", path: ["F6", "F8"], kind: "Jump", steps: ["Jump"], captures: ["F7"] },
  {
    notation: "G6-G8xG10",
    path: ["G6", "G8", "G10"],
    kind: "Charge",
    steps: ["Canter", "Jump"],
    captures: ["G9"],
  },
  { notation: "F1-G1", path: ["F1", "G1"], kind: "CastleMove", steps: ["Plain"], captures: [] },
];

test("pieces that may move are the starts of the listed moves", () => {
  assert.deepEqual([...starts(legal)].sort(), ["E6", "F1", "F6", "G6"]);
});

test("each landing is offered once, marked by how the piece gets there", () => {
  assert.deepEqual(marks(legal, ["E6"]), [
    { square: "E7", kind: "plain", ends: true },
    { square: "E8", kind: "canter", ends: true },
  ]);
  assert.deepEqual(marks(legal, ["E6", "E8"]), [{ square: "E10", kind: "canter", ends: true }]);
  assert.deepEqual(marks(legal, ["F6"]), [{ square: "F8", kind: "jump", ends: true }]);
  assert.deepEqual(marks(legal, ["F1"]), [{ square: "G1", kind: "castle", ends: true }]);
});

test("a knight's charge canters, then jumps over what it takes", () => {
  const charge = legal[4];
  assert.equal(stepKind(charge, 1), "charge");
  assert.equal(stepKind(charge, 2), "jump");
  assert.deepEqual(marks(legal, ["G6"]), [{ square: "G8", kind: "charge", ends: false }]);
});

test("a move is whole when its path is a listed move's", () => {
  assert.equal(made(legal, ["E6"]), null);
  assert.equal(made(legal, ["E6", "E8"])?.notation, "E6-E8");
  assert.equal(made(legal, ["G6", "G8"]), null, "a charge goes on");
  assert.equal(continuing(legal, ["E6", "E8"]).length, 2);
});

test("a typed move is a listed move, in any case", () => {
  assert.equal(typed(legal, " e6-e8-e10 ")?.notation, "E6-E8-E10");
  assert.equal(typed(legal, "E6-E9"), null);
});

test("the move list goes a round a line, numbered", () => {
  assert.deepEqual(rounds(5, 2), [
    { number: 1, plies: [0, 1] },
    { number: 2, plies: [2, 3] },
    { number: 3, plies: [4] },
  ]);
  assert.deepEqual(rounds(6, 4), [
    { number: 1, plies: [0, 1, 2, 3] },
    { number: 2, plies: [4, 5] },
  ]);
  assert.deepEqual(rounds(0, 2), []);
  assert.equal(rounds(250, 2).at(-1)?.number, 125);
});
