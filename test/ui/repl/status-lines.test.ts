import assert from "node:assert/strict";
import { test } from "node:test";
import { statusLine } from "../../../src/ui/repl/status-lines.js";
import { createStyle, stripAnsi } from "../../../src/ui/repl/style.js";

const style = createStyle(false);
const props = {
  model: "anthropic/claude-sonnet-4-6",
  contextPercent: 12,
  cost: "$0.0212",
  mode: "acceptEdits",
};

test("the status line drops the help pointer, then the cost, then the provider before the mode", () => {
  const at = (width: number, extra: Record<string, string> = {}) =>
    stripAnsi(statusLine(style, { ...props, ...extra, width }));
  assert.equal(
    at(120),
    "/help for commands · anthropic/claude-sonnet-4-6 · 12% context · $0.0212 · ⏵⏵ accept edits",
  );
  assert.equal(at(80), "anthropic/claude-sonnet-4-6 · 12% context · $0.0212 · ⏵⏵ accept edits");
  assert.equal(at(60), "anthropic/claude-sonnet-4-6 · 12% context · ⏵⏵ accept edits");
  assert.equal(at(50), "claude-sonnet-4-6 · 12% context · ⏵⏵ accept edits");
  assert.ok(at(30).startsWith("⏵⏵ accept edits"), at(30));
  assert.equal(
    at(80, { hint: "bash mode" }),
    "bash mode · anthropic/claude-sonnet-4-6 · 12% context · ⏵⏵ accept edits",
  );
  for (const width of [20, 30, 50, 80]) assert.ok(at(width).length <= width, `${width}: ${at(width)}`);
});
