// End-to-end with the real Agent SDK: setModel() through PreModelSwitch / PostModelSwitch hooks from
// ~/.claude/settings.json (a python3 guard in Claude Code's shape): a denied switch is an error and
// keeps the model; an allowed one reaches the next request with the hook's context; the payload
// carries what the switch costs in cache writes.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { query, type SDKMessage, type SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { sdkOptions } from "../support/agent-sdk.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const GUARD = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks", "model-switch-guard.py");

function userTurn(text: string): SDKUserMessage {
  return { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null, session_id: "" };
}

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
  let sendSecond: () => void = () => {};
  const second = new Promise<void>((resolve) => {
    sendSecond = resolve;
  });
  async function* prompts() {
    yield userTurn("first");
    await second;
    yield userTurn("second");
  }
  const run = query({ prompt: prompts(), options });
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
