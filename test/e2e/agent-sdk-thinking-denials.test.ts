// The real Claude Agent SDK against reagent for two things the SDK passes through as-is: its
// `thinking` option (sent as --max-thinking-tokens / --thinking, which set the request's thinking)
// and the result's permission_denials, where reagent adds the gate's `reason` to Claude Code's fields;
// a denied call's user message with Claude Code's `Error: …` tool_use_result.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { query, type SDKPermissionDenial } from "@anthropic-ai/claude-agent-sdk";
import { collect, resultOf, sdkOptions } from "../support/agent-sdk.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { createWorkspace } from "../support/workspace.js";

const servers: FakeModelServer[] = [];
const workspace = createWorkspace({ "a.txt": "alpha\n" });
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
  workspace.cleanup();
});

test("thinking: {type: enabled, budgetTokens} reaches the request as that budget", async () => {
  const server = await startFakeModelServer([{ thinking: "Short thought.", text: "ok" }]);
  servers.push(server);
  const options = sdkOptions(server, workspace.dir, {
    model: "claude-sonnet-4-5",
    thinking: { type: "enabled", budgetTokens: 3000 },
  });
  const { messages, error } = await collect(query({ prompt: "hi", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.equal(resultOf(messages).is_error, false);
  assert.deepEqual(server.refusals, []);
  assert.deepEqual((server.requests[0]!.body as { thinking: unknown }).thinking, {
    type: "enabled",
    budget_tokens: 3000,
  });
  assert.doesNotMatch(options.stderrText(), /not acted on/);
});

test("a denied call: its user message carries Claude Code's `Error: …` tool_use_result; permission_denials keeps Claude Code's fields and adds the reason", async () => {
  const server = await startFakeModelServer([
    { tool_calls: [{ id: "toolu_w", name: "Write", input: { file_path: "b.txt", content: "x\n" } }] },
    { text: "could not write" },
  ]);
  servers.push(server);
  const options = sdkOptions(server, workspace.dir);
  const { messages, error } = await collect(query({ prompt: "write b", options }));
  assert.equal(error, undefined, options.stderrText());
  const result = resultOf(messages);
  const [denial] = result.permission_denials as Array<SDKPermissionDenial & { reason?: string }>;
  assert.equal(denial?.tool_name, "Write");
  assert.equal(denial?.tool_use_id, "toolu_w");
  assert.equal(denial?.tool_input.content, "x\n");
  assert.match(denial?.reason ?? "", /Write is not allowed in non-interactive mode/);
  // The SDKUserMessage of the denied call: the tool_result says is_error, tool_use_result is the string.
  const denied = messages.find((message) => message.type === "user" && message.tool_use_result !== undefined);
  assert.ok(denied && denied.type === "user");
  const [block] = denied.message.content as Array<{ type: string; is_error: boolean; content: string }>;
  assert.equal(block?.is_error, true);
  assert.equal(denied.tool_use_result, `Error: ${block?.content}`);
  assert.match(String(denied.tool_use_result), /^Error: .*Write is not allowed in non-interactive mode/);
  assert.equal(result.subtype === "success" ? result.api_error_status : "not success", null, "present: null");
});
