// The ToolRunner's hand-overs between its stages, with real hook processes and the real permission
// gate: which post hook a result goes to, the PreToolUse verdict reaching the gate, a hook's
// replacement output reaching the model, and a hook deny being final.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { ScriptedPrompter } from "../permissions/support.js";
import { hookScript, onEvent } from "../support/hook-engine.js";
import { createRunnerHarness } from "../support/runner-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "notes.txt": "one\n" });
after(() => workspace.cleanup());
const dir = workspace.dir;

/** A hook that appends its JSON payload as one line to `log` and prints `output` (if any). */
function recorder(name: string, log: string, output = ""): string {
  const print = output ? `\nprintf '%s' '${output}'` : "";
  return hookScript(dir, name, `payload=$(cat); printf '%s\\n' "$payload" >> '${log}'${print}`);
}

function payloads(log: string): Array<Record<string, unknown>> {
  if (!existsSync(log)) return [];
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const preDecision = (permissionDecision: string, reason: string) =>
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision,
      permissionDecisionReason: reason,
    },
  });

test("a failed call goes to PostToolUseFailure with its error, a successful one to PostToolUse", async () => {
  const log = join(dir, "post-routing.log");
  const post = recorder("post-routing.sh", log);
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "bypassPermissions",
    settings: [onEvent("PostToolUse", post), onEvent("PostToolUseFailure", post)],
  });
  const failed = await harness.call("Fail", { why: "on purpose" });
  const crashed = await harness.call("Crash", {});
  const exited = await harness.call("Bash", { command: "echo partial; exit 3" });
  const succeeded = await harness.call("Echo", { text: "hi" });

  assert.equal(failed.result.is_error, true);
  assert.equal(failed.code, "no_match");
  assert.equal(crashed.code, "tool_crashed");
  assert.equal(exited.code, "exit_code");
  assert.equal(succeeded.result.is_error, undefined);
  assert.deepEqual(
    payloads(log).map((payload) => [payload.hook_event_name, payload.tool_name, payload.error]),
    [
      ["PostToolUseFailure", "Fail", "failed: on purpose"],
      ["PostToolUseFailure", "Crash", "Crash failed unexpectedly: boom"],
      ["PostToolUseFailure", "Bash", "Exit code 3\npartial"],
      ["PostToolUse", "Echo", undefined],
    ],
  );
  const success = payloads(log)[3]!;
  assert.equal(success.tool_result, "echo: hi");
  assert.equal(success.tool_is_error, false);
});

test("a PreToolUse ask forces the prompt, even in bypassPermissions, with the hook's reason", async () => {
  const ask = hookScript(
    dir,
    "ask.sh",
    `cat > /dev/null; printf '%s' '${preDecision("ask", "a human should look")}'`,
  );
  const prompter = new ScriptedPrompter([{ kind: "no" }]);
  const asked = createRunnerHarness({
    cwd: dir,
    mode: "bypassPermissions",
    prompter,
    settings: [onEvent("PreToolUse", ask, "Note")],
  });
  const denied = await asked.call("Note", { text: "x" });
  assert.equal(prompter.requests.length, 1, "the hook's ask reached the gate");
  assert.match(prompter.requests[0]!.reason, /a human should look/);
  assert.equal(denied.code, "permission_denied");
  assert.deepEqual(denied.control && { type: denied.control.type, by: denied.control.by }, {
    type: "stop",
    by: "user",
  });
  assert.equal(asked.denials.length, 1);

  // Without the hook the same call in the same mode runs unasked: the prompt came from the hook.
  const quiet = new ScriptedPrompter();
  const unhooked = createRunnerHarness({ cwd: dir, mode: "bypassPermissions", prompter: quiet });
  const ran = await unhooked.call("Note", { text: "x" });
  assert.equal(ran.result.content, "noted: x");
  assert.equal(quiet.requests.length, 0);
});

