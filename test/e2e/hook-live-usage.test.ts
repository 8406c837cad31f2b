// Live usage in hook payloads through the built CLI: every event's JSON carries the session's running
// `usage`, `total_cost_usd`, `unpriced_models` and `context_window` beside Claude Code's fields, and a
// PreToolUse hook written in bash with jq blocks a tool call once the session's cost passes a limit.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { hasJq } from "../support/programs.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const MODEL = "claude-sonnet-4-6";
const PRICING = { [MODEL]: { input: 10_000, output: 0, cacheRead: 0, cacheWrite: 0 } };
const skip = hasJq ? false : "jq is not installed (apt-get install -y jq)";

/** The hook a user would write: stop tool calls once the session has cost 15 cents. */
const GUARD = `#!/bin/bash
payload=$(cat)
echo "$payload" >> "$(dirname "$0")/payloads.jsonl"
if echo "$payload" | jq -e '.hook_event_name == "PreToolUse" and .total_cost_usd >= 0.15' > /dev/null; then
  echo "over budget: spent \\$$(echo "$payload" | jq -r '.total_cost_usd')" >&2
  exit 2
fi
exit 0
`;

test("hook payloads carry live usage; a bash+jq PreToolUse hook blocks on total_cost_usd", {
  skip,
}, async () => {
  const workspace = scopedWorkspace({ "a.txt": "alpha\n" });
  const hook = join(workspace.dir, "guard.sh");
  writeFileSync(hook, GUARD, { mode: 0o755 });
  const read = { tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] };
  const server = await serveScoped([
    { ...read, usage: { input_tokens: 10, output_tokens: 2 } },
    { ...read, usage: { input_tokens: 10, output_tokens: 3 } },
    { text: "stopped reading", usage: { input_tokens: 1, output_tokens: 1 } },
  ]);
  const command = [{ hooks: [{ type: "command", command: hook }] }];
  const settings = {
    modelPricing: PRICING,
    hooks: { SessionStart: command, UserPromptSubmit: command, PreToolUse: command, Stop: command },
  };
  const run = await runCli(
    ["-p", "go", "--output-format", "json", "--model", MODEL, "--settings", JSON.stringify(settings)],
    {
      cwd: workspace.dir,
      env: cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
    },
  );
  assert.equal(run.code, 0, run.stderr);
  const payloads = readFileSync(join(workspace.dir, "payloads.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.deepEqual(
    payloads.map((payload) => payload.hook_event_name),
    ["SessionStart", "UserPromptSubmit", "PreToolUse", "PreToolUse", "Stop"],
  );
  for (const payload of payloads) {
    // Claude Code's fields are all there, unchanged.
    assert.equal(typeof payload.session_id, "string");
    assert.equal(payload.cwd, workspace.dir);
    assert.equal(payload.permission_mode, "default");
    assert.deepEqual(Object.keys(payload.usage).sort(), [
      "cache_creation_input_tokens",
      "cache_read_input_tokens",
      "input_tokens",
      "output_tokens",
    ]);
    assert.deepEqual(payload.unpriced_models, []);
    assert.ok(payload.context_window.max_tokens >= 200_000, JSON.stringify(payload.context_window));
  }
  const [start, , firstTool, secondTool, stop] = payloads;
  assert.deepEqual(start.usage, {
    input_tokens: 0,
    output_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
  });
  assert.equal(start.total_cost_usd, 0);
  assert.equal(firstTool.tool_name, "Read");
  assert.equal(firstTool.usage.input_tokens, 10);
  assert.equal(firstTool.usage.output_tokens, 2);
  assert.ok(Math.abs(firstTool.total_cost_usd - 0.1) < 1e-9);
  assert.deepEqual(firstTool.context_window.used_tokens, 12, "input + output of the latest request");
  assert.ok(Math.abs(secondTool.total_cost_usd - 0.2) < 1e-9);
  assert.equal(secondTool.usage.input_tokens, 20);
  assert.equal(stop.usage.input_tokens, 21);
  assert.equal(stop.context_window.used_tokens, 2);
  // The first Read ran; the second was refused by the hook with its reason.
  const last = server.requests.at(-1)!.body as { messages: Array<{ content: unknown }> };
  const results = last.messages
    .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
    .filter((block: { type: string }) => block.type === "tool_result") as Array<{
    content: unknown;
    is_error?: boolean;
  }>;
  assert.equal(results.length, 2);
  assert.notEqual(results[0]!.is_error, true);
  assert.equal(results[1]!.is_error, true);
  assert.match(JSON.stringify(results[1]!.content), /over budget: spent \$0\.2/);
});
