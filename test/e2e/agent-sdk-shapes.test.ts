// The real Claude Agent SDK against reagent: message shapes checked field by field against the SDK's
// own types (SDKSystemMessage, SDKAssistantMessage, SDKUserMessage, SDKPartialAssistantMessage,
// SDKResultMessage, SDKAPIRetryMessage), and the control requests not covered in agent-sdk.test.ts
// (setModel), a retried rate limit, maxTurns, and a streaming session that stays silent a while.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { query, type SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { collect, resultOf, sdkEnv, sdkOptions, twoTurns, userTurn } from "../support/agent-sdk.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function initOf(messages: SDKMessage[]) {
  const init = messages.find((message) => message.type === "system" && message.subtype === "init");
  assert.ok(init && init.type === "system" && init.subtype === "init", "a system/init message");
  return init;
}

test("every message: uuid and session_id; assistant, user and stream events: parent_tool_use_id; init, assistant, tool result and result field by field", async () => {
  const server = await serveScoped([
    { text: "Running it.", tool_calls: [{ id: "toolu_echo", name: "Bash", input: { command: "echo hi" } }] },
    { text: "It printed hi." },
  ]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir, {
    permissionMode: "bypassPermissions",
    allowDangerouslySkipPermissions: true,
    includePartialMessages: true,
  });
  const { messages, error } = await collect(query({ prompt: "run echo hi", options }));
  assert.equal(error, undefined, options.stderrText());
  const init = initOf(messages);
  const uuids = new Set<string>();
  for (const message of messages) {
    const label = `${message.type}/${"subtype" in message ? message.subtype : ""}`;
    assert.match(String(message.uuid), UUID, `${label} has a uuid`);
    assert.equal(message.session_id, init.session_id, `${label} names the session`);
    uuids.add(String(message.uuid));
    if (message.type === "assistant" || message.type === "user" || message.type === "stream_event")
      assert.equal(message.parent_tool_use_id, null, `${label}: parent_tool_use_id`);
  }
  assert.equal(uuids.size, messages.length, "no two messages share a uuid");

  // system/init (SDKSystemMessage)
  assert.equal(init.cwd, workspace.dir);
  assert.equal(init.model, "claude-sonnet-4-6");
  assert.equal(init.permissionMode, "bypassPermissions");
  assert.equal(init.apiKeySource, "ANTHROPIC_API_KEY");
  assert.equal(init.output_style, "default");
  assert.equal(typeof init.claude_code_version, "string");
  for (const name of ["Read", "Write", "Edit", "Glob", "Grep", "Bash"])
    assert.ok(init.tools.includes(name), name);
  assert.deepEqual(init.mcp_servers, []);
  assert.ok(init.slash_commands.includes("compact"), init.slash_commands.join(","));
  assert.ok(Array.isArray(init.agents) && Array.isArray(init.skills) && Array.isArray(init.plugins));

  // assistant messages (SDKAssistantMessage: an Anthropic Message)
  const assistants = messages.filter((message) => message.type === "assistant");
  assert.equal(assistants.length, 2);
  for (const { message } of assistants) {
    assert.match(message.id, /^msg_/);
    assert.equal(message.type, "message");
    assert.equal(message.role, "assistant");
    assert.equal(message.model, "claude-sonnet-4-6");
    assert.equal(typeof message.usage.input_tokens, "number");
    assert.equal(typeof message.usage.output_tokens, "number");
  }
  assert.notEqual(assistants[0]!.message.id, assistants[1]!.message.id);
  assert.equal(assistants[0]!.message.stop_reason, "tool_use");
  assert.deepEqual(assistants[0]!.message.content.at(-1), {
    type: "tool_use",
    id: "toolu_echo",
    name: "Bash",
    input: { command: "echo hi" },
  });

  // stream events (SDKPartialAssistantMessage): one message_start per request, its id the assistant's
  const starts = messages.flatMap((message) =>
    message.type === "stream_event" && message.event.type === "message_start" ? [message.event.message] : [],
  );
  assert.deepEqual(
    starts.map((message) => message.id),
    assistants.map((assistant) => assistant.message.id),
  );

  // the tool result (SDKUserMessage with tool_use_result: Bash's structured output)
  const toolResult = messages.find(
    (message) => message.type === "user" && message.tool_use_result !== undefined,
  );
  assert.ok(toolResult && toolResult.type === "user");
  assert.deepEqual(toolResult.message.content, [
    { type: "tool_result", tool_use_id: "toolu_echo", content: "hi", is_error: false },
  ]);
  const bash = toolResult.tool_use_result as Record<string, unknown>;
  assert.equal(bash.stdout, "hi", "as Claude Code reports it, without the final newline");
  assert.equal(bash.stderr, "");
  assert.equal(bash.interrupted, false);

  // the result (SDKResultSuccess)
  const result = resultOf(messages);
  assert.ok(result.subtype === "success");
  assert.equal(result.is_error, false);
  assert.equal(result.result, "It printed hi.");
  assert.equal(result.num_turns, 2);
  assert.equal(result.stop_reason, "end_turn");
  assert.equal(result.terminal_reason, "completed");
  assert.ok(result.duration_ms >= result.duration_api_ms && result.duration_api_ms >= 0);
  assert.ok(result.total_cost_usd > 0);
  for (const key of [
    "input_tokens",
    "output_tokens",
    "cache_read_input_tokens",
    "cache_creation_input_tokens",
  ])
    assert.equal(typeof (result.usage as unknown as Record<string, unknown>)[key], "number", key);
  const model = result.modelUsage["claude-sonnet-4-6"];
  assert.ok(model, Object.keys(result.modelUsage).join(","));
  assert.equal(model.outputTokens, result.usage.output_tokens);
  assert.ok(model.costUSD > 0 && model.contextWindow > 0);
  assert.deepEqual(result.permission_denials, []);
  assert.equal(result.api_error_status, null, "always present: null without an API error");
});