test("a PreToolUse allow skips the prompt a write tool would get, but never beats a deny rule", async () => {
  const allow = hookScript(
    dir,
    "allow.sh",
    `cat > /dev/null; printf '%s' '${preDecision("allow", "known safe")}'`,
  );
  const prompter = new ScriptedPrompter([{ kind: "no" }]);
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "default",
    prompter,
    rules: { deny: ["Note(secret)"] },
    settings: [onEvent("PreToolUse", allow, "Note")],
  });
  const ran = await harness.call("Note", { text: "plain" });
  assert.equal(ran.result.content, "noted: plain");
  assert.equal(prompter.requests.length, 0, "the hook's allow reached the gate");
  const denied = await harness.call("Note", { text: "secret" });
  assert.equal(denied.code, "permission_denied");
  assert.match(denied.result.content, /Note\(secret\)/);
  assert.equal(prompter.requests.length, 0);

  // Without the hook the default mode asks for the same call.
  const asking = new ScriptedPrompter([{ kind: "yes" }]);
  await createRunnerHarness({ cwd: dir, mode: "default", prompter: asking }).call("Note", { text: "plain" });
  assert.equal(asking.requests.length, 1);
});

test("a PreToolUse deny is final: no prompt, no tool, no post hook, a recorded denial", async () => {
  const log = join(dir, "after-deny.log");
  const deny = hookScript(
    dir,
    "deny.sh",
    `cat > /dev/null; printf '%s' '${preDecision("deny", "not this file")}'`,
  );
  const post = recorder("post-after-deny.sh", log);
  const prompter = new ScriptedPrompter([{ kind: "yes" }]);
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "default",
    prompter,
    settings: [
      onEvent("PreToolUse", deny),
      onEvent("PostToolUse", post),
      onEvent("PostToolUseFailure", post),
    ],
  });
  const target = join(dir, "denied.txt");
  const result = await harness.call("Write", { file_path: target, content: "x" });
  assert.equal(result.code, "hook_denied");
  assert.match(result.result.content, /not this file/);
  assert.equal(prompter.requests.length, 0);
  assert.equal(existsSync(target), false);
  assert.deepEqual(payloads(log), []);
  assert.deepEqual(harness.denials, [
    {
      tool_name: "Write",
      tool_use_id: "call_1",
      tool_input: { file_path: target, content: "x" },
      reason: result.result.content,
    },
  ]);
});

test("a PostToolUse updatedToolOutput is what the model sees; the call stays a success", async () => {
  const output = JSON.stringify({
    hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "[redacted by policy]" },
  });
  const redact = hookScript(dir, "redact.sh", `cat > /dev/null; printf '%s' '${output}'`);
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "bypassPermissions",
    settings: [onEvent("PostToolUse", redact, "Read")],
  });
  const read = await harness.call("Read", { file_path: "notes.txt" });
  assert.equal(read.result.content, "[redacted by policy]");
  assert.equal(read.result.is_error, undefined);
  const echo = await harness.call("Echo", { text: "untouched" });
  assert.equal(echo.result.content, "echo: untouched", "the matcher limits the rewrite to Read");
});

test("the gate and the tool see a PreToolUse hook's rewritten input, not the model's", async () => {
  const rewritten = join(dir, "rewritten.txt");
  const output = JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      updatedInput: { file_path: "rewritten.txt", content: "from the hook" },
    },
  });
  const rewrite = hookScript(dir, "rewrite.sh", `cat > /dev/null; printf '%s' '${output}'`);
  const prompter = new ScriptedPrompter([{ kind: "yes" }]);
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "default",
    prompter,
    settings: [onEvent("PreToolUse", rewrite, "Write")],
  });
  const result = await harness.call("Write", { file_path: "original.txt", content: "from the model" });
  assert.equal(result.result.is_error, undefined, result.result.content);
  assert.equal(prompter.requests[0]!.input.file_path, rewritten);
  assert.equal(readFileSync(rewritten, "utf8"), "from the hook");
  assert.equal(existsSync(join(dir, "original.txt")), false);
  assert.match(result.summary ?? "", /Write\(.*rewritten\.txt\) \[input rewritten by a PreToolUse hook\]/);
});
