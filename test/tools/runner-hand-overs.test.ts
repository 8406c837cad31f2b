// More of the ToolRunner's hand-overs, each one a test a broken wire fails: hook context and a hook's
// `continue: false` riding along from PreToolUse and PostToolUse, a PostToolUse block reason, an
// interrupted call that never reaches the prompt, a permission prompt's replacement input named in
// the call's summary, and the folders a tool says it touches reaching the gate. Real hook processes, the real gate, a real temp folder.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { after, test } from "node:test";
import { ScriptedPrompter } from "../permissions/support.js";
import { hookAnswering, onEvent } from "../support/hook-engine.js";
import { createRunnerHarness } from "../support/runner-harness.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "notes.txt": "one\n" });
after(() => workspace.cleanup());
const dir = workspace.dir;

test("PreToolUse context reaches the model beside the result, also when the hook denies", async () => {
  const context = hookAnswering(dir, "pre-context.sh", {
    hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "mind the style guide" },
  });
  const denyWithContext = hookAnswering(dir, "pre-deny-context.sh", {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "not now",
      additionalContext: "try again after lunch",
    },
  });
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "bypassPermissions",
    settings: [onEvent("PreToolUse", context, "Echo"), onEvent("PreToolUse", denyWithContext, "Note")],
  });
  const ran = await harness.call("Echo", { text: "hi" });
  assert.equal(ran.result.content, "echo: hi");
  assert.equal(ran.notes.length, 1);
  assert.match(ran.notes[0]!, /PreToolUse/);
  assert.match(ran.notes[0]!, /mind the style guide/);
  const denied = await harness.call("Note", { text: "x" });
  assert.equal(denied.code, "hook_denied");
  assert.equal(denied.notes.length, 1);
  assert.match(denied.notes[0]!, /try again after lunch/);
});

test("a PreToolUse continue:false lets the call finish and asks the loop to end the turn", async () => {
  const stop = hookAnswering(dir, "pre-stop.sh", { continue: false, stopReason: "quota reached" });
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "bypassPermissions",
    settings: [onEvent("PreToolUse", stop, "Echo")],
  });
  const ran = await harness.call("Echo", { text: "hi" });
  assert.deepEqual(ran.control, { type: "stop", by: "hook", reason: "quota reached" });
  const other = await harness.call("Fail", { why: "x" });
  assert.equal(other.control, undefined, "only the matched call carries the request");
});

test("PostToolUse context, block reason and continue:false ride along with the result", async () => {
  const post = hookAnswering(dir, "post-all.sh", {
    decision: "block",
    reason: "the output leaked a token",
    continue: false,
    stopReason: "security review",
    hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "rotate the token" },
  });
  const failureContext = hookAnswering(dir, "failure-context.sh", {
    hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "the file moved" },
  });
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "bypassPermissions",
    settings: [onEvent("PostToolUse", post, "Echo"), onEvent("PostToolUseFailure", failureContext, "Fail")],
  });
  const ran = await harness.call("Echo", { text: "hi" });
  assert.equal(ran.result.content, "echo: hi", "the result itself stays");
  assert.equal(ran.result.is_error, undefined);
  assert.equal(ran.notes.length, 2, ran.notes.join("\n"));
  assert.match(ran.notes[0]!, /PostToolUse[\s\S]*the output leaked a token/);
  assert.match(ran.notes[1]!, /rotate the token/);
  assert.deepEqual(ran.control, { type: "stop", by: "hook", reason: "security review" });
  const failed = await harness.call("Fail", { why: "gone" });
  assert.equal(failed.code, "no_match");
  assert.equal(failed.notes.length, 1);
  assert.match(failed.notes[0]!, /PostToolUseFailure[\s\S]*the file moved/);
});

test("an interrupted call is not put to the user and does not run", async () => {
  const prompter = new ScriptedPrompter([{ kind: "yes" }]);
  const harness = createRunnerHarness({ cwd: dir, mode: "default", prompter });
  const controller = new AbortController();
  controller.abort();
  const target = join(dir, "interrupted.txt");
  const result = await harness.call("Write", { file_path: target, content: "x" }, controller.signal);
  assert.equal(result.code, "aborted");
  assert.equal(prompter.requests.length, 0, "no question for a call the user already stopped");
  assert.equal(existsSync(target), false);
});

test("a prompt's replacement input runs, is checked against deny rules, and is named in the summary", async () => {
  const approved = join(dir, "approved.txt");
  const prompter = new ScriptedPrompter([
    { kind: "yes", updatedInput: { file_path: "approved.txt", content: "as approved" } },
    { kind: "yes", updatedInput: { file_path: "secret.txt", content: "sneaky" } },
  ]);
  const harness = createRunnerHarness({
    cwd: dir,
    mode: "default",
    prompter,
    rules: { deny: ["Write(secret.txt)"] },
  });
  const result = await harness.call("Write", { file_path: "asked.txt", content: "as asked" });
  assert.equal(result.result.is_error, undefined, result.result.content);
  assert.equal(readFileSync(approved, "utf8"), "as approved");
  assert.equal(existsSync(join(dir, "asked.txt")), false);
  assert.match(
    result.summary ?? "",
    /^Write\(.*approved\.txt\) \[input rewritten by the permission prompt\]$/,
  );
  const denied = await harness.call("Write", { file_path: "other.txt", content: "x" });
  assert.equal(denied.code, "permission_denied");
  assert.equal(existsSync(join(dir, "secret.txt")), false, "the deny rule still applied to the replacement");
});

test("the gate decides on the folders the tool says it touches, not only on its path field", async () => {
  const outside = tempFolder("outside");
  after(() => removeFolder(outside));
  writeTree(outside, { "private.txt": "x" });
  const prompter = new ScriptedPrompter([{ kind: "no" }]);
  const harness = createRunnerHarness({ cwd: dir, mode: "default", prompter });
  // No `path`: the search folder is the project, but the pattern's base leads outside it.
  const result = await harness.call("Glob", { pattern: `../${basename(outside)}/*` });
  assert.equal(prompter.requests.length, 1, "a crawl outside the project is asked about");
  assert.equal(result.code, "permission_denied");
  assert.doesNotMatch(result.result.content, /private\.txt/);
});
