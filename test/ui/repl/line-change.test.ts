// A changed live-area line rewritten in its middle only: the spinner's glyph and counts, never where a
// terminal could draw the part before it or the change at another width, or where escapes other than
// colours are in the line.
import assert from "node:assert/strict";
import { test } from "node:test";
import { lineChange } from "../../../src/ui/repl/line-change.js";

const ESC = "\u001b[";
const spinner = (glyph: string, seconds: number, tokens: number) =>
  `${ESC}36m${glyph}${ESC}39m ${ESC}1mWorking…${ESC}22m ${ESC}2m(${seconds}s · ↓ ${tokens} tokens · esc to interrupt)${ESC}22m`;

test("a spinner tick rewrites the glyph alone, with its colour, then resets the styles", () => {
  assert.equal(lineChange(spinner("⠋", 3, 120), spinner("⠙", 3, 120)), `${ESC}36m⠙${ESC}0m`);
});

test("a changed count is rewritten from the glyph to the count, the rest left in place", () => {
  const change = lineChange(spinner("⠋", 3, 120), spinner("⠙", 3, 126));
  assert.equal(change, `${ESC}36m⠙${ESC}39m ${ESC}1mWorking…${ESC}22m ${ESC}2m(3s · ↓ 126${ESC}0m`);
});

test("after plain text the cursor moves to the first changed column and the styles in force are set", () => {
  const old = `status ${ESC}2m- 12% context${ESC}22m`;
  const line = `status ${ESC}2m- 13% context${ESC}22m`;
  assert.equal(lineChange(old, line), `${ESC}10C${ESC}2m3${ESC}0m`);
});

test("a change of width, wide text before the change, or other escapes: a whole rewrite", () => {
  assert.equal(lineChange(spinner("⠋", 9, 120), spinner("⠙", 10, 120)), undefined, "9s → 10s is wider");
  assert.equal(lineChange("日本 1", "日本 2"), undefined, "wide characters before the change");
  assert.equal(lineChange("a…b", "a·b"), undefined, "the changed characters are not surely narrow");
  const link = (text: string) => `\u001b]8;;https://x\u0007${text}\u001b]8;;\u0007`;
  assert.equal(lineChange(link("one"), link("two")), undefined, "a hyperlink");
  assert.equal(lineChange("abc", "xyz"), undefined, "nothing to gain");
});
