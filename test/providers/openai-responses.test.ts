// The Responses adapter's edge: history → input items (order, roles, tool outputs with the error
// marker and images, reasoning items only from this API), usage and end states back; and the adapter
// against the fake server's stream: reasoning kept as a thinking block with its encrypted content,
// an incomplete response, a failed one.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Message } from "../../src/model/types.js";
import { createOpenAIResponsesClient } from "../../src/providers/openai-responses.js";
import {
  responsesStopReason,
  toResponsesInput,
  toResponsesTools,
  toResponsesUsage,
} from "../../src/providers/openai-responses-wire.js";
import { serveScoped } from "../support/scoped.js";
import { collect, endMessage, errorOf } from "./provider-harness.js";

const image = {
  type: "image" as const,
  source: { type: "base64" as const, media_type: "image/png" as const, data: "AAAA" },
};

test("history becomes input items in order; other providers' reasoning is left out", () => {
  const history: Message[] = [
    { role: "user", content: [{ type: "text", text: "look" }, image] },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "plan", signature: "gAAAAAenc", field: "encrypted_content" },
        { type: "thinking", thinking: "anthropic's", signature: "sig" },
        { type: "thinking", thinking: "deepseek's", signature: "", field: "reasoning_content" },
        { type: "text", text: "Reading." },
        { type: "tool_use", id: "call_1", name: "Read", input: { file_path: "a" } },
        { type: "tool_use", id: "call_2", name: "Read", input: { file_path: "b" } },
      ],
    },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "call_1", content: "missing", is_error: true },
        { type: "tool_result", tool_use_id: "call_2", content: "shot", images: [image] },
        { type: "text", text: "go on" },
      ],
    },
  ];
  assert.deepEqual(toResponsesInput(history), [
    {
      type: "message",
      role: "user",
      content: [
        { type: "input_text", text: "look" },
        { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "auto" },
      ],
    },
    { type: "reasoning", summary: [{ type: "summary_text", text: "plan" }], encrypted_content: "gAAAAAenc" },
    { type: "message", role: "assistant", content: [{ type: "output_text", text: "Reading." }] },
    { type: "function_call", call_id: "call_1", name: "Read", arguments: '{"file_path":"a"}' },
    { type: "function_call", call_id: "call_2", name: "Read", arguments: '{"file_path":"b"}' },
    { type: "function_call_output", call_id: "call_1", output: "Error: missing" },
    {
      type: "function_call_output",
      call_id: "call_2",
      output: [
        { type: "input_text", text: "shot" },
        { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "auto" },
      ],
    },
    { type: "message", role: "user", content: [{ type: "input_text", text: "go on" }] },
  ]);
});

test("tools are non-strict functions with their schemas unchanged; usage and stop reasons map back", () => {
  const schema = { type: "object", properties: { a: { type: "string" } } };
  assert.deepEqual(toResponsesTools([{ name: "T", description: "d", input_schema: schema }]), [
    { type: "function", name: "T", description: "d", parameters: schema, strict: false },
  ]);
  assert.deepEqual(
    toResponsesUsage({
      input_tokens: 1000,
      output_tokens: 50,
      input_tokens_details: { cached_tokens: 768 },
      output_tokens_details: { reasoning_tokens: 20 },
    }),
    { input_tokens: 232, output_tokens: 50, cache_read_input_tokens: 768, reasoning_tokens: 20 },
  );
  assert.equal(responsesStopReason(undefined, true, false), "tool_use");
  assert.equal(responsesStopReason("max_output_tokens", true, false), "max_tokens");
  assert.equal(responsesStopReason(undefined, false, true), "refusal");
  assert.equal(responsesStopReason(undefined, false, false), "end_turn");
});

function client(baseURL: string, model = "gpt-5") {
  return createOpenAIResponsesClient({ apiKey: "k", baseURL, model, retryBaseDelayMs: 1, maxRetries: 1 });
}

test("a reasoning item becomes a thinking block carrying its encrypted content", async () => {
  const server = await serveScoped([
    {
      thinking: "Think first.",
      text: "Hi.",
      tool_calls: [{ id: "c1", name: "Read", input: { file_path: "x" } }],
    },
  ]);
  const events = await collect(client(server.openaiBaseURL));
  const end = endMessage(events);
  const [thinking, text, call] = end.message.content;
  assert.equal(thinking?.type, "thinking");
  assert.ok(thinking?.type === "thinking" && thinking.field === "encrypted_content");
  assert.ok(thinking?.type === "thinking" && thinking.signature.startsWith("gAAAAA"));
  assert.equal(thinking?.type === "thinking" && thinking.thinking, "Think first.");
  assert.deepEqual(text, { type: "text", text: "Hi." });
  assert.deepEqual(call, { type: "tool_use", id: "c1", name: "Read", input: { file_path: "x" } });
  assert.equal(end.stopReason, "tool_use");
  assert.ok(events.some((event) => event.type === "thinking-delta"));
});

test("an incomplete response ends with max_tokens; in-stream errors: a rate limit is retried, an invalid one is not", async () => {
  const cut = await serveScoped([{ text: "partial", stop_reason: "max_tokens" }]);
  assert.equal(endMessage(await collect(client(cut.openaiBaseURL, "gpt-4.1"))).stopReason, "max_tokens");
  const limited = await serveScoped([{ fault: { stream_error: "rate_limit_exceeded" } }, { text: "ok" }]);
  const events = await collect(client(limited.openaiBaseURL, "gpt-4.1"));
  assert.equal(events.filter((event) => event.type === "retry").length, 1);
  assert.equal(endMessage(events).message.content[0]?.type, "text");
  const broken = await serveScoped([{ fault: { stream_error: "invalid_prompt" } }]);
  const error = errorOf(await collect(client(broken.openaiBaseURL, "gpt-4.1")));
  assert.equal(error.kind, "bad_request");
  assert.match(error.message, /invalid_prompt/);
});
