// The thinking entry as text: one line collapsed, the thought wrapped under it in the detailed view
// (Ctrl+O), and redacted thinking (no text) never offering to expand what cannot be shown.
import assert from "node:assert/strict";
import { test } from "node:test";
import { entryText } from "../../../src/ui/repl/entry-text.js";
import { createStyle, stripAnsi } from "../../../src/ui/repl/style.js";

const style = createStyle(true);
/** The entry as the eye reads it (dim and italic are kept without colour too). */
const shown = (entry: Parameters<typeof entryText>[0], width: number, detailed = false) =>
  stripAnsi(entryText(entry, style, width, { detailed }));
const thought = { kind: "thinking" as const, id: 1, seconds: 4, text: "First step. ".repeat(8).trim() };

test("collapsed: one line with the way to expand it", () => {
  assert.equal(shown(thought, 40), "✻ Thought for 4s (ctrl+o to expand)");
});

test("detailed: the whole thought, wrapped to the width and indented under the line", () => {
  const lines = shown(thought, 40, true).split("\n");
  assert.equal(lines[0], "✻ Thought for 4s:");
  assert.ok(lines.length > 2, "wrapped over several lines");
  for (const line of lines.slice(1)) {
    assert.ok(line.startsWith("  "), line);
    assert.ok(line.length <= 40, line);
  }
  assert.equal(
    lines
      .slice(1)
      .map((line) => line.trim())
      .join(" "),
    thought.text,
  );
});

test("redacted thinking has nothing to expand", () => {
  const redacted = { ...thought, text: "" };
  assert.equal(shown(redacted, 40), "✻ Thought for 4s");
  assert.equal(shown(redacted, 40, true), "✻ Thought for 4s");
});

test("the thought is dim and italic", () => {
  const body = entryText(thought, style, 80, { detailed: true }).split("\n")[1]!;
  assert.match(body, /\u001b\[2m\u001b\[3m/);
});

test("a replayed thought has no duration to show", () => {
  const { seconds: _unknown, ...replayed } = thought;
  assert.equal(shown(replayed, 40), "✻ Thought (ctrl+o to expand)");
  assert.equal(shown(replayed, 40, true).split("\n")[0], "✻ Thought:");
});
