// The thinking part of Anthropic requests per model and setting, the price table, and the fallback
// client's switch (and when it must not switch): pure units next to the end-to-end tests (which the
// fake server checks).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { ModelClient, ModelEvent, ModelRequest } from "../../src/model/types.js";
import { anthropicThinkingParams } from "../../src/providers/anthropic-thinking.js";
import { withFallbackModel } from "../../src/providers/fallback-client.js";
import { resolveModelAlias } from "../../src/providers/model-catalog.js";
import { modelPrice, usageCost } from "../../src/providers/pricing.js";

test("thinking params: adaptive + effort, manual budgets below max_tokens, off, and defaults", () => {
  assert.deepEqual(anthropicThinkingParams("claude-sonnet-4-6", { effort: "medium" }, {}), {
    max_tokens: 32_000,
    thinking: { type: "adaptive" },
    output_config: { effort: "medium" },
  });
  assert.deepEqual(anthropicThinkingParams("claude-opus-4-8", { effort: "max" }, {}), {
    max_tokens: 32_000,
    thinking: { type: "adaptive", display: "summarized" },
    output_config: { effort: "max" },
  });
  const manual = anthropicThinkingParams("claude-sonnet-4-5", { effort: "max" }, {});
  assert.equal(manual.thinking?.type, "enabled");
  const budget = (manual.thinking as { budget_tokens: number }).budget_tokens;
  assert.ok(budget >= 1024 && budget < manual.max_tokens && manual.max_tokens <= 64_000);
  const opus41 = anthropicThinkingParams("claude-opus-4-1", { effort: "max" }, {});
  assert.ok((opus41.thinking as { budget_tokens: number }).budget_tokens < opus41.max_tokens);
  assert.ok(opus41.max_tokens <= 32_000);
  assert.deepEqual(anthropicThinkingParams("claude-sonnet-4-5", {}, {}), { max_tokens: 32_000 });
  assert.deepEqual(anthropicThinkingParams("claude-sonnet-5", {}, { reasoning: "off" }), {
    max_tokens: 32_000,
    thinking: { type: "disabled" },
  });
  assert.deepEqual(anthropicThinkingParams("claude-fable-5", {}, { reasoning: "off" }), {
    max_tokens: 32_000,
  });
  assert.deepEqual(
    anthropicThinkingParams("claude-sonnet-4-6", { effort: "high", maxThinkingTokens: 0 }, {}),
    {
      max_tokens: 32_000,
    },
  );
  // A summary request (max_tokens 8192, reasoning off) never gets a budget it cannot fit.
  assert.deepEqual(
    anthropicThinkingParams("claude-sonnet-4-5", { effort: "high" }, { maxTokens: 8192, reasoning: "off" }),
    {
      max_tokens: 8192,
    },
  );
  assert.equal(anthropicThinkingParams("my-proxy-model", {}, {}).max_tokens, 8192);
});

test("aliases and prices", () => {
  assert.equal(resolveModelAlias("sonnet"), "claude-sonnet-5");
  assert.equal(resolveModelAlias("claude-sonnet-4-6"), "claude-sonnet-4-6");
  assert.deepEqual(modelPrice("claude-sonnet-4-5-20250929"), {
    input: 3,
    output: 15,
    cacheWrite: 3.75,
    cacheRead: 0.3,
    webSearch: 0.01,
  });
  assert.deepEqual(modelPrice("anthropic/claude-haiku-4-5"), {
    input: 1,
    output: 5,
    cacheWrite: 1.25,
    cacheRead: 0.1,
    webSearch: 0.01,
  });
  // Anthropic's search price stays with a settings override unless the override names its own.
  assert.equal(
    modelPrice("claude-sonnet-4-6", { "claude-sonnet-4-6": { input: 0, output: 0 } })?.webSearch,
    0.01,
  );
  assert.equal(
    modelPrice("claude-sonnet-4-6", { "claude-sonnet-4-6": { input: 0, output: 0, webSearch: 0.02 } })
      ?.webSearch,
    0.02,
  );
  assert.equal(modelPrice("gpt-4.1")?.webSearch, undefined);
  assert.equal(modelPrice("qwen2.5-coder:7b"), undefined);
  assert.deepEqual(modelPrice("qwen2.5-coder:7b", { "qwen2.5-coder:7b": { input: 0.1, output: 0.2 } }), {
    input: 0.1,
    output: 0.2,
    cacheWrite: 0.1,
    cacheRead: 0.1,
  });
  const cost = usageCost(
    {
      input_tokens: 1_000_000,
      output_tokens: 1_000_000,
      cache_creation_input_tokens: 1_000_000,
      cache_read_input_tokens: 1_000_000,
    },
    { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  );
  assert.ok(Math.abs(cost - 22.05) < 1e-9);
  const searches = usageCost(
    { input_tokens: 0, output_tokens: 0, server_tool_use: { web_search_requests: 3 } },
    { input: 3, output: 15, webSearch: 0.01 },
  );
  assert.ok(Math.abs(searches - 0.03) < 1e-12);
});

function client(
  model: string,
  events: (request: ModelRequest) => ModelEvent[],
  seen: ModelRequest[],
): ModelClient {
  return {
    provider: "anthropic",
    model,
    async *stream(request) {
      seen.push(request);
      yield* events(request);
    },
  };
}

test("the fallback client switches after an overload error and drops the first model's thinking", async () => {
  const seen: ModelRequest[] = [];
  const overloaded: ModelEvent = {
    type: "error",
    error: { kind: "overloaded", message: "HTTP 529 overloaded" },
  };
  const done: ModelEvent = {
    type: "message-end",
    message: { role: "assistant", content: [{ type: "text", text: "ok" }] },
    stopReason: "end_turn",
    usage: { input_tokens: 1, output_tokens: 1 },
    durationMs: 1,
  };
  const switches: string[] = [];
  const wrapped = withFallbackModel(
    client("claude-opus-4-7", () => [overloaded], seen),
    async () => client("claude-sonnet-4-6", () => [done], seen),
    (from, to) => switches.push(`${from}→${to.model}`),
  );
  const request: ModelRequest = {
    system: "s",
    tools: [],
    signal: new AbortController().signal,
    messages: [
      { role: "user", content: [{ type: "text", text: "go" }] },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "t", signature: "sig" },
          { type: "tool_use", id: "a", name: "Read", input: {} },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: "x" }] },
    ],
  };
  const events: ModelEvent[] = [];
  for await (const event of wrapped.stream(request)) events.push(event);
  assert.equal(events.at(-1)?.type, "message-end");
  assert.deepEqual(switches, ["claude-opus-4-7→claude-sonnet-4-6"]);
  assert.equal(wrapped.model, "claude-sonnet-4-6");
  const sent = seen[1]!;
  assert.deepEqual(
    sent.messages[1]!.content.map((block) => block.type),
    ["tool_use"],
  );
  assert.equal(sent.reasoning, "off", "the loop's reply lost its thinking: this step goes without");
});

