import assert from "node:assert/strict";
import { test } from "node:test";
import type { TurnResult } from "../../../src/session/events.js";
import { activityLine } from "../../../src/ui/headless/activity-lines.js";
import { resultJson } from "../../../src/ui/headless/result-json.js";

test("hook output never reaches the terminal with escape sequences or control characters", () => {
  const line = activityLine(
    {
      type: "hook-notice",
      notice: {
        kind: "error",
        event: "PreToolUse",
        hook: "h",
        source: "s",
        text: "\u001b[2J\u001b[31mRED\u0007 done",
      },
    },
    false,
  );
  assert.equal(line, "[hook] RED done");
});

test("a Stop continuation adds a progress line only with --verbose", () => {
  const event = { type: "stop-continued" as const, reason: "verify", count: 2 };
  assert.equal(activityLine(event, false), undefined);
  assert.match(activityLine(event, true) ?? "", /2 in this prompt/);
});

test("hook errors in the JSON result are capped", () => {
  const turn = {
    terminal: { reason: "completed", text: "x" },
    result: "x",
    isError: false,
    numTurns: 1,
    durationMs: 1,
    durationApiMs: 1,
    usage: { input_tokens: 1, output_tokens: 1 },
    totalCostUsd: 0,
    modelUsage: {},
    unpricedModels: [],
    permissionDenials: [],
    hookErrors: [{ kind: "error", event: "Stop", hook: "h", source: "s", text: "e".repeat(100_000) }],
  } satisfies TurnResult;
  const json = resultJson(turn, "id");
  const [hookError] = json.hook_errors;
  assert.ok(hookError);
  assert.ok(hookError.error.length < 2100);
  assert.match(hookError.error, /98000 more characters/);
});
