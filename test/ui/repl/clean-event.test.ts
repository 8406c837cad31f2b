import assert from "node:assert/strict";
import { test } from "node:test";
import { cleanEvent } from "../../../src/ui/repl/clean-event.js";

test("text shown by the REPL loses escape sequences: tool output, hook notices, model text, errors", () => {
  const osc = "\u001b]52;c;ZXZpbA==\u0007";
  const end = cleanEvent({
    type: "tool-call-end",
    call: { type: "tool_use", id: "t", name: "Bash", input: {} },
    summary: `Bash(x${osc})`,
    isError: false,
    content: `out${osc}\u001b[2Jput`,
    durationMs: 1,
  });
  assert.ok(end.type === "tool-call-end");
  assert.equal(end.content, "output");
  assert.equal(end.summary, "Bash(x)");
  const delta = cleanEvent({ type: "text-delta", text: "hi\u001b[?1049h there" });
  assert.ok(delta.type === "text-delta" && delta.text === "hi there");
  const notice = cleanEvent({
    type: "hook-notice",
    notice: { kind: "error", event: "Stop", hook: "h\u0007", source: "s", text: "bad\u001b[31m thing" },
  });
  assert.ok(
    notice.type === "hook-notice" && notice.notice.text === "bad thing" && notice.notice.hook === "h",
  );
});
