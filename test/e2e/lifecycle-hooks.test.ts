// End-to-end: TaskCreated, TaskCompleted, PostToolBatch, CwdChanged, InstructionsLoaded, PermissionDenied
// and DirectoryAdded (/add-dir) hooks configured in
// ~/.claude/settings.json, run by the built CLI against the wire-level fake model server, with
// published-shape scripts (bash + jq quality gate, python3 policy, bash + jq logger) run unchanged.
import assert from "node:assert/strict";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { envWithClaudeSettings, runCli, runJson } from "../support/cli.js";
import { hasJq } from "../support/programs.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";
import { startStreamCli } from "../support/stream-cli.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");

type Block = { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean; text?: string };
type Body = { messages: Array<{ role: string; content: Block[] | string }> };

/** The tool result for `id` in the last request that carries it. */
function resultOf(bodies: Body[], id: string): Block | undefined {
  for (const body of [...bodies].reverse())
    for (const message of body.messages)
      if (Array.isArray(message.content))
        for (const block of message.content) if (block.tool_use_id === id) return block;
  return undefined;
}

const command = (name: string) => [{ hooks: [{ type: "command", command: join(FIXTURES, name) }] }];

test("task hooks refuse a task without a description and a completion before the checks pass; PostToolBatch and CwdChanged fire once per batch / folder change", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const server = await serveScoped([
    {
      tool_calls: [
        {
          id: "toolu_create_1",
          name: "TaskCreate",
          input: { subject: "Fix the login test", description: "The login test fails on CI." },
        },
        { id: "toolu_create_2", name: "TaskCreate", input: { subject: "Tidy up", description: "" } },
      ],
    },
    {
      tool_calls: [
        { id: "toolu_done_early", name: "TaskUpdate", input: { taskId: "1", status: "completed" } },
      ],
    },
    {
      tool_calls: [
        { id: "toolu_write", name: "Write", input: { file_path: "tests-pass", content: "ok\n" } },
        { id: "toolu_cd", name: "Bash", input: { command: "cd sub" } },
      ],
    },
    { tool_calls: [{ id: "toolu_done", name: "TaskUpdate", input: { taskId: "1", status: "completed" } }] },
    { text: "The login test is fixed." },
  ]);
  const space = scopedWorkspace({ "README.md": "# demo\n", "sub/.keep": "" });
  const env = envWithClaudeSettings(
    {
      hooks: {
        TaskCreated: command("task-created-policy.py"),
        TaskCompleted: command("task-completed-gate.sh"),
        PostToolBatch: command("batch-log.sh"),
        CwdChanged: command("batch-log.sh"),
      },
    },
    server,
  );
  const run = await runCli(
    ["-p", "fix the login test", "--output-format", "json", "--allowedTools", "Write"],
    {
      cwd: space.dir,
      env,
      timeoutMs: 60_000,
    },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).result, "The login test is fixed.");
  const bodies = server.requests.map((request) => request.body as Body);

  const created = resultOf(bodies, "toolu_create_1");
  assert.notEqual(created?.is_error, true, JSON.stringify(created));
  const refused = resultOf(bodies, "toolu_create_2");
  assert.equal(refused?.is_error, true);
  assert.match(String(refused?.content), /TaskCreated hook refused: Give the task a description first\./);

  const early = resultOf(bodies, "toolu_done_early");
  assert.equal(early?.is_error, true);
  assert.match(
    String(early?.content),
    /Tests not passing\. Fix failing tests before completing: Fix the login test/,
  );
  assert.match(String(early?.content), /stays pending/);
  const done = resultOf(bodies, "toolu_done");
  assert.notEqual(done?.is_error, true, JSON.stringify(done));
  assert.match(String(done?.content), /Task #1 updated \(status\)/);

  const folder = realpathSync(space.dir);
  const log = readFileSync(join(space.dir, "events.log"), "utf8").trim().split("\n");
  // The two TaskCreate calls ran at the same time (read-only): their hooks may log in either order.
  log.splice(0, 2, ...log.slice(0, 2).sort());
  assert.deepEqual(log, [
    "TaskCreated 1 Fix the login test",
    "TaskCreated 2 Tidy up",
    "PostToolBatch TaskCreate,TaskCreate",
    "TaskCompleted 1 Fix the login test",
    "PostToolBatch TaskUpdate",
    `CwdChanged ${folder} ${join(folder, "sub")}`,
    "PostToolBatch Write,Bash",
    "TaskCompleted 1 Fix the login test",
    "PostToolBatch TaskUpdate",
  ]);
  // The batch hook's additionalContext reached the model with the results of each batch, once.
  const second = bodies[1]!.messages.at(-1)!.content as Block[];
  const reminders = second.filter((block) => block.type === "text" && block.text?.includes("BATCH-REMINDER"));
  assert.equal(reminders.length, 1, JSON.stringify(second));
  assert.match(reminders[0]!.text!, /source="PostToolBatch hook"/);
});

