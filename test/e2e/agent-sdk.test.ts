// End-to-end with the real Claude Agent SDK for TypeScript: unchanged SDK programs pointed at reagent
// through pathToClaudeCodeExecutable, against the local fake model server.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { query, type SDKMessage, type SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import type { Script } from "../../src/providers/script-format.js";
import { collect, resultOf, sdkOptions } from "../support/agent-sdk.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { createWorkspace } from "../support/workspace.js";

const servers: FakeModelServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function serve(script: Script) {
  const server = await startFakeModelServer(script);
  servers.push(server);
  return server;
}

function space(files: Record<string, string> = {}) {
  const workspace = createWorkspace(files);
  after(() => workspace.cleanup());
  return workspace;
}

const ofType = <T extends SDKMessage["type"]>(messages: SDKMessage[], type: T) =>
  messages.filter((message): message is Extract<SDKMessage, { type: T }> => message.type === type);

function userTurn(text: string): SDKUserMessage {
  return { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null };
}

test("query() with a plain prompt: system/init, the assistant message, a success result", async () => {
  const server = await serve([{ text: "Hello from the model." }]);
  const workspace = space();
  const options = sdkOptions(server, workspace.dir);
  const { messages, error } = await collect(query({ prompt: "Say hello", options }));
  assert.equal(error, undefined, options.stderrText());
  const init = messages.find((message) => message.type === "system" && message.subtype === "init");
  assert.ok(init && init.type === "system" && init.subtype === "init");
  assert.equal(init.cwd, workspace.dir);
  assert.equal(init.model, "claude-sonnet-4-6");
  assert.ok(init.tools.includes("Read"));
  const [assistant] = ofType(messages, "assistant");
  assert.equal(assistant?.message.model, "claude-sonnet-4-6");
  assert.match(assistant?.message.id ?? "", /^msg_/);
  const result = resultOf(messages);
  assert.equal(result.subtype, "success");
  assert.equal(result.is_error, false);
  assert.equal(result.subtype === "success" ? result.result : "", "Hello from the model.");
  assert.equal(result.session_id, init.session_id);
  assert.equal(server.requests.length, 1);
});

test("a tool round trip: tool_use, the tool result with its structured result, the answer", async () => {
  const server = await serve([
    { text: "Reading.", tool_calls: [{ id: "toolu_read", name: "Read", input: { file_path: "notes.txt" } }] },
    { text: "The notes say alpha." },
  ]);
  const workspace = space({ "notes.txt": "alpha\n" });
  const options = sdkOptions(server, workspace.dir);
  const { messages, error } = await collect(query({ prompt: "What do the notes say?", options }));
  assert.equal(error, undefined, options.stderrText());
  const toolUse = ofType(messages, "assistant")
    .flatMap((message) => message.message.content)
    .find((block) => block.type === "tool_use");
  assert.equal(toolUse?.type === "tool_use" ? toolUse.name : "", "Read");
  const toolResult = ofType(messages, "user").find((message) => message.tool_use_result !== undefined);
  assert.ok(toolResult, "a user message with the tool's result");
  const block = (toolResult.message.content as Array<{ type: string; tool_use_id?: string }>)[0];
  assert.equal(block?.type, "tool_result");
  assert.equal(block?.tool_use_id, "toolu_read");
  assert.equal((toolResult.tool_use_result as { file: { content: string } }).file.content, "alpha");
  const result = resultOf(messages);
  assert.equal(result.subtype === "success" ? result.result : "", "The notes say alpha.");
  assert.equal(result.num_turns, 2);
});

test("streaming input: two user turns in one session, each with its result", async () => {
  const server = await serve([{ text: "first" }, { text: "second" }]);
  const workspace = space();
  const options = sdkOptions(server, workspace.dir);
  async function* prompts() {
    yield userTurn("turn one");
    yield userTurn("turn two");
  }
  const { messages, error } = await collect(query({ prompt: prompts(), options }));
  assert.equal(error, undefined, options.stderrText());
  const results = ofType(messages, "result");
  assert.deepEqual(
    results.map((result) => (result.subtype === "success" ? result.result : result.subtype)),
    ["first", "second"],
  );
  const second = server.requests[1]!.body as { messages: unknown[] };
  assert.equal(second.messages.length, 3, "the second turn continues the conversation");
});

