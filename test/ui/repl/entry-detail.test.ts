// The detailed view (Ctrl+O) of transcript entries: a long diff is cut in the compact view with a
// pointer to Ctrl+O and shown whole in the detailed one; a compaction summary is one line until expanded.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DIFF_PREVIEW_LINES, entryText } from "../../../src/ui/repl/entry-text.js";
import { createStyle, stripAnsi } from "../../../src/ui/repl/style.js";
import { inputPatch } from "../../../src/ui/repl/tool-patch.js";

const style = createStyle(true);

test("a long Write diff: capped in the compact view, whole in the detailed view", () => {
  const content = Array.from({ length: 40 }, (_, index) => `const line${index} = ${index};`).join("\n");
  const input = { file_path: "src/many.ts", content: `${content}\n` };
  const entry = {
    kind: "tool" as const,
    id: 1,
    summary: "Write(src/many.ts)",
    status: "ok" as const,
    content: "File created",
    durationMs: 5,
    patch: inputPatch("Write", input),
    input,
  };
  const compact = stripAnsi(entryText(entry, style, 80, { detailed: false }));
  assert.match(compact, /⎿ Added 40 lines/);
  assert.match(compact, new RegExp(`… \\+${40 - DIFF_PREVIEW_LINES} lines \\(ctrl\\+o to expand\\)`));
  assert.doesNotMatch(compact, /line39 = 39/);
  const detailed = stripAnsi(entryText(entry, style, 80, { detailed: true }));
  assert.match(detailed, /40 \+ const line39 = 39;/);
  assert.doesNotMatch(detailed, /ctrl\+o to expand/);
  assert.match(detailed, /"file_path": "src\/many\.ts"/, "the full input");
});

test("a compaction summary is one line until the detailed view shows it", () => {
  const entry = {
    kind: "summary" as const,
    id: 2,
    text: "We fixed **the parser** and kept the tests green.",
  };
  const compact = stripAnsi(entryText(entry, style, 80, {}));
  assert.equal(compact, "(earlier conversation summarised · ctrl+o to read the summary)");
  const detailed = stripAnsi(entryText(entry, style, 80, { detailed: true }));
  assert.match(
    detailed,
    /^Summary of the earlier conversation:\nWe fixed the parser and kept the tests green\./,
  );
});
