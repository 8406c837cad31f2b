// End-to-end: `reagent init` and `reagent skills list` through the built CLI.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace({
  "README.md": "# project\n",
  ".agents/skills/release/SKILL.md": "---\ndescription: Cut a release.\n---\nSteps.\n",
  ".claude/skills/broken/SKILL.md": "---\nname: broken\n---\n",
});
after(() => space.cleanup());

const initScript = JSON.stringify([
  { tool_calls: [{ name: "Write", input: { file_path: "AGENTS.md", content: "# Agents\n" } }] },
  { text: "Wrote AGENTS.md." },
]);

test("reagent init asks the model to write AGENTS.md through the gate (headless: allowed by rule)", async () => {
  const script = space.write("init.json", initScript);
  const log = join(space.dir, "init-requests.log");
  const denied = await runCli(["init", "build", "commands", "--model", `scripted:${script}`], {
    cwd: space.dir,
    env: cleanEnv({ REAGENT_SCRIPT_LOG: log }),
  });
  assert.equal(denied.code, 1, "nothing was written");
  assert.match(denied.stderr, /Write\(AGENTS\.md\) → permission_denied/);
  assert.match(
    denied.stderr,
    /AGENTS\.md was not written \(without a terminal, allow it: --allowedTools "Write\(AGENTS\.md\)"/,
  );
  assert.equal(existsSync(join(space.dir, "AGENTS.md")), false);
  const first = JSON.parse(readFileSync(log, "utf8").split("\n")[0] ?? "");
  const prompt = JSON.stringify(first.messages[0]);
  assert.match(prompt, /AGENTS\.md/);
  assert.match(prompt, /build commands/, "extra words are passed as focus");

  const script2 = space.write("init2.json", initScript);
  const allowed = await runCli(
    ["init", "--model", `scripted:${script2}`, "--allowedTools", "Write(AGENTS.md)"],
    {
      cwd: space.dir,
      env: cleanEnv(),
    },
  );
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(readFileSync(join(space.dir, "AGENTS.md"), "utf8"), "# Agents\n");
});

test("reagent skills list prints name, description and source, and reports broken skills", async () => {
  const run = await runCli(["skills", "list"], { cwd: space.dir, env: cleanEnv() });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /release/);
  assert.match(run.stdout, /Cut a release\./);
  assert.match(run.stdout, /project/);
  assert.match(run.stdout + run.stderr, /broken.*SKILL\.md.*description/s);
});
