// End-to-end with the real Agent SDK and the newer lifecycle events: setModel() through
// PreModelSwitch / PostModelSwitch hooks from ~/.claude/settings.json (a python3 guard in Claude Code's
// shape) — a denied switch is an error and keeps the model, an allowed one reaches the next request
// with the hook's context and the payload carries what the switch costs in cache writes — and the
// SDK's own hook callbacks for TaskCompleted and PostToolBatch.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { query, type SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { sdkOptions, twoTurns } from "../support/agent-sdk.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const GUARD = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks", "model-switch-guard.py");

test("setModel(): PreModelSwitch denies Opus (an error, the model stays); PostModelSwitch's context reaches Haiku", async () => {
  const server = await serveScoped([{ text: "one" }, { text: "two" }]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir, { settingSources: ["user"] });
  const home = options.env!.HOME!;
  mkdirSync(join(home, ".claude"), { recursive: true });
  const hook = [{ hooks: [{ type: "command", command: GUARD }] }];
  writeFileSync(
    join(home, ".claude", "settings.json"),
    JSON.stringify({ hooks: { PreModelSwitch: hook, PostModelSwitch: hook } }),
  );
  const { prompts, sendSecond } = twoTurns("first", "second");
  const run = query({ prompt: prompts, options });
  const seen: SDKMessage[] = [];
  let refusal: unknown;
  for await (const message of run) {
    seen.push(message);
    if (message.type === "result" && seen.filter((entry) => entry.type === "result").length === 1) {
      refusal = await run.setModel("claude-opus-4-6").then(
        () => undefined,
        (error: unknown) => error,
      );
      await run.setModel("claude-haiku-4-5");
      sendSecond();
    }
  }
  assert.ok(refusal instanceof Error, `the denied switch rejects: ${String(refusal)}`);
  assert.match(
    refusal.message,
    /PreModelSwitch hook refused the switch to claude-opus-4-6: Opus is for planning sessions only\./,
  );
  const bodies = server.requests.map((request) => request.body as { model: string; messages: unknown[] });
  assert.deepEqual(
    bodies.map((body) => body.model),
    ["claude-sonnet-4-6", "claude-haiku-4-5"],
    options.stderrText(),
  );
  const last = JSON.stringify(bodies[1]!.messages.at(-1));
  assert.match(last, /source=\\"PostModelSwitch hook\\"/);
  assert.match(last, /You now run on claude-haiku-4-5; keep answers short\./);

  const log = readFileSync(join(workspace.dir, "model-switches.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.deepEqual(
    log.map((entry) => [entry.hook_event_name, entry.to_model]),
    [
      ["PreModelSwitch", "claude-opus-4-6"],
      ["PreModelSwitch", "claude-haiku-4-5"],
      ["PostModelSwitch", "claude-haiku-4-5"],
    ],
  );
  const pre = log[1];
  assert.equal(pre.from_model, "claude-sonnet-4-6");
  assert.equal(pre.requested_model, "claude-haiku-4-5");
  assert.equal(pre.source, "sdk");
  assert.ok(pre.context_tokens > 0, JSON.stringify(pre));
  assert.equal(pre.prompt_cache_warm, true, "the first answer came a moment ago");
  assert.equal(pre.cache_ttl, "5m");
  assert.equal(pre.pricing, "catalog");
  // Haiku writes cache at $1.25 per million tokens.
  assert.ok(
    Math.abs(pre.estimated_cache_write_usd - (pre.context_tokens * 1.25) / 1_000_000) < 1e-9,
    JSON.stringify(pre),
  );
});

test("SDK hook callbacks for TaskCompleted and PostToolBatch: a block keeps the task open, the batch sees every call", async () => {
  const server = await serveScoped([
    {
      tool_calls: [
        { id: "toolu_create", name: "TaskCreate", input: { subject: "Ship it", description: "Release 1.0" } },
        { id: "toolu_list", name: "TaskList", input: {} },
      ],
    },
    { tool_calls: [{ id: "toolu_done", name: "TaskUpdate", input: { taskId: "1", status: "completed" } }] },
    { text: "Not yet." },
  ]);
  const workspace = scopedWorkspace();
  const batches: string[][] = [];
  const completed: string[] = [];
  const options = sdkOptions(server, workspace.dir, {
    hooks: {
      PostToolBatch: [
        {
          hooks: [
            async (input) => {
              const calls = (input as { tool_calls: Array<{ tool_name: string }> }).tool_calls;
              batches.push(calls.map((call) => call.tool_name));
              return {};
            },
          ],
        },
      ],
      TaskCompleted: [
        {
          hooks: [
            async (input) => {
              completed.push((input as { task_subject: string }).task_subject);
              return { decision: "block", reason: "The release checklist is not done." };
            },
          ],
        },
      ],
    },
  });
  const messages: SDKMessage[] = [];
  for await (const message of query({ prompt: "ship", options })) messages.push(message);
  const result = messages.find((message) => message.type === "result");
  assert.equal(
    result?.type === "result" && result.subtype === "success" ? result.result : "",
    "Not yet.",
    options.stderrText(),
  );
  assert.deepEqual(batches, [["TaskCreate", "TaskList"], ["TaskUpdate"]]);
  assert.deepEqual(completed, ["Ship it"]);
  const last = JSON.stringify((server.requests.at(-1)!.body as { messages: unknown[] }).messages.at(-1));
  assert.match(last, /TaskCompleted hook refused: The release checklist is not done\./);
  assert.match(last, /task #1 stays pending/);
});
