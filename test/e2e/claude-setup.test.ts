// End-to-end: a Claude Code setup brought as it is, through the built CLI with a temp HOME — user-level
// ~/.claude/settings.json hooks and env, --setting-sources, events reagent does not fire, and the
// PermissionRequest / Notification hooks of headless runs, with the published-shape scripts of
// test/fixtures/claude-hooks run unchanged.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { envWithClaudeSettings, runCli } from "../support/cli.js";
import { hasJq } from "../support/programs.js";
import { createWorkspace, type Workspace } from "../support/workspace.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");
const needsJq = hasJq ? {} : { skip: "jq is not installed (.ci/run installs it)" };

const spaces: Workspace[] = [];
after(() => {
  for (const space of spaces) space.cleanup();
});

function project(files: Record<string, string> = {}): Workspace {
  const space = createWorkspace({ "README.md": "# demo\n", ...files });
  spaces.push(space);
  return space;
}

/** A temp HOME holding `~/.claude/settings.json`. */
const homeWith = (settings: unknown) => envWithClaudeSettings(settings);

const hook = (command: string, matcher?: string) => [
  { ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command }] },
];

/** A project whose `npm test` runs `command`. */
const projectWithTestScript = (command: string) =>
  project({ "package.json": JSON.stringify({ name: "p", version: "1.0.0", scripts: { test: command } }) });

/** A headless JSON run whose scripted model makes one response of Bash calls t1, t2 … then answers. */
function runBashCalls(space: Workspace, env: Record<string, string>, commands: string[]) {
  const calls = commands.map((command, index) => ({ id: `t${index + 1}`, name: "Bash", input: { command } }));
  const turns = [{ tool_calls: calls }, { text: "done" }];
  return runCli(["--model", `scripted:${script(space, turns)}`, "-p", "x", "--output-format", "json"], {
    cwd: space.dir,
    env,
  });
}

function script(space: Workspace, turns: unknown[]): string {
  return space.write("script.json", JSON.stringify(turns));
}

const bash = (command: string) => [
  { tool_calls: [{ id: "b1", name: "Bash", input: { command } }] },
  { text: "done" },
];

test(
  "hooks in ~/.claude/settings.json fire, and hooks list names the file they came from",
  needsJq,
  async () => {
    const space = project();
    const env = homeWith({ hooks: { PreToolUse: hook(join(FIXTURES, "guard-git-push.sh"), "Bash") } });
    const list = await runCli(["hooks", "list"], { cwd: space.dir, env });
    assert.equal(list.code, 0, list.stderr);
    assert.match(
      list.stdout,
      /PreToolUse:\n {2}\[Bash\] command: .*guard-git-push\.sh\n {6}~\/\.claude\/settings\.json hooks\.PreToolUse\[0\]\.hooks\[0\]/,
    );
    const run = await runCli(
      [
        "--model",
        `scripted:${script(space, bash("git push origin main"))}`,
        "-p",
        "x",
        "--output-format",
        "json",
      ],
      { cwd: space.dir, env },
    );
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.permission_denials[0]?.tool_name, "Bash");
    assert.match(run.stderr, /Pushing to main is not allowed/);
  },
);