test("setModel(): the next turn's request, system/init and assistant message use the new model", async () => {
  const server = await serveScoped([{ text: "one" }, { text: "two" }]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir);
  const { prompts, sendSecond } = twoTurns("first", "second");
  const run = query({ prompt: prompts, options });
  const seen: SDKMessage[] = [];
  for await (const message of run) {
    seen.push(message);
    if (message.type === "result" && seen.filter((entry) => entry.type === "result").length === 1) {
      await run.setModel("claude-opus-4-6");
      sendSecond();
    }
  }
  assert.deepEqual(
    server.requests.map((request) => (request.body as { model: string }).model),
    ["claude-sonnet-4-6", "claude-opus-4-6"],
    options.stderrText(),
  );
  const inits = seen.flatMap((message) =>
    message.type === "system" && message.subtype === "init" ? [message.model] : [],
  );
  assert.deepEqual(inits, ["claude-sonnet-4-6", "claude-opus-4-6"]);
  const models = seen.flatMap((message) => (message.type === "assistant" ? [message.message.model] : []));
  assert.deepEqual(models, ["claude-sonnet-4-6", "claude-opus-4-6"]);
  const results = seen.filter((message) => message.type === "result");
  assert.deepEqual(
    results.map((result) => (result.subtype === "success" ? result.result : result.subtype)),
    ["one", "two"],
  );
});

test("a rate limit is retried: system/api_retry (SDKAPIRetryMessage) before the answer", async () => {
  const server = await serveScoped([{ fault: { status: 429, retry_after: 0 } }, { text: "after the retry" }]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir);
  const { messages, error } = await collect(query({ prompt: "hi", options }));
  assert.equal(error, undefined, options.stderrText());
  const retries = messages.filter((message) => message.type === "system" && message.subtype === "api_retry");
  assert.equal(retries.length, 1);
  const retry = retries[0]!;
  assert.ok(retry.type === "system" && retry.subtype === "api_retry");
  assert.equal(retry.attempt, 1);
  assert.ok(retry.max_retries >= 1);
  assert.equal(retry.retry_delay_ms, 0);
  assert.equal(retry.error_status, 429);
  assert.equal(retry.error, "rate_limit");
  assert.ok(
    messages.indexOf(retry) < messages.findIndex((message) => message.type === "assistant"),
    "the retry comes before the answer",
  );
  const result = resultOf(messages);
  assert.equal(result.subtype === "success" ? result.result : "", "after the retry");
  assert.equal(server.requests.length, 2);
});

test("maxTurns: an error_max_turns result with errors and terminal_reason; the SDK raises it", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "r1", name: "Read", input: { file_path: "a.txt" } }] },
    { text: "never reached" },
  ]);
  const workspace = scopedWorkspace({ "a.txt": "alpha\n" });
  const options = sdkOptions(server, workspace.dir, { maxTurns: 1 });
  const { messages, error } = await collect(query({ prompt: "read a.txt", options }));
  const result = resultOf(messages);
  assert.ok(result.subtype === "error_max_turns", result.subtype);
  assert.equal(result.is_error, true);
  assert.equal(result.num_turns, 1);
  assert.equal(result.terminal_reason, "max_turns");
  assert.equal(result.stop_reason, "tool_use");
  assert.deepEqual(result.errors, ["Reached the maximum number of turns (1)"]);
  assert.match(String(error?.message), /maximum number of turns/);
  assert.equal(server.requests.length, 1);
});

test("a streaming session whose next message comes after a few silent seconds waits for it", async () => {
  const server = await serveScoped([{ text: "first" }, { text: "second" }]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir);
  let firstDone: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    firstDone = resolve;
  });
  async function* prompts() {
    yield userTurn("one");
    await first;
    // Longer than the 3 s a prompt argument waits for piped stdin: stream-json input never gives up.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    yield userTurn("two");
  }
  const seen: SDKMessage[] = [];
  for await (const message of query({ prompt: prompts(), options })) {
    seen.push(message);
    if (message.type === "result") firstDone();
  }
  const results = seen.filter((message) => message.type === "result");
  assert.deepEqual(
    results.map((result) => (result.subtype === "success" ? result.result : result.subtype)),
    ["first", "second"],
    options.stderrText(),
  );
  assert.doesNotMatch(options.stderrText(), /no input on stdin/);
});

