// The real Claude Agent SDK against reagent with a background command: canUseTool is asked for it as
// for a foreground Bash call (input with run_in_background), TaskOutput reads it while it runs, and
// when the query ends the command still running is killed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type CanUseTool, query } from "@anthropic-ai/claude-agent-sdk";
import { collect, resultOf, sdkOptions } from "../support/agent-sdk.js";
import { running, waitUntil } from "../support/processes.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

test("SDK: a background command is asked for like a foreground one, read with TaskOutput, killed when the query ends", async () => {
  const command = "echo $$ > server.pid; echo listening; sleep 300";
  const server = await serveScoped([
    { tool_calls: [{ id: "toolu_bg", name: "Bash", input: { command, run_in_background: true } }] },
    { tool_calls: [{ id: "toolu_wait", name: "Bash", input: { command: "sleep 0.5" } }] },
    { tool_calls: [{ id: "toolu_read", name: "TaskOutput", input: { task_id: "bash_1", block: false } }] },
    { text: "It is listening." },
  ]);
  const workspace = scopedWorkspace();
  const asked: Array<{ tool: string; input: Record<string, unknown> }> = [];
  const canUseTool: CanUseTool = async (tool, input) => {
    asked.push({ tool, input });
    return { behavior: "allow", updatedInput: input };
  };
  const options = sdkOptions(server, workspace.dir, { canUseTool });
  const { messages, error } = await collect(query({ prompt: "start the server", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.deepEqual(asked[0], { tool: "Bash", input: { command, run_in_background: true } });
  const final = resultOf(messages);
  assert.equal(final.subtype === "success" ? final.result : "", "It is listening.");
  const bodies = server.requests.map((request) => JSON.stringify(request.body));
  assert.match(bodies.at(-1)!, /<status>running<\/status>\\n<output>\\nlistening\\n<\/output>/);
  const pid = Number(readFileSync(join(workspace.dir, "server.pid"), "utf8"));
  assert.ok(await waitUntil(() => !running(pid)), "the background command was killed when the query ended");
});