test("settings env applies to Bash and hooks, wins over the shell's value, and merges key by key", async () => {
  const space = project({
    ".claude/settings.local.json": JSON.stringify({ env: { PROJECT_FLAVOUR: "local", RETRIES: 3 } }),
  });
  const env = homeWith({
    env: { GREETING: "from-user-settings", PROJECT_FLAVOUR: "user" },
    hooks: { SessionStart: hook('echo "$GREETING $PROJECT_FLAVOUR $RETRIES" > session-env.txt') },
  });
  env.GREETING = "from-shell";
  const run = await runCli(
    [
      "--model",
      `scripted:${script(space, bash('echo "$GREETING/$PROJECT_FLAVOUR" > bash-env.txt'))}`,
      "-p",
      "x",
      "--allowedTools",
      "Bash",
    ],
    { cwd: space.dir, env },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(readFileSync(join(space.dir, "session-env.txt"), "utf8"), "from-user-settings local 3\n");
  assert.equal(readFileSync(join(space.dir, "bash-env.txt"), "utf8"), "from-user-settings/local\n");
});

test("--setting-sources picks the scopes: project only skips ~/.claude/settings.json", async () => {
  const space = project({
    ".claude/settings.json": JSON.stringify({ hooks: { SessionStart: hook("touch project-hook-ran") } }),
  });
  const env = homeWith({ hooks: { SessionStart: hook("touch user-hook-ran") } });
  const run = await runCli(
    ["--model", `scripted:${script(space, [{ text: "hi" }])}`, "-p", "x", "--setting-sources", "project"],
    { cwd: space.dir, env },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(existsSync(join(space.dir, "project-hook-ran")), true);
  assert.equal(existsSync(join(space.dir, "user-hook-ran")), false);
  const bad = await runCli(["-p", "x", "--setting-sources", "user,team"], { cwd: space.dir, env });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--setting-sources user,team: "team" is not one of user, project, local/);
});

test("events reagent does not fire warn in one line each and the run goes on", async () => {
  const space = project();
  const env = homeWith({
    hooks: {
      Setup: hook("touch setup-ran"),
      TeammateIdle: hook("touch teammate-ran"),
      SessionStart: hook("touch session-start-ran"),
    },
  });
  const run = await runCli(["--model", `scripted:${script(space, [{ text: "hi" }])}`, "-p", "x"], {
    cwd: space.dir,
    env,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "hi\n");
  assert.match(
    run.stderr,
    /~\/\.claude\/settings\.json: hooks\.TeammateIdle: reagent does not fire the TeammateIdle event; its 1 hook never run\n/,
  );
  assert.doesNotMatch(run.stderr, /hooks\.Setup/, "Setup is fired (with --init / --maintenance)");
  // Without --init or --maintenance, Setup hooks do not run.
  assert.equal(existsSync(join(space.dir, "setup-ran")), false);
  assert.equal(existsSync(join(space.dir, "teammate-ran")), false);
  assert.equal(existsSync(join(space.dir, "session-start-ran")), true);
});

test("headless: a PermissionRequest hook's updatedInput (python3) runs the rewritten call, which deny rules still check", async () => {
  const space = projectWithTestScript('echo "$@" > tests-ran.txt');
  const env = homeWith({
    permissions: { deny: ["Bash(rm:*)"] },
    hooks: { PermissionRequest: hook(join(FIXTURES, "permission-rewrite.py"), "Bash") },
  });
  const run = await runBashCalls(space, env, ["npm test", "touch notes.txt"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    readFileSync(join(space.dir, "tests-ran.txt"), "utf8"),
    /--reporter=dot/,
    "the rewritten command ran",
  );
  assert.equal(existsSync(join(space.dir, "README.md")), true, "the deny rule stopped the rewritten rm");
  assert.equal(existsSync(join(space.dir, "notes.txt")), false, "the original touch did not run either");
  const result = JSON.parse(run.stdout);
  assert.deepEqual(
    result.permission_denials.map((denial: { tool_use_id: string }) => denial.tool_use_id),
    ["t2"],
  );
  assert.match(run.stderr, /input rewritten by the permission prompt/);
});

test(
  "headless: a PermissionRequest hook (node) answers the question; otherwise Notification fires",
  needsJq,
  async () => {
    const space = projectWithTestScript("echo ok > tests-ran.txt");
    const env = homeWith({
      hooks: {
        PermissionRequest: hook(join(FIXTURES, "auto-allow-tests.js"), "Bash"),
        Notification: hook(join(FIXTURES, "notify-log.sh")),
      },
    });
    // `cp` is not read-only (it writes a copy), so the gate asks and the hook answers.
    const run = await runBashCalls(space, env, ["npm test", "cp .env .env.bak", "make deploy"]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(existsSync(join(space.dir, "tests-ran.txt")), true, "the hook allowed npm test");
    const result = JSON.parse(run.stdout);
    assert.deepEqual(
      result.permission_denials.map((denial: { tool_use_id: string }) => denial.tool_use_id),
      ["t2", "t3"],
    );
    assert.match(run.stderr, /Permission denied by a PermissionRequest hook: Never touch \.env files\./);
    const log = readFileSync(join(space.dir, "notifications.log"), "utf8");
    assert.equal(
      log,
      "permission_prompt: reagent needs your permission to use Bash\n",
      "only the unanswered call",
    );
  },
);