test("resume with forkSession: the fork goes on from the history under a new id; the original is left as it was", async () => {
  const server = await serveScoped([
    { text: "first answer" },
    { text: "fork answer" },
    { text: "original again" },
  ]);
  const workspace = scopedWorkspace();
  const env = sdkEnv(server);
  const original = randomUUID();
  const run1 = sdkOptions(server, workspace.dir, { env, sessionId: original });
  const first = await collect(query({ prompt: "remember 42", options: run1 }));
  assert.equal(first.error, undefined, run1.stderrText());
  const [projectDir] = readdirSync(join(env.HOME!, ".agents", "sessions"));
  const sessions = join(env.HOME!, ".agents", "sessions", projectDir!);
  const originalText = readFileSync(join(sessions, `${original}.jsonl`), "utf8");

  const run2 = sdkOptions(server, workspace.dir, { env, resume: original, forkSession: true });
  const fork = await collect(query({ prompt: "what was the number?", options: run2 }));
  assert.equal(fork.error, undefined, run2.stderrText());
  const forkId = initOf(fork.messages).session_id;
  assert.notEqual(forkId, original);
  assert.equal(resultOf(fork.messages).session_id, forkId);
  const sent = server.requests[1]!.body as { messages: Array<{ role: string }> };
  assert.equal(sent.messages.length, 3, "the fork's request carries the original conversation");
  assert.equal(
    readFileSync(join(sessions, `${original}.jsonl`), "utf8"),
    originalText,
    "the original is untouched",
  );
  const forkText = readFileSync(join(sessions, `${forkId}.jsonl`), "utf8");
  assert.match(forkText, /remember 42/);
  assert.match(forkText, /fork answer/);

  // The original still resumes from where it was, without the fork's turn.
  const run3 = sdkOptions(server, workspace.dir, { env, resume: original });
  const again = await collect(query({ prompt: "and now?", options: run3 }));
  assert.equal(again.error, undefined, run3.stderrText());
  assert.equal(initOf(again.messages).session_id, original);
  const third = server.requests[2]!.body as { messages: Array<{ role: string }> };
  assert.equal(third.messages.length, 3, "the original's history, not the fork's");
});

test("debug: trace lines reach the program's stderr callback; debugFile: they go to that file instead", async () => {
  const server = await serveScoped([{ text: "one" }, { text: "two" }]);
  const workspace = scopedWorkspace();
  const onStderr = sdkOptions(server, workspace.dir, { debug: true });
  const first = await collect(query({ prompt: "hi", options: onStderr }));
  assert.equal(first.error, undefined, onStderr.stderrText());
  assert.match(onStderr.stderrText(), /\[trace\] model\.request /);
  assert.match(onStderr.stderrText(), /\[trace\] loop\.end reason=completed/);
  assert.doesNotMatch(onStderr.stderrText(), /not acted on/);

  const file = join(workspace.dir, "debug.log");
  const toFile = sdkOptions(server, workspace.dir, { debugFile: file });
  const second = await collect(query({ prompt: "hi again", options: toFile }));
  assert.equal(second.error, undefined, toFile.stderrText());
  assert.match(readFileSync(file, "utf8"), /\[trace\] model\.response /);
  assert.doesNotMatch(toFile.stderrText(), /\[trace\]/);
});

test("an Edit's tool_use_result carries Claude Code's patch shape (filePath, oldString, newString, structuredPatch)", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "r1", name: "Read", input: { file_path: "code.ts" } }] },
    {
      tool_calls: [
        { id: "e1", name: "Edit", input: { file_path: "code.ts", old_string: "b = 2", new_string: "b = 3" } },
      ],
    },
    { text: "Edited." },
  ]);
  const workspace = scopedWorkspace({ "code.ts": "const a = 1;\nconst b = 2;\n" });
  const options = sdkOptions(server, workspace.dir, { permissionMode: "acceptEdits" });
  const { messages, error } = await collect(query({ prompt: "set b to 3", options }));
  assert.equal(error, undefined, options.stderrText());
  const edit = messages.find(
    (message) =>
      message.type === "user" &&
      (message.message.content as unknown as Array<{ tool_use_id?: string }>)[0]?.tool_use_id === "e1",
  );
  assert.ok(edit && edit.type === "user");
  const data = edit.tool_use_result as Record<string, unknown>;
  assert.equal(data.filePath, join(workspace.dir, "code.ts"));
  assert.equal(data.oldString, "b = 2");
  assert.equal(data.newString, "b = 3");
  assert.deepEqual(data.structuredPatch, [
    {
      oldStart: 1,
      oldLines: 2,
      newStart: 1,
      newLines: 2,
      lines: [" const a = 1;", "-const b = 2;", "+const b = 3;"],
    },
  ]);
});
