// A stop request from inside a batch of concurrent read-only calls ends the turn after the batch,
// like one from a sequential batch: a hook's `continue: false` and a user's "no" at the prompt. In a
// sequential batch the calls after the request do not run; each gets a result saying why.
// Real hook processes and the real permission gate behind the real ToolRunner.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { ToolResultBlock } from "../../src/model/types.js";
import { ScriptedPrompter } from "../permissions/support.js";
import { hookScript, onEvent } from "../support/hook-engine.js";
import { runScripted } from "../support/loop-harness.js";
import { createRunnerHarness } from "../support/runner-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace();
after(() => workspace.cleanup());

const concurrentEchoes = {
  tool_calls: [
    { id: "first", name: "Echo", input: { text: "plain", delay_ms: 50 } },
    { id: "second", name: "Echo", input: { text: "stop-here" } },
    { id: "third", name: "Echo", input: { text: "plain too", delay_ms: 50 } },
  ],
};

function resultIds(message: { content: unknown[] } | undefined): string[] {
  return (message?.content ?? [])
    .filter((block): block is ToolResultBlock => (block as ToolResultBlock).type === "tool_result")
    .map((block) => block.tool_use_id);
}

test("continue:false from a hook on one of several concurrent read-only calls ends the turn", async () => {
  const halt = hookScript(
    workspace.dir,
    "halt-on-marker.sh",
    `case "$(cat)" in *stop-here*) printf '%s' '{"continue":false,"stopReason":"the hook saw enough"}';; esac`,
  );
  const harness = createRunnerHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    settings: [onEvent("PostToolUse", halt, "Echo")],
  });
  const { done, client, messages, events } = runScripted([concurrentEchoes, { text: "never sent" }], [], {
    tools: harness.runner,
    toolSchemas: () => harness.registry.schemas(),
  });
  const terminal = await done;
  assert.equal(terminal.reason, "stopped_by_hook");
  assert.equal(terminal.reason === "stopped_by_hook" && terminal.message, "the hook saw enough");
  assert.equal(client.requests.length, 1, "no request after the batch");
  assert.deepEqual(resultIds(messages.at(-1)), ["first", "second", "third"]);
  const starts = events.filter((event) => event.type === "tool-call-start").length;
  assert.equal(starts, 3, "the batch ran concurrently, every call started");
});

test("a user's no at the prompt for one of several concurrent read-only calls ends the turn", async () => {
  const ask = hookScript(
    workspace.dir,
    "ask-on-marker.sh",
    `case "$(cat)" in *stop-here*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}';; esac`,
  );
  // A plain no ends the turn (a no with an instruction would hand it to the model instead).
  const prompter = new ScriptedPrompter([{ kind: "no" }]);
  const harness = createRunnerHarness({
    cwd: workspace.dir,
    mode: "default",
    prompter,
    settings: [onEvent("PreToolUse", ask, "Echo")],
  });
  const { done, client, messages } = runScripted([concurrentEchoes, { text: "never sent" }], [], {
    tools: harness.runner,
    toolSchemas: () => harness.registry.schemas(),
  });
  const terminal = await done;
  assert.equal(prompter.requests.length, 1);
  assert.equal(terminal.reason, "declined");
  assert.equal(client.requests.length, 1, "no request after the batch");
  assert.deepEqual(resultIds(messages.at(-1)), ["first", "second", "third"]);
});

test("in a sequential batch, the calls after a stop request are skipped and say why", async () => {
  const halt = hookScript(
    workspace.dir,
    "halt-sequential.sh",
    `case "$(cat)" in *stop-here*) printf '%s' '{"continue":false,"stopReason":"enough notes"}';; esac`,
  );
  const harness = createRunnerHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    settings: [onEvent("PostToolUse", halt, "Note")],
  });
  const notes = {
    tool_calls: [
      { id: "first", name: "Note", input: { text: "stop-here" } },
      { id: "second", name: "Note", input: { text: "never written" } },
    ],
  };
  const { done, client, messages, events } = runScripted([notes, { text: "never sent" }], [], {
    tools: harness.runner,
    toolSchemas: () => harness.registry.schemas(),
  });
  const terminal = await done;
  assert.equal(terminal.reason, "stopped_by_hook");
  assert.equal(client.requests.length, 1, "no request after the batch");
  const started = events.flatMap((event) => (event.type === "tool-call-start" ? [event.call.id] : []));
  assert.deepEqual(started, ["first"], "the second call never started");
  const results = (messages.at(-1)?.content ?? []) as ToolResultBlock[];
  assert.deepEqual(resultIds(messages.at(-1)), ["first", "second"]);
  assert.equal(results[0]!.content, "noted: stop-here");
  assert.equal(results[1]!.content, "Tool call skipped: the turn ended before it ran (enough notes).");
  assert.equal(results[1]!.is_error, true);
});