test("merging two assistant messages keeps thinking blocks first", async () => {
  const { normalizeAlternation } = await import("../../src/compaction/normalize-alternation.js");
  const merged = normalizeAlternation([
    { role: "user", content: [{ type: "text", text: "go" }] },
    { role: "assistant", content: [{ type: "text", text: "a" }] },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "t", signature: "s" },
        { type: "text", text: "b" },
      ],
    },
  ]);
  assert.deepEqual(
    merged[1]!.content.map((block) => block.type),
    ["thinking", "text", "text"],
  );
});

test("thinking params: a budget below the API's minimum is raised to 1,024; `on` thinks at the default budget", () => {
  assert.deepEqual(anthropicThinkingParams("claude-sonnet-4-5", { maxThinkingTokens: 100 }, {}).thinking, {
    type: "enabled",
    budget_tokens: 1024,
  });
  assert.deepEqual(anthropicThinkingParams("claude-sonnet-4-5", { on: true }, {}).thinking, {
    type: "enabled",
    budget_tokens: 10_000,
  });
  assert.deepEqual(anthropicThinkingParams("claude-sonnet-4-6", { on: true }, {}).thinking, {
    type: "adaptive",
  });
});

test("the fallback client: no switch once text has streamed; a fallback that cannot be set up says so", async () => {
  const overloaded: ModelEvent = {
    type: "error",
    error: { kind: "overloaded", message: "HTTP 529 overloaded" },
  };
  const request: ModelRequest = {
    system: "s",
    tools: [],
    signal: new AbortController().signal,
    messages: [{ role: "user", content: [{ type: "text", text: "go" }] }],
  };
  const collect = async (stream: AsyncIterable<ModelEvent>) => {
    const events: ModelEvent[] = [];
    for await (const event of stream) events.push(event);
    return events;
  };
  const seen: ModelRequest[] = [];
  let created = 0;
  const midStream = withFallbackModel(
    client("claude-opus-4-7", () => [{ type: "text-delta", text: "half an answ" }, overloaded], seen),
    async () => {
      created++;
      return client("claude-sonnet-4-6", () => [], seen);
    },
    () => assert.fail("no switch after the answer began"),
  );
  const events = await collect(midStream.stream(request));
  assert.deepEqual(
    events.map((event) => event.type),
    ["text-delta", "error"],
    "the overload after streamed text reaches the caller as it is",
  );
  assert.equal(created, 0);
  assert.equal(midStream.switched, false);
  assert.equal(midStream.model, "claude-opus-4-7");

  const broken = withFallbackModel(
    client("claude-opus-4-7", () => [overloaded], []),
    async () => {
      throw new Error("unknown model claude-nope");
    },
    () => assert.fail("no switch to a fallback that failed"),
  );
  const [failure] = await collect(broken.stream(request));
  assert.equal(failure?.type, "error");
  assert.equal(failure?.type === "error" && failure.error.kind, "overloaded");
  assert.match(
    failure?.type === "error" ? failure.error.message : "",
    /HTTP 529 overloaded; the fallback model could not be set up: Error: unknown model claude-nope/,
  );
  assert.equal(broken.switched, false);
  assert.equal(broken.model, "claude-opus-4-7", "the session stays on the first model");
});
