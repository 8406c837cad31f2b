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

test("each permission mode has its colour: the riskier, the louder", () => {
  const line = (mode: string) => statusLine(style, { ...props, mode, width: 120 });
  assert.match(line("acceptEdits"), /\u001b\[35m⏵⏵ accept edits/, "accept edits in magenta");
  assert.match(line("plan"), /\u001b\[36m⏸ plan mode/, "plan mode in cyan");
  assert.match(line("bypassPermissions"), /\u001b\[31m⚠ bypass permissions/, "bypass in red");
  assert.doesNotMatch(line("default"), /\u001b\[3[0-9]mdefault mode/, "default mode is not coloured");
});