test("includePartialMessages: raw stream events arrive before the assistant message", async () => {
  const server = await serve([{ text: "streamed words here" }]);
  const workspace = space();
  const options = sdkOptions(server, workspace.dir, { includePartialMessages: true });
  const { messages, error } = await collect(query({ prompt: "stream please", options }));
  assert.equal(error, undefined, options.stderrText());
  const events = ofType(messages, "stream_event");
  assert.equal(events[0]?.event.type, "message_start");
  const text = events
    .map((message) => message.event)
    .filter((event) => event.type === "content_block_delta" && event.delta.type === "text_delta")
    .map((event) =>
      event.type === "content_block_delta" && event.delta.type === "text_delta" ? event.delta.text : "",
    )
    .join("");
  assert.equal(text, "streamed words here");
  assert.equal(events.at(-1)?.event.type, "message_stop");
  const assistantIndex = messages.findIndex((message) => message.type === "assistant");
  const lastEvent = messages.findLastIndex((message) => message.type === "stream_event");
  assert.ok(lastEvent < assistantIndex, "stream events come first");
});

test("setPermissionMode() lets a later Write run without asking", async () => {
  const server = await serve([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "out.txt", content: "from the sdk\n" } }] },
    { text: "Written." },
  ]);
  const workspace = space();
  const options = sdkOptions(server, workspace.dir);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* prompts() {
    await gate;
    yield userTurn("write out.txt");
  }
  const run = query({ prompt: prompts(), options });
  await run.setPermissionMode("acceptEdits");
  release();
  const { messages, error } = await collect(run);
  assert.equal(error, undefined, options.stderrText());
  const result = resultOf(messages);
  assert.deepEqual(result.permission_denials, []);
  assert.equal(readFileSync(join(workspace.dir, "out.txt"), "utf8"), "from the sdk\n");
});

test("interrupt() stops the running turn; the session takes the next prompt", async () => {
  const server = await serve([
    { text: "slow ".repeat(400), fault: { chunk_delay_ms: 100 } },
    { text: "after the interrupt" },
  ]);
  const workspace = space();
  const options = sdkOptions(server, workspace.dir, { includePartialMessages: true });
  let sendSecond: () => void = () => {};
  const second = new Promise<void>((resolve) => {
    sendSecond = resolve;
  });
  async function* prompts() {
    yield userTurn("a long answer please");
    await second;
    yield userTurn("go on");
  }
  const run = query({ prompt: prompts(), options });
  const seen: SDKMessage[] = [];
  let interrupted = false;
  for await (const message of run) {
    seen.push(message);
    if (!interrupted && message.type === "stream_event" && message.event.type === "content_block_delta") {
      interrupted = true;
      await run.interrupt();
    }
    if (message.type === "result" && ofType(seen, "result").length === 1) sendSecond();
  }
  const results = ofType(seen, "result");
  assert.equal(results.length, 2, options.stderrText());
  assert.equal(results[0]!.subtype, "error_during_execution");
  assert.equal(results[0]!.is_error, true);
  assert.equal(results[1]!.subtype === "success" ? results[1]!.result : "", "after the interrupt");
});

test("an API error: an error result like Claude Code's, then the SDK reports it", async () => {
  const server = await serve([{ fault: { status: 400, body: "the request is malformed" } }]);
  const workspace = space();
  const options = sdkOptions(server, workspace.dir);
  const { messages, error } = await collect(query({ prompt: "hi", options }));
  const result = resultOf(messages);
  assert.equal(result.is_error, true);
  assert.equal(result.subtype, "success");
  assert.equal(result.subtype === "success" ? result.api_error_status : undefined, 400);
  assert.match(result.subtype === "success" ? result.result : "", /^API Error: 400/);
  assert.match(String(error?.message), /API Error: 400/, "the SDK raises the result's text");
});
