import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  contextUsage,
  contextWindowFor,
  DEFAULT_CONTEXT_WINDOW,
  estimateTokens,
  isContextLengthError,
  lookupContextWindow,
  messageBudget,
  shouldAutoCompact,
} from "../../src/compaction/index.js";
import type { ToolSchema } from "../../src/model/types.js";
import { prompt, toolCall, toolResults } from "./synthetic-session.js";

describe("estimateTokens", () => {
  it("counts characters / 4, rounded up, for text", () => {
    assert.equal(estimateTokens(""), 0);
    assert.equal(estimateTokens("abcd"), 1);
    assert.equal(estimateTokens("abcde"), 2);
    assert.equal(estimateTokens("x".repeat(4_000)), 1_000);
  });

  it("counts every block of a message and sums a list", () => {
    const call = toolCall("t1", "Read", { file_path: "src/a.ts" });
    const result = toolResults(["t1", "y".repeat(8_000)]);
    assert.ok(estimateTokens(result) >= 2_000 && estimateTokens(result) < 2_020);
    assert.ok(estimateTokens(call) > estimateTokens("Read"));
    const both = estimateTokens([call, result]);
    assert.ok(Math.abs(both - (estimateTokens(call) + estimateTokens(result))) <= 1);
    assert.equal(estimateTokens([]), 0);
  });
});

describe("contextWindowFor", () => {
  const cases: Array<[string, number]> = [
    ["claude-sonnet-4-5-20250929", 200_000],
    ["claude-3-5-haiku-latest", 200_000],
    ["claude-opus-4-1", 200_000],
    ["claude-sonnet-4-5[1m]", 1_000_000],
    ["anthropic/claude-3.7-sonnet", 200_000],
    ["us.anthropic.claude-sonnet-4-20250514-v1:0", 200_000],
    ["gpt-4o", 128_000],
    ["gpt-4o-mini-2024-07-18", 128_000],
    ["gpt-4.1-mini", 1_047_576],
    ["gpt-5", 400_000],
    ["gpt-5-mini", 400_000],
    ["gpt-5-chat-latest", 128_000],
    ["gpt-4", 8_192],
    ["gpt-4-turbo", 128_000],
    ["o3-mini", 200_000],
    ["o4-mini", 200_000],
    ["o1-mini", 128_000],
    ["deepseek-chat", 128_000],
    ["deepseek-reasoner", 128_000],
    ["qwen2.5-coder:7b", 32_768],
    ["qwen3-coder:30b", 262_144],
    ["llama3.1:8b", 131_072],
    ["llama3:8b", 8_192],
    ["mistral:7b", 32_768],
    ["mistral-large-latest", 131_072],
    ["codestral-latest", 256_000],
    ["gemini-2.5-pro", 1_048_576],
  ];
  for (const [model, expected] of cases) {
    it(`knows ${model}`, () => assert.equal(contextWindowFor(model), expected));
  }

  it("falls back to the default for unknown models", () => {
    assert.equal(lookupContextWindow("my-local-finetune"), undefined);
    assert.equal(contextWindowFor("my-local-finetune"), DEFAULT_CONTEXT_WINDOW);
    assert.equal(DEFAULT_CONTEXT_WINDOW, 128_000);
  });

  it("lets a positive override win and ignores invalid ones", () => {
    assert.equal(contextWindowFor("claude-sonnet-4-5", 50_000), 50_000);
    assert.equal(contextWindowFor("unknown", 8_192.7), 8_192);
    assert.equal(contextWindowFor("gpt-4o", 0), 128_000);
    assert.equal(contextWindowFor("gpt-4o", -1), 128_000);
    assert.equal(contextWindowFor("gpt-4o", Number.NaN), 128_000);
  });
});

