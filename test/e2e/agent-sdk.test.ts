// End-to-end with the real Claude Agent SDK for TypeScript: unchanged SDK programs pointed at reagent
// through pathToClaudeCodeExecutable, against the local fake model server.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createSdkMcpServer, query, type SDKMessage, tool } from "@anthropic-ai/claude-agent-sdk";
import { z } from "zod";
import { collect, resultOf, sdkOptions, twoTurns, userTurn } from "../support/agent-sdk.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const ofType = <T extends SDKMessage["type"]>(messages: SDKMessage[], type: T) =>
  messages.filter((message): message is Extract<SDKMessage, { type: T }> => message.type === type);

/** The content blocks of the user (tool result) messages, in order. */
function toolResultBlocks(messages: SDKMessage[]): Array<Record<string, unknown>> {
  return ofType(messages, "user").flatMap(
    (message) => message.message.content as unknown as Array<Record<string, unknown>>,
  );
}

test("query() with a plain prompt: system/init, the assistant message, a success result", async () => {
  const server = await serveScoped([{ text: "Hello from the model." }]);
  const workspace = scopedWorkspace();
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
  const server = await serveScoped([
    { text: "Reading.", tool_calls: [{ id: "toolu_read", name: "Read", input: { file_path: "notes.txt" } }] },
    { text: "The notes say alpha." },
  ]);
  const workspace = scopedWorkspace({ "notes.txt": "alpha\n" });
  const options = sdkOptions(server, workspace.dir);
  const { messages, error } = await collect(query({ prompt: "What do the notes say?", options }));
  assert.equal(error, undefined, options.stderrText());
  const toolUse = ofType(messages, "assistant")
    .flatMap((message) => message.message.content)
    .find((block) => block.type === "tool_use");
  assert.equal(toolUse?.type === "tool_use" ? toolUse.name : "", "Read");
  const toolResult = ofType(messages, "user").find((message) => message.tool_use_result !== undefined);
  assert.ok(toolResult, "a user message with the tool's result");
  const block = (toolResult.message.content as unknown as Array<{ type: string; tool_use_id?: string }>)[0];
  assert.equal(block?.type, "tool_result");
  assert.equal(block?.tool_use_id, "toolu_read");
  assert.equal((toolResult.tool_use_result as { file: { content: string } }).file.content, "alpha");
  const result = resultOf(messages);
  assert.equal(result.subtype === "success" ? result.result : "", "The notes say alpha.");
  assert.equal(result.num_turns, 2);
});

test("streaming input: two user turns in one session, each with its result", async () => {
  const server = await serveScoped([{ text: "first" }, { text: "second" }]);
  const workspace = scopedWorkspace();
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
  const server = await serveScoped([{ text: "streamed words here" }]);
  const workspace = scopedWorkspace();
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
  const server = await serveScoped([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "out.txt", content: "from the sdk\n" } }] },
    { text: "Written." },
  ]);
  const workspace = scopedWorkspace();
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
  const server = await serveScoped([
    { text: "slow ".repeat(400), fault: { chunk_delay_ms: 100 } },
    { text: "after the interrupt" },
  ]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir, { includePartialMessages: true });
  const { prompts, sendSecond } = twoTurns("a long answer please", "go on");
  const run = query({ prompt: prompts, options });
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
  assert.equal(results[0]!.terminal_reason, "aborted_streaming");
  // The model is told that the earlier request was cut short, with the next prompt.
  const next = server.requests.at(-1)!.body as {
    messages: Array<{ role: string; content: Array<{ text?: string }> }>;
  };
  const last = next.messages.at(-1)!;
  assert.equal(last.role, "user");
  assert.deepEqual(
    last.content.map((block) => block.text),
    ["go on", "[The user interrupted the previous request before it finished.]"],
  );
});

test("an API error: an error result like Claude Code's, then the SDK reports it", async () => {
  const server = await serveScoped([{ fault: { status: 400, body: "the request is malformed" } }]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir);
  const { messages, error } = await collect(query({ prompt: "hi", options }));
  const result = resultOf(messages);
  assert.equal(result.is_error, true);
  assert.equal(result.subtype, "success");
  assert.equal(result.subtype === "success" ? result.api_error_status : undefined, 400);
  assert.match(result.subtype === "success" ? result.result : "", /^API Error: 400/);
  assert.match(String(error?.message), /API Error: 400/, "the SDK raises the result's text");
});

