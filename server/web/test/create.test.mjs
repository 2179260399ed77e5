// The create form's requests and the links it hands out.
import { test } from "node:test";
import assert from "node:assert/strict";

import { addresses, defaultPlayers, newGame, TIMES } from "../app/create.js";

test("the form starts with me against the computer at club", () => {
  assert.deepEqual(defaultPlayers(["White", "Black"]), ["me", "computer:club"]);
  assert.deepEqual(defaultPlayers(["Red", "Green", "Blue", "Yellow"]), [
    "me",
    "computer:club",
    "computer:club",
    "computer:club",
  ]);
});

test("a request names the open seats and the computer's; the rest get tokens", () => {
  const seats = ["Red", "Green", "Blue", "Yellow"];
  const body = newGame("grandcam", TIMES[2][1], seats, ["me", "computer:master", "friend", "anyone"]);
  assert.deepEqual(body, {
    variant: "grandcam",
    time: { kind: "clock", minutes: 10, increment: 5 },
    open: ["Yellow"],
    computer: [{ seat: "Green", level: "master" }],
  });
  assert.deepEqual(newGame("camette", TIMES[0][1], ["White", "Black"], ["me", "friend"]), {
    variant: "camette",
    time: { kind: "untimed" },
  });
});

test("the links are my seat's and each friend's, by their tokens", () => {
  const seats = ["Red", "Green", "Blue", "Yellow"];
  const created = { game: "g7", seats: { Red: "t-red", Blue: "t-blue" }, open: ["Yellow"] };
  const at = addresses(created, seats, ["me", "computer:club", "friend", "anyone"], "http://h:1");
  assert.deepEqual(at, {
    mine: { seat: "Red", url: "http://h:1/g7/t-red" },
    friends: [{ seat: "Blue", url: "http://h:1/g7/t-blue" }],
  });
  const nobodyHere = addresses(
    { game: "g8", seats: { White: "a", Black: "b" }, open: [] },
    ["White", "Black"],
    ["friend", "friend"],
    "http://h:1",
  );
  assert.equal(nobodyHere.mine, null);
  assert.equal(nobodyHere.friends.length, 2);
});
