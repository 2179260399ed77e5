// What the page says of a challenge, and which answer takes it to a game.
import { test } from "node:test";
import assert from "node:assert/strict";

import { challengeBody } from "../app/challengeform.js";
import { incomingText, newlyAccepted, outcomeText, tableLine, waitingFor } from "../app/challenges.js";

/** @returns {import("../app/protocol.js").ChallengeView} */
function view(/** @type {object} */ more) {
  return {
    id: "c1",
    from: "Kay",
    to: "Ector",
    variant: "camette",
    time: { kind: "clock", minutes: 5, increment: 3 },
    rated: false,
    colour: "white",
    rating: 1500,
    provisional: true,
    expires_at: 0,
    state: "open",
    ...more,
  };
}

test("a challenge to me names the challenger, their rating, the game and my colour", () => {
  assert.equal(incomingText(view({})), "Kay (1500?) challenges you: Camette, 5+3, casual; you play Black.");
  assert.equal(
    incomingText(view({ rated: true, colour: "random", rating: 1712.4, provisional: false, time: { kind: "days", days: 3 } })),
    "Kay (1712) challenges you: Camette, 3 days a move, rated; colours by chance.",
  );
});

test("a declined or expired challenge of mine says so, in the reason's words", () => {
  assert.equal(outcomeText(view({ state: "declined", reason: "too_fast" })), "Ector declined your challenge: this clock is too fast for them.");
  assert.equal(outcomeText(view({ state: "expired" })), "Your challenge to Ector expired unanswered.");
  assert.equal(outcomeText(view({})), null);
  assert.equal(outcomeText(view({ state: "cancelled" })), null);
});

test("only a challenge accepted since the page last heard it open takes me to its game", () => {
  const known = new Map([
    ["c1", "open"],
    ["c2", "accepted"],
  ]);
  const accepted = (/** @type {string} */ id, /** @type {string} */ game) => view({ id, state: "accepted", game, seat: "White" });
  assert.deepEqual(newlyAccepted(known, [accepted("c1", "g1"), accepted("c2", "g2"), accepted("c3", "g3")]), ["g1"]);
  assert.deepEqual(newlyAccepted(known, [view({ id: "c1" })]), []);
});

test("a Grand Cam table names its partnerships, my seat and who has still to answer", () => {
  const seats = [
    { seat: "Red", name: "Kay", answer: "challenger" },
    { seat: "Green", name: "Bors", answer: "accepted" },
    { seat: "Blue", name: "Ector", answer: "waiting" },
    { seat: "Yellow", name: "Lionel", answer: "waiting" },
  ];
  const c = view({ variant: "grandcam", seats });
  assert.equal(tableLine(c), "Kay and Ector (Red and Blue) against Bors and Lionel (Green and Yellow)");
  assert.equal(waitingFor(c), "Ector and Lionel");
  assert.equal(waitingFor(c, "Ector"), "Lionel");
  assert.equal(
    incomingText(c, "Ector"),
    "Kay (1500?) asks you to a table: Grand Cam, 5+3, casual; Kay and Ector (Red and Blue) against Bors and Lionel (Green and Yellow); you play Blue. Also asked: Lionel.",
  );
  assert.equal(
    incomingText(c, "Bors"),
    "Kay (1500?) asks you to a table: Grand Cam, 5+3, casual; Kay and Ector (Red and Blue) against Bors and Lionel (Green and Yellow); you play Green. You accepted: waiting for Ector and Lionel.",
  );
  const no = view({ variant: "grandcam", state: "declined", reason: "later", seats: [...seats.slice(0, 3), { ...seats[3], answer: "declined" }] });
  assert.equal(outcomeText(no), "Lionel declined your challenge: not now: please ask again later.");
});

test("the form's request trims the name and carries the time chosen", () => {
  assert.deepEqual(challengeBody("  Ector ", "camelot", 1, true, "black"), {
    to: "Ector",
    variant: "camelot",
    time: { kind: "clock", minutes: 5, increment: 3 },
    rated: true,
    colour: "black",
  });
  assert.deepEqual(challengeBody("Ector", "grandcam", 1, false, "white", [" Bors", "Lionel "]).against, ["Bors", "Lionel"]);
  assert.equal(challengeBody("Ector", "camette", 1, false, "white", ["Bors", "Lionel"]).against, undefined);
});

test("who is around, and how long ago a player was here, in words", async () => {
  const { onlineText, waitingText } = await import("../app/around.js");
  const { agoText } = await import("../app/terms.js");
  assert.equal(onlineText(0), "Nobody is online just now.");
  assert.equal(onlineText(1), "1 player online:");
  assert.equal(onlineText(3), "3 players online:");
  assert.equal(
    waitingText({ name: "Kay", rating: 1512, variant: "camette", time: { kind: "untimed" }, waited_ms: 12_400 }),
    "Kay (1512), Camette, no clock, waiting 12 s",
  );
  const now = 10 * 86_400_000;
  assert.equal(agoText(now - 20_000, now), "just now");
  assert.equal(agoText(now - 60_000, now), "1 minute ago");
  assert.equal(agoText(now - 5 * 60_000, now), "5 minutes ago");
  assert.equal(agoText(now - 3 * 3_600_000, now), "3 hours ago");
  assert.equal(agoText(now - 30 * 3_600_000, now), "yesterday");
  assert.equal(agoText(now - 12 * 86_400_000, now), "12 days ago");
});
