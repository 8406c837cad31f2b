// Field-by-field checks of the stream-json lines and the result object against the shapes of
// `claude -p --output-format stream-json` (the Agent SDKs' SDKMessage types).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { SessionEvent, TurnResult } from "../../../src/session/events.js";
import { resultJson } from "../../../src/ui/headless/result-json.js";
import { createStreamJsonPrinter } from "../../../src/ui/headless/stream-json.js";
import { systemInitLine } from "../../../src/ui/headless/system-init.js";

/** A parsed JSON line (fields read without a cast at each use). */
type Line = Record<string, ReturnType<typeof JSON.parse>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION = "11111111-2222-4333-8444-555555555555";

function printer(includePartialMessages = false) {
  return createStreamJsonPrinter({ sessionId: () => SESSION, includePartialMessages });
}

const usage = { input_tokens: 10, output_tokens: 5 };
const call = { type: "tool_use" as const, id: "toolu_1", name: "Bash", input: { command: "ls" } };

function assistant(extra: Partial<Extract<SessionEvent, { type: "assistant-message" }>> = {}): SessionEvent {
  return {
    type: "assistant-message",
    message: {
      role: "assistant",
      content: [
        { type: "text", text: "Listing." },
        { ...call, inputError: "internal only" },
      ],
    },
    model: "claude-test-1",
    messageId: "msg_abc",
    usage,
    stopReason: "tool_use",
    durationMs: 3,
    ...extra,
  };
}

test("assistant lines carry message id, model, role, content, stop_reason, usage, uuid and parent_tool_use_id", () => {
  const [line] = printer().lines(assistant()) as Array<Line>;
  assert.ok(line);
  assert.equal(line.type, "assistant");
  assert.equal(line.session_id, SESSION);
  assert.match(line.uuid, UUID);
  assert.equal(line.parent_tool_use_id, null);
  assert.deepEqual(line.message, {
    id: "msg_abc",
    type: "message",
    role: "assistant",
    model: "claude-test-1",
    content: [
      { type: "text", text: "Listing." },
      { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } },
    ],
    stop_reason: "tool_use",
    stop_sequence: null,
    usage,
  });
});

test("an assistant message without a provider id gets one of Claude's form, and uuids differ per line", () => {
  const print = printer();
  const [a] = print.lines(assistant({ messageId: undefined })) as Array<Line>;
  const [b] = print.lines(assistant({ messageId: undefined })) as Array<Line>;
  assert.ok(a && b);
  assert.match(a.message.id, /^msg_[0-9a-f]{32}$/);
  assert.notEqual(a.message.id, b.message.id);
  assert.notEqual(a.uuid, b.uuid);
});

test("tool results: one user line per result with the tool's structured result; hook notes ride on the last", () => {
  const print = printer();
  const data = { stdout: "a.txt\n", stderr: "", exitCode: 0, interrupted: false };
  assert.deepEqual(
    print.lines({
      type: "tool-call-end",
      call,
      summary: "Bash(ls)",
      isError: false,
      content: "a.txt",
      durationMs: 1,
      data,
    }),
    [],
  );
  const lines = print.lines({
    type: "tool-results",
    message: {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_1", content: "a.txt" },
        { type: "tool_result", tool_use_id: "toolu_2", content: "denied", is_error: true },
        { type: "text", text: "<system-reminder>note</system-reminder>" },
      ],
    },
  }) as Array<Line>;
  assert.equal(lines.length, 2);
  const [first, second] = lines;
  assert.ok(first && second);
  assert.equal(first.type, "user");
  assert.equal(first.parent_tool_use_id, null);
  assert.match(first.uuid, UUID);
  assert.deepEqual(first.message, {
    role: "user",
    content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "a.txt", is_error: false }],
  });
  assert.deepEqual(first.tool_use_result, data);
  // No structured result for the denied call: Claude Code's `Error: …` string.
  assert.equal(second.tool_use_result, "Error: denied");
  assert.equal(second.message.content[0].is_error, true);
  assert.equal(second.message.content.length, 2);
  assert.equal(second.message.content[1].type, "text");
});

