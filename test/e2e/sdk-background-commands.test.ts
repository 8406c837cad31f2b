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

test("SDK: background commands are framed by task_started and task_notification (completed, failed, stopped)", async () => {
  const server = await serveScoped([
    {
      tool_calls: [
        { id: "toolu_ok", name: "Bash", input: { command: "echo fine", run_in_background: true } },
        {
          id: "toolu_bad",
          name: "Bash",
          input: { command: "echo oops; exit 3", run_in_background: true, description: "Failing job" },
        },
        { id: "toolu_long", name: "Bash", input: { command: "sleep 300", run_in_background: true } },
      ],
    },
    { tool_calls: [{ id: "toolu_wait", name: "Bash", input: { command: "sleep 0.8" } }] },
    { tool_calls: [{ id: "toolu_stop", name: "TaskStop", input: { task_id: "bash_3" } }] },
    { text: "Done." },
  ]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir, { permissionMode: "bypassPermissions" });
  const { messages, error } = await collect(query({ prompt: "run them", options }));
  assert.equal(error, undefined, options.stderrText());
  const frames = messages.flatMap((message) =>
    message.type === "system" &&
    (message.subtype === "task_started" || message.subtype === "task_notification")
      ? [message]
      : [],
  );
  const started = frames.filter((frame) => frame.subtype === "task_started");
  assert.deepEqual(
    started.map((frame) => [frame.task_id, frame.tool_use_id, frame.description, frame.task_type]),
    [
      ["bash_1", "toolu_ok", "echo fine", "local_bash"],
      ["bash_2", "toolu_bad", "Failing job", "local_bash"],
      ["bash_3", "toolu_long", "sleep 300", "local_bash"],
    ],
  );
  const ended = new Map(
    frames.flatMap((frame) =>
      frame.subtype === "task_notification" ? [[frame.task_id, frame] as const] : [],
    ),
  );
  assert.equal(ended.get("bash_1")?.status, "completed");
  assert.equal(ended.get("bash_2")?.status, "failed");
  assert.match(ended.get("bash_2")?.summary ?? "", /Failing job.*exit code 3/);
  assert.equal(ended.get("bash_3")?.status, "stopped");
  assert.equal(ended.get("bash_3")?.tool_use_id, "toolu_long");
  // The output file lived in the run's temporary folder (removed at exit).
  assert.match(ended.get("bash_2")?.output_file ?? "", /tasks\/bash_2\.output$/);
  // Every end comes after its start, and the SDK's own session id is on each frame.
  for (const frame of frames) assert.equal(frame.session_id, resultOf(messages).session_id);
});
