// The fake model server behaves like the real APIs where reagent could get it wrong: Anthropic's
// prompt cache (breakpoints, 20-block lookback, 1,024-token minimum, at most 4), thinking forms per
// model and thinking blocks kept unchanged in a tool loop, images; DeepSeek's and Kimi's
// reasoning_content rules, OpenAI's strict fields and automatic prefix cache. Raw HTTP, no adapter.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";

const servers: FakeModelServer[] = [];
after(() => Promise.all(servers.map((server) => server.close())));
async function serve(script: Script): Promise<FakeModelServer> {
  const server = await startFakeModelServer(script);
  servers.push(server);
  return server;
}

type Sse = { status: number; events: Array<Record<string, unknown>>; text: string };
async function post(server: FakeModelServer, api: "anthropic" | "openai", body: unknown): Promise<Sse> {
  const url = api === "anthropic" ? `${server.url}/v1/messages` : `${server.openaiBaseURL}/chat/completions`;
  const response = await fetch(url, { method: "POST", body: JSON.stringify(body) });
  const text = await response.text();
  const events = text
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  return { status: response.status, events, text };
}

interface AnthropicUsage {
  input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

function anthropicUsage(events: Sse["events"]): AnthropicUsage {
  const start = events.find((event) => event.type === "message_start") as {
    message: { usage: AnthropicUsage };
  };
  return start.message.usage;
}

/** The content blocks of an Anthropic stream, assembled from its events. */
function anthropicBlocks(events: Sse["events"]): Array<Record<string, unknown>> {
  const blocks: Array<Record<string, unknown>> = [];
  for (const event of events) {
    if (event.type === "content_block_start") blocks.push({ ...(event.content_block as object) });
    if (event.type === "content_block_delta") {
      const block = blocks.at(-1)!;
      const delta = event.delta as Record<string, string>;
      if (delta.type === "thinking_delta") block.thinking = `${block.thinking}${delta.thinking}`;
      if (delta.type === "signature_delta") block.signature = delta.signature;
      if (delta.type === "text_delta") block.text = `${block.text}${delta.text}`;
      if (delta.type === "input_json_delta") block.partial = `${block.partial ?? ""}${delta.partial_json}`;
    }
  }
  return blocks.map(({ partial, ...block }) =>
    block.type === "tool_use" ? { ...block, input: JSON.parse(String(partial ?? "{}")) } : block,
  );
}

const bigSystem = "Stable guidance for the agent. ".repeat(200);
const user = (text: string) => ({ role: "user", content: [{ type: "text", text }] });

describe("anthropic prompt cache", () => {
  test("a breakpoint writes its prefix, the next request reads it and writes the rest", async () => {
    const server = await serve([{ text: "a" }, { text: "b" }, { text: "c" }]);
    const system = [{ type: "text", text: bigSystem, cache_control: { type: "ephemeral" } }];
    const first = await post(server, "anthropic", {
      model: "claude-sonnet-4-6",
      max_tokens: 100,
      system,
      messages: [user("hi")],
    });
    const one = anthropicUsage(first.events);
    assert.equal(one.cache_read_input_tokens, 0);
    assert.ok(one.cache_creation_input_tokens >= 1024, JSON.stringify(one));
    assert.ok(one.input_tokens > 0 && one.input_tokens < 20);
    const messages = [
      user("hi"),
      { role: "assistant", content: [{ type: "text", text: "a" }] },
      {
        role: "user",
        content: [{ type: "text", text: "more ".repeat(400), cache_control: { type: "ephemeral" } }],
      },
    ];
    const two = anthropicUsage(
      (await post(server, "anthropic", { model: "claude-sonnet-4-6", max_tokens: 100, system, messages }))
        .events,
    );
    assert.equal(two.cache_read_input_tokens, one.cache_creation_input_tokens);
    assert.ok(two.cache_creation_input_tokens > 400);
    assert.equal(two.input_tokens, 0);
    const three = anthropicUsage(
      (await post(server, "anthropic", { model: "claude-sonnet-4-6", max_tokens: 100, system, messages }))
        .events,
    );
    assert.equal(
      three.cache_read_input_tokens,
      two.cache_read_input_tokens + two.cache_creation_input_tokens,
    );
    assert.equal(three.cache_creation_input_tokens, 0);
    assert.deepEqual(server.refusals, []);
  });

  test("nothing under 1,024 tokens is cached; a breakpoint more than 20 blocks past the cache misses it", async () => {
    const server = await serve([{ text: "a" }, { text: "b" }, { text: "c" }]);
    const small = [{ type: "text", text: "short system", cache_control: { type: "ephemeral" } }];
    const tiny = anthropicUsage(
      (await post(server, "anthropic", { model: "m", max_tokens: 10, system: small, messages: [user("hi")] }))
        .events,
    );
    assert.equal(tiny.cache_creation_input_tokens, 0);
    const blocks = (count: number, marked: number) =>
      Array.from({ length: count }, (_, index) => ({
        type: "text",
        text: `block ${index} ${"x".repeat(400)}`,
        ...(index === marked ? { cache_control: { type: "ephemeral" } } : {}),
      }));
    await post(server, "anthropic", {
      model: "m",
      max_tokens: 10,
      messages: [{ role: "user", content: blocks(12, 11) }],
    });
    const far = anthropicUsage(
      (
        await post(server, "anthropic", {
          model: "m",
          max_tokens: 10,
          messages: [{ role: "user", content: blocks(40, 39) }],
        })
      ).events,
    );
    assert.equal(far.cache_read_input_tokens, 0, "the entry 28 blocks back is out of the 20-block lookback");
  });

  test("more than 4 breakpoints is a 400", async () => {
    const server = await serve([{ text: "never" }]);
    const marked = { type: "text", text: "x", cache_control: { type: "ephemeral" } };
    const result = await post(server, "anthropic", {
      model: "m",
      max_tokens: 10,
      system: [marked, marked, marked],
      messages: [{ role: "user", content: [marked, marked] }],
    });
    assert.equal(result.status, 400);
    assert.match(result.text, /A maximum of 4 blocks with cache_control may be provided. Found 5/);
    assert.equal(server.turnsServed(), 0);
  });
});

describe("anthropic thinking", () => {
  test("thinking forms are checked per model", async () => {
    const server = await serve([{ text: "never" }]);
    const ask = (model: string, extra: object) =>
      post(server, "anthropic", { model, max_tokens: 4000, messages: [user("hi")], ...extra });
    assert.match(
      (await ask("claude-sonnet-4-5", { thinking: { type: "enabled", budget_tokens: 4000 } })).text,
      /must be greater than `thinking.budget_tokens`/,
    );
    assert.match(
      (await ask("claude-sonnet-4-5", { thinking: { type: "enabled", budget_tokens: 500 } })).text,
      /greater than or equal to 1024/,
    );
    assert.match(
      (await ask("claude-opus-4-7", { thinking: { type: "enabled", budget_tokens: 2000 } })).text,
      /thinking.type.enabled is not supported/,
    );
    assert.match(
      (await ask("claude-sonnet-4-5", { thinking: { type: "adaptive" } })).text,
      /adaptive is not supported/,
    );
    assert.match(
      (await ask("claude-haiku-4-5", { output_config: { effort: "high" } })).text,
      /effort is not supported/,
    );
    assert.match(
      (await ask("claude-sonnet-4-6", { max_tokens: 200_000 })).text,
      /maximum allowed number of output tokens/,
    );
    assert.equal(server.refusals.length, 6);
    assert.equal(server.turnsServed(), 0);
  });

  test("a tool loop must send back the issued thinking block unchanged", async () => {
    const server = await serve([
      {
        thinking: "I should read the file.",
        tool_calls: [{ id: "toolu_1", name: "Read", input: { file_path: "a" } }],
      },
      { text: "done" },
    ]);
    const base = { model: "claude-sonnet-4-6", max_tokens: 8000, thinking: { type: "adaptive" } };
    const first = await post(server, "anthropic", { ...base, messages: [user("read a")] });
    const blocks = anthropicBlocks(first.events);
    assert.equal(blocks[0]?.type, "thinking");
    assert.equal(blocks[0]?.thinking, "I should read the file.");
    assert.ok(typeof blocks[0]?.signature === "string" && blocks[0].signature !== "");
    const result = {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "text" }],
    };
    const loop = (assistant: unknown[]) =>
      post(server, "anthropic", {
        ...base,
        messages: [user("read a"), { role: "assistant", content: assistant }, result],
      });
    const withoutThinking = await loop(blocks.slice(1));
    assert.equal(withoutThinking.status, 400);
    assert.match(withoutThinking.text, /a final `assistant` message must start with a thinking block/);
    const edited = await loop([{ ...blocks[0], thinking: "edited" }, ...blocks.slice(1)]);
    assert.match(edited.text, /Invalid `signature` in `thinking` block/);
    const kept = await loop(blocks);
    assert.equal(kept.status, 200);
    assert.equal(server.turnsServed(), 2);
  });

