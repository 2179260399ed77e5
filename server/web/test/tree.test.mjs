// The analysis board's move tree: moves tried kept as variations, written as a record
// with variations is, the game's own moves told from those tried.
import { test } from "node:test";
import assert from "node:assert/strict";

import { cut, fromGame, movesTo, onMainLine, startTree, stepTo, tokens, tryMove } from "../app/tree.js";

/** A named move as the server sends one, by its notation alone. */
const m = (/** @type {string} */ notation) => ({ path: [], kind: "Plain", steps: [], captures: [], notation });

/** The tokens as text: "1. a b ( 1… c ) 2. d". */
const written = (/** @type {any} */ root, /** @type {number} */ seats) =>
  tokens(root, seats)
    .map((t) => (t.t === "open" ? "(" : t.t === "close" ? ")" : `${t.number ? `${t.number} ` : ""}${t.node.move.notation}`))
    .join(" ");

test("a move tried where another was played is a variation, and tried again is the same", () => {
  const root = startTree([m("a"), m("b"), m("c")]);
  const a = root.children[0];
  const c2 = tryMove(a, m("x"));
  assert.equal(a.children.length, 2);
  assert.equal(tryMove(a, m("x")), c2);
  assert.equal(tryMove(a, m("b")), a.children[0]);
  tryMove(c2, m("y"));
  assert.equal(written(root, 2), "1. a b ( 1… x 2. y ) 2. c");
  assert.deepEqual(movesTo(c2.children[0]).map((x) => x.notation), ["a", "x", "y"]);
  assert.equal(onMainLine(c2), false);
  assert.equal(onMainLine(a.children[0].children[0]), true);
});

test("a study of a game starts from the game's last move on the line, with the rest tried", () => {
  const root = startTree([m("a"), m("b"), m("c")]);
  const b = root.children[0].children[0];
  const y = tryMove(tryMove(b, m("x")), m("y"));
  assert.deepEqual(fromGame(y), { ply: 2, tried: [m("x"), m("y")] });
  assert.deepEqual(fromGame(b.children[0]), { ply: 3, tried: [] });
  assert.deepEqual(fromGame(root), { ply: 0, tried: [] });
  // From a variant's start, nothing is the game's but the start.
  const empty = startTree();
  const first = tryMove(empty, m("a"));
  assert.deepEqual(fromGame(first), { ply: 0, tried: [m("a")] });
});

test("the keys walk the line shown; a variation cut goes with everything after it", () => {
  const root = startTree([m("a"), m("b")]);
  const a = root.children[0];
  const x = tryMove(a, m("x"));
  const y = tryMove(x, m("y"));
  assert.equal(stepTo(y, "ArrowLeft"), x);
  assert.equal(stepTo(x, "ArrowRight"), y);
  assert.equal(stepTo(y, "ArrowRight"), null);
  assert.equal(stepTo(y, "Home"), root);
  assert.equal(stepTo(root, "End"), a.children[0]);
  assert.equal(stepTo(root, "Home"), null);
  assert.equal(stepTo(root, "q"), null);
  assert.equal(cut(x), a);
  assert.equal(written(root, 2), "1. a b");
  assert.equal(cut(root), root);
});

test("four seats number a round of four, and a line opened on the third says so", () => {
  const root = startTree([m("r1"), m("g1"), m("b1"), m("y1"), m("r2")]);
  const g1 = root.children[0].children[0];
  tryMove(g1, m("B"));
  assert.equal(written(root, 4), "1. r1 g1 b1 ( 1… B ) 1… y1 2. r2");
});