test("InstructionsLoaded fires once per instruction file, imports with their parent, across two requests", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "toolu_read", name: "Read", input: { file_path: "README.md" } }] },
    { text: "Read it." },
  ]);
  const space = scopedWorkspace({
    "README.md": "# demo\n",
    "CLAUDE.md": "# Rules\nFollow @docs/style.md when writing code.\n",
    "docs/style.md": "Use two spaces.\n",
    "AGENTS.md": "Run npm test before you finish.\n",
  });
  const env = envWithClaudeSettings(
    { hooks: { InstructionsLoaded: command("instructions-log.sh") } },
    server,
  );
  writeFileSync(join(env.HOME, ".claude", "CLAUDE.md"), "Answer briefly.\n");
  const run = await runCli(["-p", "read the readme", "--output-format", "json"], {
    cwd: space.dir,
    env,
    timeoutMs: 60_000,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(server.requests.length, 2, "two requests: the prompt was built twice");
  const folder = realpathSync(space.dir);
  const home = realpathSync(env.HOME);
  const log = readFileSync(join(space.dir, "instructions.log"), "utf8").trim().split("\n");
  assert.deepEqual(
    log.sort(),
    [
      `Project include ${join(folder, "docs", "style.md")} ${join(folder, "CLAUDE.md")}`,
      `Project session_start ${join(folder, "AGENTS.md")} -`,
      `Project session_start ${join(folder, "CLAUDE.md")} -`,
      `User session_start ${join(home, ".claude", "CLAUDE.md")} -`,
    ].sort(),
  );
});

test("CwdChanged hooks load variables through CLAUDE_ENV_FILE (direnv style) for later Bash calls, and unset them", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const bash = (id: string, command: string) => ({ tool_calls: [{ id, name: "Bash", input: { command } }] });
  const server = await serveScoped([
    bash("toolu_in", "cd sub"),
    bash("toolu_show", 'echo "[$APP_MODE] [$APP_HOME]"'),
    bash("toolu_out", "cd .."),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    bash("toolu_gone", 'echo "[${APP_MODE-none}]"'),
    { text: "done" },
  ]);
  const space = scopedWorkspace({
    "README.md": "# demo\n",
    "sub/.env.sh": "export APP_MODE=$'sub dir';export APP_HOME=\"$HOME/app\";\n",
  });
  const env = envWithClaudeSettings({ hooks: { CwdChanged: command("cwd-env.sh") } }, server);
  const run = await runCli(["-p", "env", "--output-format", "json", "--allowedTools", "Bash"], {
    cwd: space.dir,
    env,
    timeoutMs: 60_000,
  });
  assert.equal(run.code, 0, run.stderr);
  const bodies = server.requests.map((request) => request.body as Body);
  assert.equal(String(resultOf(bodies, "toolu_show")?.content), `[sub dir] [${env.HOME}/app]`);
  assert.equal(String(resultOf(bodies, "toolu_gone")?.content), "[none]");
});