  test("Opus 4.7 omits the thinking text unless display is summarized; redacted blocks round-trip", async () => {
    const server = await serve([
      { thinking: "secret plan", redacted_thinking: true, text: "a" },
      { thinking: "plan", text: "b" },
    ]);
    const omitted = anthropicBlocks(
      (
        await post(server, "anthropic", {
          model: "claude-opus-4-7",
          max_tokens: 100,
          thinking: { type: "adaptive" },
          messages: [user("x")],
        })
      ).events,
    );
    assert.deepEqual(
      omitted.map((block) => block.type),
      ["redacted_thinking", "thinking", "text"],
    );
    assert.equal(omitted[1]?.thinking, "");
    const summarized = anthropicBlocks(
      (
        await post(server, "anthropic", {
          model: "claude-opus-4-7",
          max_tokens: 100,
          thinking: { type: "adaptive", display: "summarized" },
          messages: [user("x"), { role: "assistant", content: omitted }, user("y")],
        })
      ).events,
    );
    assert.equal(summarized[0]?.thinking, "plan");
    assert.deepEqual(server.refusals, []);
  });
});

const onePixelPng =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

describe("images", () => {
  test("anthropic checks media type and base64; OpenAI-compatible servers check image_url parts", async () => {
    const server = await serve([{ text: "a png" }, { text: "b" }]);
    const image = (media_type: string, data: string) => ({
      role: "user",
      content: [
        { type: "image", source: { type: "base64", media_type, data } },
        { type: "text", text: "what?" },
      ],
    });
    assert.match(
      (
        await post(server, "anthropic", {
          model: "m",
          max_tokens: 10,
          messages: [image("image/jpeg", onePixelPng)],
        })
      ).text,
      /does not match the provided media type image\/jpeg/,
    );
    assert.match(
      (
        await post(server, "anthropic", {
          model: "m",
          max_tokens: 10,
          messages: [image("image/bmp", onePixelPng)],
        })
      ).text,
      /media_type/,
    );
    assert.equal(
      (
        await post(server, "anthropic", {
          model: "m",
          max_tokens: 10,
          messages: [image("image/png", onePixelPng)],
        })
      ).status,
      200,
    );
    const part = { type: "image_url", image_url: { url: `data:image/png;base64,${onePixelPng}` } };
    assert.match(
      (
        await post(server, "openai", {
          model: "deepseek-chat",
          messages: [{ role: "user", content: [part] }],
        })
      ).text,
      /unknown variant `image_url`/,
    );
    assert.equal(
      (await post(server, "openai", { model: "gpt-4.1", messages: [{ role: "user", content: [part] }] }))
        .status,
      200,
    );
  });
});

