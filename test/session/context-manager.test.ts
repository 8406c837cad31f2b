// The ContextManager's narrow interface: it reads a snapshot of the session's history and returns a
// compaction's new history instead of changing the session. Checked on deeply frozen input, where any
// write would throw.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Message } from "../../src/model/types.js";
import { createScriptedClient } from "../../src/providers/scripted.js";
import { ContextManager, type ContextState } from "../../src/session/context-manager.js";
import { noopTracer } from "../../src/util/trace.js";

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const turn = (index: number): Message[] => [
  { role: "user", content: [{ type: "text", text: `question ${index} ${"q".repeat(400)}` }] },
  { role: "assistant", content: [{ type: "text", text: `answer ${index} ${"a".repeat(400)}` }] },
];

function manager(window: number, summary = "## Goal\nkeep going") {
  return new ContextManager(
    { window: () => window, trim: true, autoCompact: true },
    () => createScriptedClient({ script: [{ text: summary }] }),
    () => [],
    noopTracer,
  );
}

test("compaction returns the new history and leaves the state it was given untouched", async () => {
  const messages = Array.from({ length: 6 }, (_, index) => turn(index)).flat();
  const state: ContextState = deepFreeze({
    messages,
    lastUsage: { input_tokens: 900, output_tokens: 10 },
    lastRequestIndex: 11,
    lastSystem: "system",
  });
  const before = JSON.stringify(state);
  const result = await manager(2_000).compact(state, "manual", new AbortController().signal);
  assert.equal(result.ok, true, result.message);
  assert.equal(JSON.stringify(state), before);
  if (!result.ok) return;
  assert.match(JSON.stringify(result.messages[0]), /keep going/);
  assert.ok(result.messages.length < messages.length, "older turns folded into the summary");
  assert.deepEqual(result.messages.at(-1), messages.at(-1), "the latest message is kept verbatim");
});

test("usage and the auto-compaction check only read the snapshot", () => {
  const state: ContextState = deepFreeze({
    messages: turn(1),
    lastUsage: { input_tokens: 1_900, output_tokens: 10 },
    lastRequestIndex: 2,
    lastSystem: "system",
  });
  const context = manager(2_000);
  assert.equal(context.usage(state).usedTokens, 1_900, "the provider's figure, nothing added since");
  assert.equal(context.needsAutoCompact(state), true, "1,900 of 2,000 is past 85%");
  assert.equal(manager(100_000).needsAutoCompact(state), false);
});