test("retries are system/api_retry with attempt, max_retries, retry_delay_ms, error_status and error", () => {
  const [line] = printer().lines({
    type: "model-retry",
    attempt: 2,
    maxRetries: 4,
    delayMs: 1500,
    reason: "HTTP 529 overloaded",
    errorKind: "overloaded",
    status: 529,
  }) as Array<Line>;
  assert.ok(line);
  assert.equal(line.type, "system");
  assert.equal(line.subtype, "api_retry");
  assert.equal(line.attempt, 2);
  assert.equal(line.max_retries, 4);
  assert.equal(line.retry_delay_ms, 1500);
  assert.equal(line.error_status, 529);
  assert.equal(line.error, "overloaded");
  assert.match(line.uuid, UUID);
  const [connection] = printer().lines({
    type: "model-retry",
    attempt: 1,
    maxRetries: 4,
    delayMs: 500,
    reason: "ECONNRESET",
    errorKind: "network",
  }) as Array<Line>;
  assert.ok(connection);
  assert.equal(connection.error_status, null, "no HTTP response: error_status is null");
  assert.equal(connection.error, "unknown");
});

test("compaction is a compact_boundary line; hook runs share a hook_id from start to response", () => {
  const print = printer();
  const [boundary] = print.lines({
    type: "history-compacted",
    summary: "s",
    messages: [],
    trigger: "manual",
    preTokens: 900,
    postTokens: 120,
  }) as Array<Line>;
  assert.ok(boundary);
  assert.deepEqual(boundary.compact_metadata, { trigger: "manual", pre_tokens: 900, post_tokens: 120 });
  const base = {
    event: "PreToolUse" as const,
    hook: "check.sh",
    source: ".claude/settings.json",
    matcher: "Bash",
  };
  const [started] = print.lines({ type: "hook-run", event: { type: "hook-start", ...base } }) as Array<Line>;
  const [response] = print.lines({
    type: "hook-run",
    event: { type: "hook-end", ...base, exitCode: 2, durationMs: 4, outcome: "block", decision: "deny" },
  }) as Array<Line>;
  assert.ok(started && response);
  assert.equal(started.subtype, "hook_started");
  assert.equal(response.subtype, "hook_response");
  assert.equal(started.hook_id, response.hook_id);
  assert.equal(response.hook_name, "check.sh");
  assert.equal(response.hook_event, "PreToolUse");
  assert.equal(response.exit_code, 2);
  assert.equal(response.outcome, "success");
  assert.equal(response.reagent_outcome, "block");
  assert.equal(response.exitCode, 2, "reagent's own field names stay");
});

test("partial messages: raw Anthropic stream events in stream_event envelopes, before the assistant line", () => {
  const print = printer(true);
  const lines = [
    ...print.lines({ type: "message-start", model: "claude-test-1", id: "msg_abc" }),
    ...print.lines({ type: "text-delta", text: "List" }),
    ...print.lines({ type: "text-delta", text: "ing." }),
    ...print.lines({ type: "tool-call-delta", id: "toolu_1", name: "Bash" }),
    ...print.lines(assistant()),
  ] as Array<Line>;
  const events = lines.filter((line) => line.type === "stream_event");
  for (const line of events) {
    assert.equal(line.session_id, SESSION);
    assert.equal(line.parent_tool_use_id, null);
    assert.match(line.uuid, UUID);
  }
  assert.deepEqual(
    events.map((line) => line.event.type),
    [
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_start",
      "content_block_stop",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ],
  );
  assert.equal(events[0]?.event.message.id, "msg_abc");
  assert.equal(events[0]?.event.message.model, "claude-test-1");
  assert.deepEqual(events[1]?.event, {
    type: "content_block_start",
    index: 0,
    content_block: { type: "text", text: "" },
  });
  assert.deepEqual(events[3]?.event.delta, { type: "text_delta", text: "ing." });
  assert.deepEqual(events[4]?.event.content_block, {
    type: "tool_use",
    id: "toolu_1",
    name: "Bash",
    input: {},
  });
  assert.deepEqual(events[6]?.event, {
    type: "content_block_delta",
    index: 1,
    delta: { type: "input_json_delta", partial_json: '{"command":"ls"}' },
  });
  assert.deepEqual(events[8]?.event.delta, { stop_reason: "tool_use", stop_sequence: null });
  assert.equal(lines.at(-1)?.type, "assistant", "the whole message follows its stream events");
});

function turn(extra: Partial<TurnResult>): TurnResult {
  return {
    terminal: { reason: "completed", text: "done" },
    result: "done",
    isError: false,
    numTurns: 2,
    durationMs: 40,
    durationApiMs: 30,
    usage: { input_tokens: 7, output_tokens: 3 },
    totalCostUsd: 0.0123,
    modelUsage: {},
    unpricedModels: [],
    permissionDenials: [],
    hookErrors: [],
    ...extra,
  };
}