describe("openai-compatible reasoning", () => {
  const call = { id: "call_1", type: "function", function: { name: "Read", arguments: "{}" } };
  const loop = (assistant: Record<string, unknown>) => [
    { role: "user", content: "go" },
    { role: "assistant", content: null, tool_calls: [call], ...assistant },
    { role: "tool", tool_call_id: "call_1", content: "ok" },
  ];

  test("deepseek-reasoner streams reasoning_content and refuses a tool loop that drops it", async () => {
    const server = await serve([
      { thinking: "think first", tool_calls: [{ id: "call_1", name: "Read", input: {} }] },
      { text: "ok" },
    ]);
    const first = await post(server, "openai", {
      model: "deepseek-reasoner",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "go" }],
    });
    const reasoning = first.events
      .map(
        (event) =>
          (event.choices as Array<{ delta: { reasoning_content?: string } }>)[0]?.delta.reasoning_content ??
          "",
      )
      .join("");
    assert.equal(reasoning, "think first");
    assert.match(first.text, /"prompt_cache_hit_tokens":0/);
    const refused = await post(server, "openai", { model: "deepseek-reasoner", messages: loop({}) });
    assert.equal(refused.status, 400);
    assert.match(
      refused.text,
      /Missing `reasoning_content` field in the assistant message at message index 1/,
    );
    assert.equal(
      (
        await post(server, "openai", {
          model: "deepseek-reasoner",
          messages: loop({ reasoning_content: "think first" }),
        })
      ).status,
      200,
    );
  });

  test("kimi, OpenAI and reasoning_effort rules", async () => {
    const server = await serve([{ text: "a" }]);
    assert.match(
      (await post(server, "openai", { model: "kimi-k2-thinking", messages: loop({}) })).text,
      /reasoning_content is missing in assistant tool call message at index 1/,
    );
    assert.match(
      (
        await post(server, "openai", {
          model: "kimi-k2.6",
          reasoning_effort: "high",
          thinking: { type: "enabled" },
          messages: [],
        })
      ).text,
      /cannot specify both/,
    );
    assert.match(
      (await post(server, "openai", { model: "gpt-4.1", reasoning_effort: "high", messages: [] })).text,
      /reasoning_effort' is not supported/,
    );
    assert.match(
      (await post(server, "openai", { model: "o3", max_tokens: 100, messages: [] })).text,
      /Use 'max_completion_tokens'/,
    );
    assert.match(
      (await post(server, "openai", { model: "gpt-5", messages: loop({ reasoning_content: "" }) })).text,
      /'reasoning_content' was unexpected/,
    );
    assert.match(
      (
        await post(server, "openai", {
          model: "m",
          messages: [
            { role: "user", content: "x" },
            { role: "assistant", content: null, tool_calls: [call] },
          ],
        })
      ).text,
      /did not have response messages: call_1/,
    );
    assert.equal(server.turnsServed(), 0);
  });

  test("automatic prefix caching reports cached_tokens for a repeated prefix of 1,024+ tokens", async () => {
    const server = await serve([{ text: "a" }, { text: "b" }]);
    const messages = [
      { role: "system", content: bigSystem },
      { role: "user", content: "hi" },
    ];
    const usage = async (extra: unknown[]) => {
      const result = await post(server, "openai", {
        model: "gpt-4.1",
        stream: true,
        stream_options: { include_usage: true },
        messages: [...messages, ...extra],
      });
      return result.events.find((event) => event.usage)?.usage as {
        prompt_tokens: number;
        prompt_tokens_details: { cached_tokens: number };
      };
    };
    assert.equal((await usage([])).prompt_tokens_details.cached_tokens, 0);
    const second = await usage([
      { role: "assistant", content: "a" },
      { role: "user", content: "next" },
    ]);
    assert.ok(second.prompt_tokens_details.cached_tokens >= 1024);
    assert.equal(second.prompt_tokens_details.cached_tokens % 128, 0);
  });
});
