import assert from "node:assert/strict";
import { test } from "node:test";
import type { ToolResultBlock } from "../../src/model/types.js";
import { runScripted } from "../support/loop-harness.js";
import { type ToolLog, testTools } from "../support/test-tools.js";

const resultsOf = (message: { content: unknown[] } | undefined) =>
  (message?.content ?? []).filter(
    (block): block is ToolResultBlock => (block as ToolResultBlock).type === "tool_result",
  );

test("a text-only answer completes with that text", async () => {
  const { done, client } = runScripted([{ text: "hello" }], testTools());
  const terminal = await done;
  assert.deepEqual(terminal, { reason: "completed", text: "hello" });
  assert.equal(client.requests.length, 1);
  assert.equal(client.requests[0]?.system, "system");
});

test("a tool round trip sends the result back and the schemas are offered", async () => {
  const { done, client, messages } = runScripted(
    [{ tool_calls: [{ id: "t1", name: "Echo", input: { text: "hi" } }] }, { text: "done" }],
    testTools(),
  );
  const terminal = await done;
  assert.equal(terminal.reason, "completed");
  const [first, second] = client.requests;
  assert.ok(first && second);
  const results = resultsOf(second.messages.at(-1));
  assert.deepEqual(results, [{ type: "tool_result", tool_use_id: "t1", content: "echo: hi" }]);
  assert.deepEqual(
    first.tools.map((tool) => tool.name),
    ["Echo", "Note", "Fail", "Crash"],
  );
  assert.equal((first.tools[0]?.input_schema as { type: string } | undefined)?.type, "object");
  assert.equal(messages.length, 4);
});

test("read-only calls run concurrently and results come back in the model's order", async () => {
  const log: ToolLog = [];
  const { done, client } = runScripted(
    [
      {
        tool_calls: [
          { id: "a", name: "Echo", input: { text: "slow", delay_ms: 150 } },
          { id: "b", name: "Echo", input: { text: "fast", delay_ms: 10 } },
        ],
      },
      { text: "ok" },
    ],
    testTools(log),
  );
  await done;
  const order = log.map((entry) => `${entry.event}:${(entry.input as { text: string }).text}`);
  assert.deepEqual(
    order.slice(0, 2).sort(),
    ["start:fast", "start:slow"],
    "both started before either ended",
  );
  assert.equal(order[2], "end:fast");
  const results = resultsOf(client.requests[1]?.messages.at(-1));
  assert.deepEqual(
    results.map((result) => result.tool_use_id),
    ["a", "b"],
  );
});

test("a batch with a write tool runs in the model's order, one at a time", async () => {
  const log: ToolLog = [];
  const { done } = runScripted(
    [
      {
        tool_calls: [
          { name: "Echo", input: { text: "first", delay_ms: 60 } },
          { name: "Note", input: { text: "second" } },
          { name: "Echo", input: { text: "third" } },
        ],
      },
      { text: "ok" },
    ],
    testTools(log),
  );
  await done;
  assert.deepEqual(
    log.map((entry) => `${entry.event}:${(entry.input as { text: string }).text}`),
    ["start:first", "end:first", "start:second", "end:second", "start:third", "end:third"],
  );
});

test("broken tool calls become error results naming the problem, and the loop goes on", async () => {
  const { done, client } = runScripted(
    [
      {
        tool_calls: [
          { id: "bad-json", name: "Echo", raw_arguments: '{"text": "unterminated' },
          { id: "bad-schema", name: "Echo", input: { text: 42 } },
          { id: "unknown", name: "Nope", input: {} },
          { id: "failing", name: "Fail", input: { why: "test" } },
          { id: "crashing", name: "Crash", input: {} },
        ],
      },
      { text: "recovered" },
    ],
    testTools(),
  );
  const terminal = await done;
  assert.deepEqual(terminal, { reason: "completed", text: "recovered" });
  const results = resultsOf(client.requests[1]?.messages.at(-1));
  assert.equal(results.length, 5);
  const [invalid, mistyped, unknown, failed, crashed] = results;
  assert.ok(invalid && mistyped && unknown && failed && crashed);
  assert.ok(
    results.every((result) => result.is_error === true),
    "the model sees every error flag",
  );
  assert.match(invalid.content, /not valid JSON/);
  assert.match(mistyped.content, /text: .*expected string/i);
  assert.match(unknown.content, /Unknown tool "Nope"\. Available tools: Echo, Note, Fail, Crash/);
  assert.equal(failed.content, "failed: test");
  assert.match(crashed.content, /Crash failed unexpectedly: boom/);
});

