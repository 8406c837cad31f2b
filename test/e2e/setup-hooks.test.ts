// End-to-end: Setup hooks run by `--init`, `--init-only` and `--maintenance` (Claude Code's flags)
// from ~/.claude/settings.json, with a bash + jq script: the trigger reaches the matcher, Setup runs
// before SessionStart, its CLAUDE_ENV_FILE variables reach Bash calls and its context the model;
// `--init-only` asks nothing of the model; two of the flags together are a usage error.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { envWithClaudeSettings, runCli } from "../support/cli.js";
import { hasJq } from "../support/programs.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const SCRIPT = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks", "setup-deps.sh");
const needsJq = { skip: hasJq ? false : "jq is not installed (.ci/run installs it)" };
const hook = (matcher?: string) => [
  { ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command: SCRIPT }] },
];

test(
  "--init-only runs Setup (init) then SessionStart and exits without asking the model",
  needsJq,
  async () => {
    const server = await serveScoped([]);
    const space = scopedWorkspace({ "README.md": "# demo\n" });
    const env = envWithClaudeSettings({ hooks: { Setup: hook("init"), SessionStart: hook() } }, server);
    const run = await runCli(["--init-only"], { cwd: space.dir, env, timeoutMs: 60_000 });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(readFileSync(join(space.dir, "setup.log"), "utf8").trim().split("\n"), [
      "Setup init",
      "SessionStart startup",
    ]);
    assert.equal(server.requests.length, 0);
  },
);

test(
  "--maintenance runs the Setup hooks matched to it: variables reach Bash, context reaches the model",
  needsJq,
  async () => {
    const server = await serveScoped([
      { tool_calls: [{ id: "toolu_env", name: "Bash", input: { command: 'echo "[$TOOLCHAIN_READY]"' } }] },
      { text: "done" },
    ]);
    const space = scopedWorkspace({ "README.md": "# demo\n" });
    const initOnly = [{ matcher: "init", hooks: [{ type: "command", command: "touch init-ran" }] }];
    const env = envWithClaudeSettings({ hooks: { Setup: [...hook("maintenance"), ...initOnly] } }, server);
    const run = await runCli(["--maintenance", "-p", "check", "--allowedTools", "Bash"], {
      cwd: space.dir,
      env,
      timeoutMs: 60_000,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(readFileSync(join(space.dir, "setup.log"), "utf8").trim(), "Setup maintenance");
    assert.equal(
      existsSync(join(space.dir, "init-ran")),
      false,
      "the init hook does not run on --maintenance",
    );
    const bodies = server.requests.map((request) => JSON.stringify(request.body));
    assert.match(bodies[0]!, /SETUP-NOTE: dependencies are installed\./);
    assert.match(bodies[1]!, /\[yes-maintenance\]/);
  },
);

test("two Setup flags together are a usage error", async () => {
  const space = scopedWorkspace({ "README.md": "# demo\n" });
  const run = await runCli(["--init", "--maintenance", "-p", "x"], {
    cwd: space.dir,
    env: envWithClaudeSettings({}),
  });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--init, --init-only and --maintenance each run Setup hooks: give one of them/);
});
