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

test("the outbound copy of a request clears old results without touching the history it was given", () => {
  const result = (id: string) => ({
    role: "user" as const,
    content: [{ type: "tool_result" as const, tool_use_id: id, content: "r".repeat(4_000) }],
  });
  const call = (id: string) => ({
    role: "assistant" as const,
    content: [{ type: "tool_use" as const, id, name: "Read", input: { file_path: `${id}.ts` } }],
  });
  const messages: Message[] = deepFreeze([
    { role: "user", content: [{ type: "text", text: "read them all" }] },
    ...["a", "b", "c", "d", "e", "f"].flatMap((id) => [call(id), result(id)]),
  ]);
  const before = JSON.stringify(messages);
  const outbound = manager(4_000).prepare(messages, "system");
  assert.notEqual(outbound, messages, "a copy, never the session's own array");
  assert.equal(JSON.stringify(messages), before);
  assert.match(JSON.stringify(outbound), /result cleared to save context/);
  const untrimmed = new ContextManager(
    { window: () => 4_000, trim: false, autoCompact: false },
    () => createScriptedClient({ script: [] }),
    () => [],
    noopTracer,
  ).prepare(messages, "system");
  assert.notEqual(untrimmed, messages);
  assert.deepEqual(untrimmed, messages);
});