test("max turns ends the loop with a typed reason", async () => {
  const call = { tool_calls: [{ name: "Echo", input: { text: "again" } }] };
  const { done } = runScripted([call, call, call], testTools(), { maxTurns: 2 });
  const terminal = await done;
  assert.equal(terminal.reason, "max_turns");
});

test("a model error ends the loop and leaves no half message in history", async () => {
  const { done, messages } = runScripted([{ fault: { status: 500, body: "upstream broke" } }], testTools());
  const terminal = await done;
  assert.equal(terminal.reason, "error");
  assert.equal(terminal.reason === "error" && terminal.error.message, "upstream broke");
  assert.equal(messages.length, 1, "only the user's prompt");
});

test("an abort during a tool batch still answers every tool_use exactly once", async () => {
  const calls = [
    { id: "w1", name: "Note", input: { text: "long", delay_ms: 5000 } },
    { id: "w2", name: "Note", input: { text: "never" } },
  ];
  const { done, messages, controller, events } = runScripted(
    [{ tool_calls: calls }, { text: "x" }],
    testTools(),
  );
  const started = new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (events.some((event) => event.type === "tool-call-start")) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await started;
  controller.abort();
  const terminal = await done;
  assert.equal(terminal.reason, "aborted");
  const results = resultsOf(messages.at(-1));
  assert.deepEqual(
    results.map((result) => result.tool_use_id),
    ["w1", "w2"],
  );
  assert.match(results[1]?.content ?? "", /skipped: the turn was aborted/);
  assert.ok(results.every((result) => result.is_error));
});

test("onStop can continue the turn; the loop itself caps nothing but its turns", async () => {
  const script = Array.from({ length: 12 }, (_, index) => ({ text: `answer ${index}` }));
  const seen: boolean[] = [];
  const { done, client } = runScripted(script, testTools(), {
    maxTurns: 11,
    onStop: async (_text, active) => {
      seen.push(active);
      return { type: "continue", reason: "keep going" };
    },
  });
  const terminal = await done;
  assert.equal(
    terminal.reason,
    "max_turns",
    "no cap of its own on continuations (the Stop cap is the hooks')",
  );
  assert.equal(client.requests.length, 11);
  assert.deepEqual(seen, [false, true, true, true, true, true, true, true, true, true, true]);
  const continued = client.requests[1]?.messages.at(-1);
  assert.deepEqual(continued, { role: "user", content: [{ type: "text", text: "keep going" }] });
});

test("a context-length rejection triggers one compaction and one retry", async () => {
  let compactions = 0;
  const tooLong = { fault: { status: 400, body: "prompt is too long: 250000 tokens > 200000 maximum" } };
  const { done } = runScripted([tooLong, { text: "fits now" }], testTools(), {
    onContextOverflow: async () => {
      compactions++;
      return true;
    },
  });
  assert.deepEqual(await done, { reason: "completed", text: "fits now" });
  assert.equal(compactions, 1);

  const twice = runScripted([tooLong, tooLong, { text: "never" }], testTools(), {
    onContextOverflow: async () => true,
  });
  const terminal = await twice.done;
  assert.equal(terminal.reason, "error", "only one retry");
  assert.equal(terminal.reason === "error" && terminal.error.kind, "context_length");
});

test("a plain bad request is not treated as a context overflow", async () => {
  let compactions = 0;
  const { done } = runScripted([{ fault: { status: 400, body: "invalid model" } }], testTools(), {
    onContextOverflow: async () => {
      compactions++;
      return true;
    },
  });
  assert.equal((await done).reason, "error");
  assert.equal(compactions, 0);
});
