// The Bash tool's working directory (where earlier calls' `cd` left the shell) reaches the permission
// gate through the ToolRunner: the gate resolves a command's paths from where the shell really is.
// A cd also fires CwdChanged; hooks that cannot run are reported without costing the call its result.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { onEvent } from "../support/hook-engine.js";
import { createRunnerHarness } from "../support/runner-harness.js";
import { tempFolder } from "../support/temp-folder.js";

const root = tempFolder("shell-cwd");
const project = join(root, "project");
const docs = join(root, "docs");
mkdirSync(join(project, "src"), { recursive: true });
mkdirSync(docs);
after(() => rmSync(root, { recursive: true, force: true }));

test("a write after a cd in an earlier call is checked where the shell is", async () => {
  const harness = createRunnerHarness({
    cwd: project,
    rules: { allow: ["Bash(cd:*)", "Bash(echo:*)", `Read(/${docs}/**)`] },
  });
  const moved = await harness.call("Bash", { command: `cd ${docs}` });
  assert.equal(moved.result.is_error, undefined, String(moved.result.content));
  const write = await harness.call("Bash", { command: "echo x > notes.txt" });
  assert.equal(write.code, "permission_denied");
  assert.match(String(write.result.content), new RegExp(`${join(docs, "notes.txt")}.*outside the workspace`));
  assert.equal(existsSync(join(docs, "notes.txt")), false);

  await harness.call("Bash", { command: `cd ${join(project, "src")}` });
  const inside = await harness.call("Bash", { command: "echo x > notes.txt" });
  assert.equal(inside.result.is_error, undefined, String(inside.result.content));
  assert.equal(existsSync(join(project, "src", "notes.txt")), true);
});

test("CwdChanged hooks that cannot run at all are reported once; the cd keeps its result", async () => {
  // The folder for CLAUDE_ENV_FILE files is a regular file: the engine cannot make its env file.
  const blocked = join(root, "not-a-folder");
  writeFileSync(blocked, "");
  const harness = createRunnerHarness({
    cwd: project,
    rules: { allow: ["Bash(cd:*)", `Read(/${docs}/**)`] },
    settings: [onEvent("CwdChanged", "true")],
    engine: { envDir: join(blocked, "env") },
  });
  const moved = await harness.call("Bash", { command: `cd ${docs}` });
  assert.equal(moved.result.is_error, undefined, String(moved.result.content));
  assert.equal(harness.notices.length, 1, JSON.stringify(harness.notices));
  assert.equal(harness.notices[0]!.event, "CwdChanged");
  assert.match(harness.notices[0]!.text, /^CwdChanged hooks could not run: /);
});
