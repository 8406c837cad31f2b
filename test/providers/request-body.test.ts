// What each adapter puts on the wire, as the fake server received it: system prompt, tool
// schemas, history conversion, the tool_result error flag, and no internal fields.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Message, ToolSchema } from "../../src/model/types.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { collect, endMessage, makeClient } from "./provider-harness.js";

const servers: FakeModelServer[] = [];
async function serve(): Promise<FakeModelServer> {
  const server = await startFakeModelServer([{ text: "ok" }]);
  servers.push(server);
  return server;
}
after(() => Promise.all(servers.map((server) => server.close())));

const richSchema = {
  type: "object",
  description: "Search files",
  properties: {
    pattern: { type: "string", description: "Regular expression" },
    "-i": { type: "boolean", description: "Case insensitive", default: false },
    output_mode: { type: "string", enum: ["content", "files_with_matches", "count"] },
    globs: { type: "array", items: { type: "string" }, minItems: 1 },
    options: {
      type: "object",
      properties: { depth: { type: "integer", minimum: 0 }, follow: { type: "boolean" } },
      required: ["depth"],
      additionalProperties: false,
    },
  },
  required: ["pattern", "output_mode"],
  additionalProperties: false,
};
const tools: ToolSchema[] = [{ name: "Grep", description: "Search file contents", input_schema: richSchema }];

const history: Message[] = [
  { role: "user", content: [{ type: "text", text: "find TODOs" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Looking." },
      { type: "tool_use", id: "call_1", name: "Grep", input: { pattern: "TODO", output_mode: "count" } },
      { type: "tool_use", id: "call_2", name: "Grep", input: {}, inputError: "arguments are not valid JSON" },
    ],
  },
  {
    role: "user",
    content: [
      { type: "tool_result", tool_use_id: "call_1", content: "3 matches" },
      { type: "tool_result", tool_use_id: "call_2", content: "invalid input", is_error: true },
      { type: "text", text: "also check docs" },
    ],
  },
];

describe("anthropic request body", () => {
  test("sends system, tools and history as Anthropic blocks, with is_error only when set", async () => {
    const server = await serve();
    endMessage(await collect(makeClient("anthropic", server), { system: "SYS", messages: history, tools }));
    assert.equal(server.requests.length, 1);
    const { path, headers, body } = server.requests[0]!;
    assert.equal(path, "/v1/messages");
    // SDK 1.x sends the key as a bearer token; older versions used x-api-key.
    assert.ok(headers["x-api-key"] === "test-key" || headers.authorization === "Bearer test-key");
    const sent = body as Record<string, unknown>;
    assert.equal(sent.model, "test-model");
    assert.equal(sent.stream, true);
    // Prompt-cache breakpoints: the last tool, the system prompt, the previous request's last message
    // (the first user message here) and the newest message.
    assert.deepEqual(sent.system, [{ type: "text", text: "SYS", cache_control: { type: "ephemeral" } }]);
    assert.equal(typeof sent.max_tokens, "number");
    assert.deepEqual(sent.tools, [
      {
        name: "Grep",
        description: "Search file contents",
        input_schema: richSchema,
        cache_control: { type: "ephemeral" },
      },
    ]);
    assert.deepEqual(sent.messages, [
      { role: "user", content: [{ type: "text", text: "find TODOs", cache_control: { type: "ephemeral" } }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Looking." },
          { type: "tool_use", id: "call_1", name: "Grep", input: { pattern: "TODO", output_mode: "count" } },
          { type: "tool_use", id: "call_2", name: "Grep", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "call_1", content: "3 matches" },
          { type: "tool_result", tool_use_id: "call_2", content: "invalid input", is_error: true },
          { type: "text", text: "also check docs", cache_control: { type: "ephemeral" } },
        ],
      },
    ]);
    assert.deepEqual(server.refusals, []);
  });
});

describe("openai request body", () => {
  test("passes the rich tool schema through unchanged", async () => {
    const server = await serve();
    endMessage(await collect(makeClient("openai", server), { tools }));
    const sent = server.requests[0]!.body as Record<string, unknown>;
    assert.deepEqual(sent.tools, [
      {
        type: "function",
        function: { name: "Grep", description: "Search file contents", parameters: richSchema },
      },
    ]);
  });

  test("converts history: system first, tool_calls, tool messages with the error marker, trailing user text", async () => {
    const server = await serve();
    endMessage(await collect(makeClient("openai", server), { system: "SYS", messages: history, tools }));
    const { path, headers, body } = server.requests[0]!;
    assert.equal(path, "/v1/chat/completions");
    assert.equal(headers.authorization, "Bearer test-key");
    const sent = body as Record<string, unknown>;
    assert.equal(sent.stream, true);
    assert.deepEqual(sent.stream_options, { include_usage: true });
    assert.deepEqual(sent.messages, [
      { role: "system", content: "SYS" },
      { role: "user", content: "find TODOs" },
      {
        role: "assistant",
        content: "Looking.",
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "Grep", arguments: JSON.stringify({ pattern: "TODO", output_mode: "count" }) },
          },
          { id: "call_2", type: "function", function: { name: "Grep", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "3 matches" },
      { role: "tool", tool_call_id: "call_2", content: "Error: invalid input" },
      { role: "user", content: "also check docs" },
    ]);
  });

  test("an assistant message with only tool calls sends content null", async () => {
    const server = await serve();
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "go" }] },
      { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "Grep", input: { pattern: "x" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "c1", content: "none" }] },
    ];
    endMessage(await collect(makeClient("openai", server), { system: "", messages }));
    const sent = (server.requests[0]!.body as { messages: Array<Record<string, unknown>> }).messages;
    assert.equal(sent[0]?.role, "user", "an empty system prompt is not sent");
    assert.equal(sent[1]?.content, null);
    assert.deepEqual(sent[2], { role: "tool", tool_call_id: "c1", content: "none" });
    assert.equal(sent.length, 3);
  });
});
