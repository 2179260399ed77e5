// The round the page holds, followed through the recorded rounds every client is tested
// with (online/tests/data/rounds.json, which online/tests/rounds.rs checks against the
// protocol's types and follows with the other clients' mirror).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { apply, initial, may } from "../app/round.js";

const rounds = JSON.parse(
  readFileSync(new URL("../../../online/tests/data/rounds.json", import.meta.url), "utf8"),
);
const sides = [
  { seat: "White", side: 0 },
  { seat: "Black", side: 1 },
];

/** @param {any} recorded */
function follow(recorded) {
  let round = initial();
  const news = [];
  for (const m of recorded.messages) {
    const followed = apply(round, m, 1000, sides);
    round = followed.round;
    news.push(followed.news);
  }
  return { round, news };
}

test("there are rounds to follow, a gap among them", () => {
  assert.ok(rounds.length >= 5);
  assert.ok(rounds.some((/** @type {any} */ r) => r.plies === null));
});

for (const recorded of rounds) {
  test(`the page follows the round: ${recorded.name}`, () => {
    const { round } = follow(recorded);
    if (recorded.plies === null) {
      assert.equal(round.needsWhole, true, "a ply never heard asks for the whole game");
      return;
    }
    assert.equal(round.needsWhole, false);
    assert.equal(round.moves.length, recorded.plies);
    assert.deepEqual(round.movers, recorded.movers);
    assert.deepEqual(
      round.view.offers.map((/** @type {any} */ o) => o.kind),
      recorded.offers,
    );
    assert.equal(Boolean(round.view.result), recorded.over);
    assert.deepEqual(round.view.may ?? [], recorded.may);
    for (const { seat, asks } of recorded.may) {
      for (const ask of ["abort", "resign", "offer_draw", "offer_takeback", "offer_rematch"]) {
        assert.equal(may(round, seat, ask), asks.includes(ask), `${seat} ${ask}`);
      }
    }
  });
}

test("a round is never changed in place: the one before stays as it was", () => {
  const recorded = rounds.find((/** @type {any} */ r) => r.name.startsWith("offers"));
  let round = initial();
  const seen = [];
  for (const m of recorded.messages) {
    const before = JSON.stringify(round);
    const next = apply(round, m, 1000, sides).round;
    assert.equal(JSON.stringify(round), before, m.t);
    seen.push(next);
    round = next;
  }
  assert.notDeepEqual(seen[0].view.offers, seen[1].view.offers);
});

test("my side's offer declined is news for me, another side's is not", () => {
  const recorded = rounds.find((/** @type {any} */ r) => r.name.startsWith("offers"));
  const { news } = follow(recorded);
  // Black offered and had it declined; this page plays White.
  const declined = recorded.messages.findIndex((/** @type {any} */ m) => m.t === "declined");
  assert.equal(news[declined].declined, undefined);
  const mine = structuredClone(recorded.messages.slice(0, 1));
  mine.push({ t: "offered", kind: "draw", by: "White" }, { t: "declined", kind: "draw", by: "Black" });
  assert.equal(follow({ messages: mine }).news[2].declined, "draw");
});

test("an offer taken up is said as accepted, to the side that made it and to the other", () => {
  const recorded = rounds.find((/** @type {any} */ r) => r.name === "a draw offered and accepted");
  const { round, news } = follow(recorded);
  // This page plays White, who offered: the end says it was accepted, and nothing says declined.
  assert.deepEqual(news.at(-1).accepted, { kind: "draw", mine: true });
  assert.ok(news.every((n) => n.declined === undefined));
  assert.equal(round.view.result.reason, "agreement");
  const black = structuredClone(recorded.messages);
  black[0].you = "Black";
  assert.deepEqual(follow({ messages: black }).news.at(-1).accepted, { kind: "draw", mine: false });
  // A takeback accepted comes as the whole game again, saying why.
  const state = structuredClone(recorded.messages[0]);
  state.accepted = { kind: "takeback", by: "White" };
  assert.deepEqual(follow({ messages: [state] }).news[0].accepted, { kind: "takeback", mine: true });
  const watching = { ...state, you: undefined };
  assert.deepEqual(follow({ messages: [watching] }).news[0].accepted, {
    kind: "takeback",
    mine: false,
  });
});

test("a move heard twice does not bring back what the seats could ask before it", () => {
  const recorded = rounds.find((/** @type {any} */ r) => r.name === "a move heard twice");
  const [state, first] = recorded.messages;
  let round = apply(initial(), state, 1000, sides).round;
  round = apply(round, first, 1000, sides).round;
  const stale = { ...first, may: [{ seat: "White", asks: ["resign"] }] };
  assert.deepEqual(apply(round, stale, 1000, sides).round.view.may, round.view.may);
});

test("a move heard is news, a move heard twice is not", () => {
  const recorded = rounds.find((/** @type {any} */ r) => r.name === "a move heard twice");
  const { news } = follow(recorded);
  const moved = recorded.messages.map((/** @type {any} */ m, /** @type {number} */ i) =>
    m.t === "moved" ? Boolean(news[i].moved) : null,
  );
  assert.deepEqual(moved, [null, true, false, true]);
});
