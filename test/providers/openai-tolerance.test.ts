// The OpenAI-compatible adapter against hand-written streams in the shapes real compatible
// servers send: missing ids, types and indexes, names only in the first fragment, interleaved
// calls, `content: null`, no usage chunk, odd or absent finish reasons, no [DONE].
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, test } from "node:test";
import { createOpenAIChatClient } from "../../src/providers/openai-chat.js";
import { collect, endMessage } from "./provider-harness.js";

const servers: Server[] = [];
after(() => {
  for (const server of servers) server.close();
});

/** Serves each request the given `data:` payloads (objects are JSON-encoded) as one SSE stream. */
async function serveChunks(chunks: Array<object | string>): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const chunk of chunks)
        res.write(`data: ${typeof chunk === "string" ? chunk : JSON.stringify(chunk)}\n\n`);
      res.end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
}

function client(baseURL: string) {
  return createOpenAIChatClient({ apiKey: "k", baseURL, model: "local-model", maxRetries: 0 });
}

test("interleaved fragments without ids or types, names only first, content null, no usage", async () => {
  const baseURL = await serveChunks([
    { choices: [{ delta: { role: "assistant", content: null } }] },
    { choices: [{ delta: { content: "Let me look." } }] },
    {
      choices: [{ delta: { tool_calls: [{ index: 0, function: { name: "Read", arguments: '{"file_' } }] } }],
    },
    { choices: [{ delta: { tool_calls: [{ index: 1, function: { name: "Glob", arguments: "" } }] } }] },
    {
      choices: [
        { delta: { content: null, tool_calls: [{ index: 0, function: { arguments: 'path":"a.md"}' } }] } },
      ],
    },
    {
      choices: [{ delta: { tool_calls: [{ index: 1, function: { arguments: '{"pattern":"**/*.ts"}' } }] } }],
    },
    { choices: [{ delta: {}, finish_reason: "stop" }] },
  ]);
  const events = await collect(client(baseURL));
  const end = endMessage(events);
  assert.equal(end.stopReason, "tool_use", "tool calls win over finish_reason stop (Ollama)");
  assert.deepEqual(end.usage, { input_tokens: 0, output_tokens: 0 });
  const [text, read, glob] = end.message.content;
  assert.deepEqual(text, { type: "text", text: "Let me look." });
  assert.ok(read?.type === "tool_use" && glob?.type === "tool_use");
  assert.equal(read.name, "Read");
  assert.deepEqual(read.input, { file_path: "a.md" });
  assert.equal(glob.name, "Glob");
  assert.deepEqual(glob.input, { pattern: "**/*.ts" });
  assert.ok(
    read.id.length > 0 && glob.id.length > 0 && read.id !== glob.id,
    "ids are generated and distinct",
  );
  const announced = events.filter((event) => event.type === "tool-call-delta");
  assert.deepEqual(
    announced.map((event) => [event.id, event.name]),
    [
      [read.id, "Read"],
      [glob.id, "Glob"],
    ],
  );
});

test("fragments without an index follow their id; whole calls in one chunk; usage with cached tokens", async () => {
  const baseURL = await serveChunks([
    {
      model: "served-model",
      choices: [
        { delta: { tool_calls: [{ id: "c1", function: { name: "Read", arguments: '{"file_path":' } }] } },
      ],
    },
    { choices: [{ delta: { tool_calls: [{ id: "c1", function: { arguments: '"x"}' } }] } }] },
    {
      choices: [
        {
          delta: {
            tool_calls: [
              { id: "c2", type: "function", function: { name: "Bash", arguments: { command: "ls" } } },
            ],
          },
        },
      ],
    },
    { choices: [{ delta: {}, finish_reason: "tool_calls" }] },
    {
      choices: [],
      usage: { prompt_tokens: 100, completion_tokens: 9, prompt_tokens_details: { cached_tokens: 60 } },
    },
    "[DONE]",
  ]);
  const events = await collect(client(baseURL));
  assert.deepEqual(events[0], { type: "message-start", model: "served-model" });
  const end = endMessage(events);
  assert.deepEqual(
    end.message.content.map((block) =>
      block.type === "tool_use" ? [block.id, block.name, block.input] : block,
    ),
    [
      ["c1", "Read", { file_path: "x" }],
      ["c2", "Bash", { command: "ls" }],
    ],
  );
  assert.deepEqual(end.usage, { input_tokens: 40, output_tokens: 9, cache_read_input_tokens: 60 });
});

test("absent and odd finish reasons", async () => {
  const plain = endMessage(
    await collect(client(await serveChunks([{ choices: [{ delta: { content: "hi" } }] }]))),
  );
  assert.equal(plain.stopReason, "end_turn");
  const odd = endMessage(
    await collect(
      client(await serveChunks([{ choices: [{ delta: { content: "hi" }, finish_reason: "eos_token" }] }])),
    ),
  );
  assert.equal(odd.stopReason, "other");
  const length = endMessage(
    await collect(
      client(await serveChunks([{ choices: [{ delta: { content: "hi" }, finish_reason: "length" }] }])),
    ),
  );
  assert.equal(length.stopReason, "max_tokens");
});

test("an unparseable argument string is reported with the raw text, capped", async () => {
  const raw = `{"command": "${"x".repeat(2000)}`;
  const baseURL = await serveChunks([
    {
      choices: [
        { delta: { tool_calls: [{ index: 0, id: "c9", function: { name: "Bash", arguments: raw } }] } },
      ],
    },
  ]);
  const end = endMessage(await collect(client(baseURL)));
  const [call] = end.message.content;
  assert.ok(call?.type === "tool_use");
  assert.deepEqual(call.input, {});
  assert.match(call.inputError ?? "", /not valid JSON/);
  assert.match(call.inputError ?? "", /\{"command": "xxx/);
  assert.ok((call.inputError ?? "").length < 600, "raw text is capped");
});
