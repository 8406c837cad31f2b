import assert from "node:assert/strict";
import { test } from "node:test";
import { splitKeyChunk } from "../../../src/ui/repl/key-chunks.js";

test("a chunk with Ctrl+letter keys splits into the keys in order", () => {
  assert.deepEqual(splitKeyChunk("\u0012stag"), [
    { kind: "ctrl", letter: "r" },
    { kind: "text", text: "stag" },
  ]);
  assert.deepEqual(splitKeyChunk("ab\u0015cd\r"), [
    { kind: "text", text: "ab" },
    { kind: "ctrl", letter: "u" },
    { kind: "text", text: "cd\r" },
  ]);
  assert.deepEqual(splitKeyChunk("\u000f\u000f"), [
    { kind: "ctrl", letter: "o" },
    { kind: "ctrl", letter: "o" },
  ]);
});

test("single keys, plain text, Enter, Tab, newlines and escape sequences are left whole", () => {
  for (const chunk of [
    "\u0012",
    "r",
    "stag",
    "stag\r",
    "a\tb",
    "one\ntwo",
    "\u001b[A",
    "\u001b\u0012x",
    "a\u007fb",
  ])
    assert.equal(splitKeyChunk(chunk), undefined, JSON.stringify(chunk));
});