test("canUseTool: a deny reaches the model as the tool result; the turn goes on", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "b1", name: "Bash", input: { command: "rm -rf build" } }] },
    { text: "I will not delete it." },
  ]);
  const workspace = scopedWorkspace();
  const asked: Array<{ tool: string; input: Record<string, unknown> }> = [];
  const options = sdkOptions(server, workspace.dir, {
    canUseTool: async (tool, input) => {
      asked.push({ tool, input });
      return { behavior: "deny", message: "Deleting build output is not allowed here." };
    },
  });
  const { messages, error } = await collect(query({ prompt: "clean up", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.deepEqual(asked, [{ tool: "Bash", input: { command: "rm -rf build" } }]);
  const denied = toolResultBlocks(messages);
  assert.equal(denied[0]?.is_error, true);
  assert.equal(denied[0]?.content, "Deleting build output is not allowed here.");
  const result = resultOf(messages);
  assert.equal(result.subtype === "success" ? result.result : "", "I will not delete it.");
  assert.deepEqual(
    result.permission_denials.map((denial) => denial.tool_name),
    ["Bash"],
  );
});

test("canUseTool: an allow with updatedInput runs the rewritten call", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "draft.txt", content: "draft\n" } }] },
    { text: "Saved." },
  ]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir, {
    canUseTool: async (_tool, input) => ({
      behavior: "allow",
      updatedInput: { ...input, file_path: "final.txt", content: "reviewed\n" },
    }),
  });
  const { messages, error } = await collect(query({ prompt: "save the draft", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.equal(readFileSync(join(workspace.dir, "final.txt"), "utf8"), "reviewed\n");
  assert.equal(existsSync(join(workspace.dir, "draft.txt")), false);
  const toolResult = ofType(messages, "user").find((message) => message.tool_use_result !== undefined);
  assert.ok(toolResult, "the Write result");
  assert.match(String((toolResult.tool_use_result as { filePath: string }).filePath), /final\.txt$/);
});

test("an SDK hook callback blocks a tool call before it runs", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "b1", name: "Bash", input: { command: "echo hi > hooked.txt" } }] },
    { text: "Blocked, as the hook said." },
  ]);
  const workspace = scopedWorkspace();
  const seen: string[] = [];
  const options = sdkOptions(server, workspace.dir, {
    permissionMode: "bypassPermissions",
    allowDangerouslySkipPermissions: true,
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            async (input) => {
              seen.push(`${input.hook_event_name}:${(input as { tool_name: string }).tool_name}`);
              return {
                hookSpecificOutput: {
                  hookEventName: "PreToolUse",
                  permissionDecision: "deny",
                  permissionDecisionReason: "No shell in this job.",
                },
              };
            },
          ],
        },
      ],
    },
  });
  const { messages, error } = await collect(query({ prompt: "write a file", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.deepEqual(seen, ["PreToolUse:Bash"]);
  assert.equal(existsSync(join(workspace.dir, "hooked.txt")), false, "the command never ran");
  const blocks = toolResultBlocks(messages);
  assert.match(String(blocks[0]?.content), /denied by a PreToolUse hook: No shell in this job\./);
  assert.equal(resultOf(messages).is_error, false);
});

test("an in-process SDK MCP tool is offered as mcp__server__tool and called through the control channel", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "m1", name: "mcp__calc__add", input: { a: 2, b: 40 } }] },
    { text: "The sum is 42." },
  ]);
  const workspace = scopedWorkspace();
  const calls: Array<{ a: number; b: number }> = [];
  const calc = createSdkMcpServer({
    name: "calc",
    version: "1.0.0",
    tools: [
      tool("add", "Add two numbers", { a: z.number(), b: z.number() }, async (args) => {
        calls.push(args);
        return { content: [{ type: "text", text: String(args.a + args.b) }] };
      }),
    ],
  });
  const options = sdkOptions(server, workspace.dir, {
    mcpServers: { calc },
    allowedTools: ["mcp__calc__add"],
  });
  const { messages, error } = await collect(query({ prompt: "add 2 and 40", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.deepEqual(calls, [{ a: 2, b: 40 }]);
  const init = messages.find((message) => message.type === "system" && message.subtype === "init");
  assert.ok(init && init.type === "system" && init.subtype === "init");
  assert.ok(init.tools.includes("mcp__calc__add"), init.tools.join(","));
  assert.deepEqual(init.mcp_servers, [{ name: "calc", status: "connected", source: "sdk" }]);
  const offered = (server.requests[0]!.body as { tools: Array<{ name: string }> }).tools.map(
    (entry) => entry.name,
  );
  assert.ok(offered.includes("mcp__calc__add"));
  const result = toolResultBlocks(messages);
  assert.match(JSON.stringify(result[0]?.content), /42/);
  assert.equal(
    resultOf(messages).subtype === "success" ? (resultOf(messages) as { result: string }).result : "",
    "The sum is 42.",
  );
});

test("a JSON-schema answer: outputFormat makes the final answer structured_output, validated", async () => {
  const server = await serveScoped([
    // First try: not valid against the schema (count is a string), so the tool result is an error.
    { tool_calls: [{ id: "s1", name: "StructuredOutput", input: { name: "reagent", count: "two" } }] },
    { tool_calls: [{ id: "s2", name: "StructuredOutput", input: { name: "reagent", count: 2 } }] },
    { text: "Done." },
  ]);
  const workspace = scopedWorkspace();
  const schema = {
    type: "object",
    properties: { name: { type: "string" }, count: { type: "integer" } },
    required: ["name", "count"],
    additionalProperties: false,
  };
  const options = sdkOptions(server, workspace.dir, { outputFormat: { type: "json_schema", schema } });
  const { messages, error } = await collect(query({ prompt: "describe the project", options }));
  assert.equal(error, undefined, options.stderrText());
  const result = resultOf(messages);
  assert.equal(result.subtype, "success");
  assert.deepEqual(result.subtype === "success" ? result.structured_output : undefined, {
    name: "reagent",
    count: 2,
  });
  const first = toolResultBlocks(messages)[0];
  assert.equal(first?.is_error, true, "the invalid answer was refused");
  assert.match(String(first?.content), /count/);
  const body = server.requests[0]!.body as {
    tools: Array<{ name: string; input_schema: unknown }>;
    system: unknown;
  };
  const offered = body.tools.find((entry) => entry.name === "StructuredOutput");
  assert.deepEqual(offered?.input_schema, schema);
  assert.match(JSON.stringify(body.system), /StructuredOutput/);
});