test("result: success carries the model's stop_reason and reagent's end state in terminal_reason", () => {
  const result = resultJson(turn({ stopReason: "end_turn" }), SESSION);
  assert.equal(result.type, "result");
  assert.equal(result.subtype, "success");
  assert.equal(result.is_error, false);
  assert.equal(result.result, "done");
  assert.equal(result.stop_reason, "end_turn");
  assert.equal(result.terminal_reason, "completed");
  assert.equal(result.num_turns, 2);
  assert.equal(result.session_id, SESSION);
  assert.equal(result.duration_ms, 40);
  assert.equal(result.duration_api_ms, 30);
  assert.deepEqual(result.usage, {
    input_tokens: 7,
    output_tokens: 3,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  });
  assert.deepEqual(result.permission_denials, []);
  assert.equal(result.total_cost_usd, 0.0123);
  assert.deepEqual(result.modelUsage, {});
  assert.match(result.uuid, UUID);
  assert.equal("errors" in result, false);
  assert.equal(resultJson(turn({}), SESSION).stop_reason, null, "no model answer: null");
});

test("result: every error subtype carries errors; an API error is success + is_error + api_error_status", () => {
  const maxTurns = resultJson(
    turn({ terminal: { reason: "max_turns", turns: 3, text: "" }, isError: true, result: "" }),
    SESSION,
  );
  assert.equal(maxTurns.subtype, "error_max_turns");
  assert.equal(maxTurns.is_error, true);
  assert.equal(maxTurns.terminal_reason, "max_turns");
  assert.match(maxTurns.errors?.[0] ?? "", /maximum number of turns \(3\)/);

  const aborted = resultJson(turn({ terminal: { reason: "aborted", text: "" }, isError: true }), SESSION);
  assert.equal(aborted.subtype, "error_during_execution");
  assert.ok((aborted.errors?.length ?? 0) > 0);

  const api = resultJson(
    turn({
      terminal: {
        reason: "error",
        error: { kind: "overloaded", status: 529, message: "Overloaded" },
        text: "",
      },
      isError: true,
      result: "Overloaded",
      stopReason: undefined,
    }),
    SESSION,
  );
  assert.equal(api.subtype, "success");
  assert.equal(api.is_error, true);
  assert.equal(api.api_error_status, 529);
  assert.deepEqual(api.errors, []);
  assert.equal(api.result, "API Error: 529 Overloaded");
  assert.equal(api.terminal_reason, "api_error");

  const tooLong = resultJson(
    turn({
      terminal: {
        reason: "error",
        error: { kind: "context_length", status: 400, message: "prompt is too long" },
        text: "",
      },
      isError: true,
    }),
    SESSION,
  );
  assert.equal(tooLong.terminal_reason, "prompt_too_long");

  const command = resultJson({ ...turn({ isError: true }), commandError: "Unknown command /nope." }, SESSION);
  assert.equal(command.subtype, "error_during_execution");
  assert.equal(command.is_error, true);
  assert.deepEqual(command.errors, ["Unknown command /nope."]);
  assert.equal(command.terminal_reason, "turn_setup_failed");
});

test("system/init carries Claude Code's fields and reagent's provider and sandbox layer", () => {
  const line = systemInitLine({
    sessionId: SESSION,
    cwd: "/project",
    model: "claude-test-1",
    provider: "anthropic",
    tools: ["Read", "mcp__calc__add"],
    mcpServers: [{ name: "calc", status: "connected" }],
    permissionMode: "default",
    slashCommands: ["compact", "review"],
    skills: ["review"],
    agents: [],
    plugins: [{ name: "kit", path: "/plugins/kit", version: "1.2.0" }],
    apiKeySource: "ANTHROPIC_API_KEY",
    version: "1.2.3",
    outputStyle: "default",
    sandbox: { layer: "none", reason: "bwrap not found" },
  });
  for (const [key, value] of Object.entries({
    type: "system",
    subtype: "init",
    session_id: SESSION,
    cwd: "/project",
    model: "claude-test-1",
    permissionMode: "default",
    apiKeySource: "ANTHROPIC_API_KEY",
    output_style: "default",
    provider: "anthropic",
  }))
    assert.equal(line[key], value, key);
  assert.deepEqual(line.tools, ["Read", "mcp__calc__add"]);
  assert.deepEqual(line.mcp_servers, [{ name: "calc", status: "connected" }]);
  assert.deepEqual(line.slash_commands, ["compact", "review"]);
  assert.deepEqual(line.plugins, [{ name: "kit", path: "/plugins/kit", version: "1.2.0" }]);
  assert.deepEqual(line.sandbox, { layer: "none", reason: "bwrap not found" });
  assert.match(String(line.uuid), UUID);
});
