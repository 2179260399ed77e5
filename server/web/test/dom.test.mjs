// A server's message shown on its own begins with a capital.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sentence } from "../app/dom.js";

test("a message shown on its own is a sentence", () => {
  assert.equal(sentence("that name is taken"), "That name is taken");
  assert.equal(sentence("Already one"), "Already one");
  assert.equal(sentence(""), "");
});
