// Secrets never reach the model, the transcript or a hook: the runner redacts a tool's result (its
// text and every string of its data) before PostToolUse hooks see it, and the hooks engine redacts
// what hooks print (additionalContext, reasons, replaced output) before it is parsed. Real Bash, real
// hook processes, the sandbox module's redactor.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { createSecretRedaction, filterEnvironment } from "../../src/sandbox/index.js";
import { hookScript, onEvent } from "../support/hook-engine.js";
import { plainLauncher } from "../support/no-sandbox.js";
import { createRunnerHarness } from "../support/runner-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({});
after(() => workspace.cleanup());
const dir = workspace.dir;
const TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
const VALUE = "correct-horse-battery-staple";
const { redact } = createSecretRedaction(filterEnvironment({ DEPLOY_SECRET: VALUE }).removed);

test("a tool's output is redacted before a PostToolUse hook, the model and the data see it", async () => {
  const log = join(dir, "post.log");
  const post = hookScript(dir, "post.sh", `cat >> '${log}'`);
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "bypassPermissions",
    settings: [onEvent("PostToolUse", post)],
    redact,
  });
  const execution = await harness.call("Bash", { command: `echo "token ${TOKEN} and ${VALUE}"` });
  assert.equal(
    execution.result.content,
    "token [redacted: GitHub token] and [redacted: value of DEPLOY_SECRET]",
  );
  assert.doesNotMatch(JSON.stringify(execution.data), /ghp_|horse/);
  // The command is the model's own text; what the command printed is what is redacted.
  const payload = JSON.parse(readFileSync(log, "utf8")) as Record<string, unknown>;
  const seen = JSON.stringify([payload.tool_response, payload.tool_result]);
  assert.match(seen, /redacted: GitHub token/);
  assert.doesNotMatch(seen, /ghp_abc|horse-battery/);
});

test("what a hook prints is redacted before the model sees it", async () => {
  const output = JSON.stringify({
    hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: `context with ${TOKEN}` },
  });
  const post = hookScript(dir, "context.sh", `cat > /dev/null; printf '%s' '${output}'`);
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "bypassPermissions",
    settings: [onEvent("PostToolUse", post)],
    engine: { processes: { launcher: plainLauncher(dir), containmentOf: () => "none", redact } },
  });
  const execution = await harness.call("Bash", { command: "echo ok" });
  const notes = execution.notes.join("\n");
  assert.match(notes, /context with \[redacted: GitHub token\]/);
  assert.doesNotMatch(notes, /ghp_/);
});
