// The real Claude Agent SDK against reagent: a canUseTool deny with `interrupt: true` ends the turn —
// the call does not run and no second model request is made; without `interrupt` the model reads the
// refusal and goes on.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type CanUseTool, query } from "@anthropic-ai/claude-agent-sdk";
import { collect, resultOf, sdkOptions } from "../support/agent-sdk.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const touch = { tool_calls: [{ id: "t1", name: "Bash", input: { command: "touch made.txt" } }] };

const denying =
  (interrupt: boolean): CanUseTool =>
  async () => ({ behavior: "deny", message: "Not now.", ...(interrupt ? { interrupt: true } : {}) });

test("canUseTool deny with interrupt: true ends the turn; no second request is made", async () => {
  const server = await serveScoped([touch, { text: "should not be asked for" }]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir, { canUseTool: denying(true) });
  const { messages, error } = await collect(query({ prompt: "make a file", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.equal(server.requests.length, 1, "the turn ended at the refusal");
  assert.equal(existsSync(join(workspace.dir, "made.txt")), false);
  const result = resultOf(messages);
  assert.notEqual(result.subtype === "success" ? result.result : "", "should not be asked for");
  assert.deepEqual(
    result.permission_denials.map((denial) => denial.tool_name),
    ["Bash"],
  );
});

test("canUseTool deny without interrupt: the model reads the message and answers", async () => {
  const server = await serveScoped([touch, { text: "Understood, no file." }]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir, { canUseTool: denying(false) });
  const { messages, error } = await collect(query({ prompt: "make a file", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.equal(server.requests.length, 2);
  assert.match(JSON.stringify(server.requests[1]?.body), /Not now\./);
  assert.equal(existsSync(join(workspace.dir, "made.txt")), false);
  const result = resultOf(messages);
  assert.equal(result.subtype === "success" ? result.result : "", "Understood, no file.");
});