describe("contextUsage", () => {
  const tools: ToolSchema[] = [
    { name: "Read", description: "Reads a file", input_schema: { type: "object", properties: {} } },
  ];
  const system = "s".repeat(4_000);

  it("estimates everything when no usage has been reported", () => {
    const messages = [prompt("p".repeat(40_000))];
    const usage = contextUsage({ messagesSinceLastRequest: messages, system, tools, window: 100_000 });
    assert.equal(usage.source, "estimated");
    assert.equal(usage.breakdown.systemPrompt, 1_000);
    // Counted by hand: the schemas' JSON is 95 characters (24 tokens); the prompt is 40,000
    // characters plus 16 of framing (10,004 tokens).
    assert.equal(usage.breakdown.toolSchemas, 24);
    assert.equal(usage.breakdown.messages, 10_004);
    assert.equal(usage.usedTokens, 1_000 + 24 + 10_004);
    const { systemPrompt, toolSchemas, messages: forMessages, free } = usage.breakdown;
    assert.equal(usage.usedTokens, systemPrompt + toolSchemas + forMessages);
    assert.equal(free, 100_000 - usage.usedTokens);
    assert.equal(usage.percent, Math.round((usage.usedTokens / 100_000) * 1000) / 10);
  });

  it("uses reported input + cache tokens and adds an estimate for newer messages", () => {
    const since = [toolResults(["t1", "r".repeat(8_000)])];
    const usage = contextUsage({
      lastUsage: {
        input_tokens: 500,
        output_tokens: 900,
        cache_read_input_tokens: 30_000,
        cache_creation_input_tokens: 1_500,
      },
      messagesSinceLastRequest: since,
      system,
      tools,
      window: 200_000,
    });
    assert.equal(usage.source, "reported");
    // Reported: 500 + 30,000 + 1,500; estimated since: 8,000 characters of result + 16 of framing.
    assert.equal(usage.usedTokens, 32_000 + 2_004);
    assert.equal(
      usage.breakdown.messages,
      usage.usedTokens - usage.breakdown.systemPrompt - usage.breakdown.toolSchemas,
    );
    assert.equal(usage.breakdown.free, 200_000 - usage.usedTokens);
  });

  it("never reports negative free space", () => {
    const usage = contextUsage({
      lastUsage: { input_tokens: 150_000, output_tokens: 0 },
      messagesSinceLastRequest: [],
      system: "",
      tools: [],
      window: 100_000,
    });
    assert.equal(usage.breakdown.free, 0);
    assert.equal(usage.percent, 150);
  });
});

describe("shouldAutoCompact", () => {
  it("triggers at 85% by default and honours a custom threshold", () => {
    assert.equal(shouldAutoCompact(84_999, 100_000), false);
    assert.equal(shouldAutoCompact(85_000, 100_000), true);
    assert.equal(shouldAutoCompact({ usedTokens: 60_000 }, 100_000, 50), true);
    assert.equal(shouldAutoCompact({ usedTokens: 40_000 }, 100_000, 50), false);
    assert.equal(shouldAutoCompact(10, 0), false);
  });

  it("messageBudget leaves room for system prompt, tools and the reply", () => {
    const budget = messageBudget({
      window: 100_000,
      system: "s".repeat(40_000),
      tools: [],
      reserveOutputTokens: 10_000,
    });
    assert.equal(budget, Math.floor((100_000 - 10_000 - 10_000) * 0.7));
    assert.equal(messageBudget({ window: 1_000, system: "s".repeat(40_000), tools: [] }), 0);
  });
});

describe("isContextLengthError", () => {
  it("recognises the kind and common provider messages", () => {
    assert.equal(isContextLengthError({ kind: "context_length", message: "x" }), true);
    const messages = [
      "prompt is too long: 210000 tokens > 200000 maximum",
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
      "Requested token count exceeds the model's maximum context length",
      "the request exceeds the available context size, try increasing it",
      "input is too long for requested model",
    ];
    for (const message of messages) {
      assert.equal(isContextLengthError({ kind: "bad_request", message, status: 400 }), true, message);
    }
    assert.equal(isContextLengthError({ kind: "unknown", message: "too large", status: 413 }), true);
  });

  it("rejects unrelated errors, including token rate limits", () => {
    assert.equal(isContextLengthError({ kind: "bad_request", message: "invalid tool schema" }), false);
    assert.equal(
      isContextLengthError({
        kind: "rate_limit",
        message: "Rate limit: too many tokens per minute",
        status: 429,
      }),
      false,
    );
    assert.equal(isContextLengthError({ kind: "auth", message: "invalid x-api-key" }), false);
  });
});