test("PermissionDenied fires for denials by rule or headless policy (not for a hook's), and retry: true reaches the model", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const bash = (id: string, command: string) => ({ id, name: "Bash", input: { command } });
  const server = await serveScoped([
    {
      tool_calls: [
        bash("toolu_rule", "rm -f README.md"),
        bash("toolu_headless", "touch docs/new.md"),
        bash("toolu_hook", "git push origin main"),
      ],
    },
    { text: "done" },
  ]);
  const space = scopedWorkspace({ "README.md": "# demo\n", "docs/.keep": "" });
  const env = envWithClaudeSettings(
    {
      permissions: { deny: ["Bash(rm:*)"] },
      hooks: {
        PermissionDenied: command("denied-log.sh"),
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: join(FIXTURES, "guard-git-push.sh") }] },
        ],
      },
    },
    server,
  );
  const run = await runJson("tidy", space.dir, env);
  assert.equal(run.code, 0, run.stderr);
  const log = readFileSync(join(space.dir, "denials.log"), "utf8").trim().split("\n").sort();
  assert.equal(log.length, 2, log.join("\n"));
  assert.match(log[0]!, /^Bash rm -f README\.md \| .*Bash\(rm:\*\)/);
  assert.match(log[1]!, /^Bash touch docs\/new\.md \| /);
  const bodies = server.requests.map((request) => request.body as Body);
  const results = JSON.stringify(bodies[1]!.messages.at(-1));
  assert.equal((results.match(/A hook says you may retry this call/g) ?? []).length, 1, results);
  assert.match(results, /source=\\"PermissionDenied hook\\" tool=\\"Bash\\"/);
});

test("/add-dir widens the workspace for later calls and fires DirectoryAdded; a path that is no folder is refused", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "toolu_before", name: "Read", input: { file_path: "../shared/notes.md" } }] },
    { text: "could not" },
    { tool_calls: [{ id: "toolu_after", name: "Read", input: { file_path: "../shared/notes.md" } }] },
    { text: "read it" },
  ]);
  const space = scopedWorkspace({ "project/README.md": "# demo\n", "shared/notes.md": "shared notes\n" });
  const project = join(space.dir, "project");
  const log = join(space.dir, "dirs.log");
  const env = envWithClaudeSettings(
    {
      hooks: {
        DirectoryAdded: [
          { hooks: [{ type: "command", command: `jq -r '"\\(.source) \\(.directory)"' >> ${log}` }] },
        ],
      },
    },
    server,
  );
  const cli = startStreamCli([], { cwd: project, env });
  try {
    const result = (nth: number) =>
      cli.waitFor(
        (line) => line.type === "result" && cli.lines.filter((l) => l.type === "result").length >= nth,
        `result ${nth}`,
      );
    cli.user("read the shared notes");
    await result(1);
    cli.user("/add-dir ../missing");
    await result(2);
    cli.user("/add-dir ../shared");
    await result(3);
    cli.user("read them now");
    await result(4);
  } finally {
    cli.end();
    await cli.exit;
  }
  const results = cli.lines.filter((line) => line.type === "result").map((line) => String(line.result));
  assert.match(results[1]!, /\.\.\/missing is not a folder/);
  assert.match(results[2]!, /Added .*shared to the workspace for this session/);
  const bodies = server.requests.map((request) => request.body as Body);
  assert.equal(resultOf(bodies, "toolu_before")?.is_error, true, "outside the workspace before");
  const after = resultOf(bodies, "toolu_after");
  assert.notEqual(after?.is_error, true, JSON.stringify(after));
  assert.match(String(after?.content), /shared notes/);
  assert.equal(readFileSync(log, "utf8").trim(), `slash_command ${realpathSync(join(space.dir, "shared"))}`);
});
