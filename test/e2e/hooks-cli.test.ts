// End-to-end: hooks through the built CLI — the shipped demo, HOOKS=0, config errors, inspection
// commands, and hook events in the JSON outputs.
import assert from "node:assert/strict";
import { chmodSync, cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { cleanEnv, REPO_ROOT, runCli } from "../support/cli.js";
import { createWorkspace, type Workspace } from "../support/workspace.js";

const spaces: Workspace[] = [];
after(() => {
  for (const space of spaces) space.cleanup();
});

function project(files: Record<string, string> = {}): Workspace {
  const space = createWorkspace({ "README.md": "# demo project\n", ...files });
  spaces.push(space);
  return space;
}

function withDemo(): Workspace {
  const space = project();
  cpSync(join(REPO_ROOT, "examples"), join(space.dir, "examples"), { recursive: true });
  mkdirSync(join(space.dir, ".agents"), { recursive: true });
  cpSync(join(space.dir, "examples/hooks/hooks.json"), join(space.dir, ".agents/hooks.json"));
  return space;
}

test("the shipped demo shows the Bash block and the PostToolUse log offline", async () => {
  const space = withDemo();
  const run = await runCli(["--model", "scripted:examples/hooks/demo.json", "-p", "demo"], {
    cwd: space.dir,
    env: cleanEnv(),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /examples\/hooks: Bash blocked by PreToolUse demo/);
  assert.match(run.stderr, /Bash\(ls\) → hook_denied/);
  assert.match(run.stderr, /examples\/hooks: Read .*README\.md -> ok/);
  assert.match(run.stdout, /denied/);
});

test("HOOKS=0 turns every hook off and says so once", async () => {
  const space = withDemo();
  const run = await runCli(
    ["--model", "scripted:examples/hooks/demo.json", "-p", "demo", "--output-format", "json"],
    {
      cwd: space.dir,
      env: cleanEnv({ HOOKS: "0" }),
    },
  );
  assert.equal((run.stderr.match(/hooks are (disabled|off)/gi) ?? []).length, 1, run.stderr);
  assert.doesNotMatch(run.stderr, /Bash blocked/);
  // With hooks off the gate alone decides: `ls` is provably read-only, so it runs without a rule.
  assert.match(run.stderr, /Bash\(ls\) → ok/, "the gate, not the hook, decides");
});

test("an invalid hooks file is a start-up error naming the file and the JSON path (exit 2)", async () => {
  const space = project({
    ".claude/settings.json": JSON.stringify({
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true", timeout: "soon" }] }] },
    }),
  });
  const script = space.write("s.json", JSON.stringify([{ text: "never" }]));
  const run = await runCli(["--model", `scripted:${script}`, "-p", "x"], { cwd: space.dir, env: cleanEnv() });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /\.claude\/settings\.json/);
  assert.match(run.stderr, /hooks\.PreToolUse\[0\]\.hooks\[0\]\.timeout/);
  const unknown = project({ ".agents/hooks.json": JSON.stringify({ PreToolUs: [{ command: "true" }] }) });
  const second = await runCli(["--model", `scripted:${script}`, "-p", "x"], {
    cwd: unknown.dir,
    env: cleanEnv(),
  });
  assert.equal(second.code, 2);
  assert.match(second.stderr, /PreToolUs/);
});

test("a crashing hook is a visible hook error, recorded in the JSON result, and the run goes on", async () => {
  const space = project();
  const hook = space.write("crash.sh", "#!/bin/sh\necho 'kaboom: config missing' >&2\nexit 3\n");
  chmodSync(hook, 0o755);
  space.write(
    ".claude/settings.json",
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: hook }] }] },
    }),
  );
  const script = space.write(
    "s.json",
    JSON.stringify([
      { tool_calls: [{ name: "Read", input: { file_path: "README.md" } }] },
      { text: "read it" },
    ]),
  );
  const run = await runCli(["--model", `scripted:${script}`, "-p", "x", "--output-format", "json"], {
    cwd: space.dir,
    env: cleanEnv(),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /crash\.sh.*exit code 3.*kaboom/);
  const result = JSON.parse(run.stdout);
  assert.equal(result.result, "read it");
  assert.equal(result.hook_errors.length, 1);
  assert.match(result.hook_errors[0].error, /kaboom/);
});

test("stream-json carries hook started/response events", async () => {
  const space = withDemo();
  const run = await runCli(
    ["--model", "scripted:examples/hooks/demo.json", "-p", "demo", "--output-format", "stream-json"],
    { cwd: space.dir, env: cleanEnv() },
  );
  const lines = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const started = lines.filter((line) => line.subtype === "hook_started");
  const responses = lines.filter((line) => line.subtype === "hook_response");
  assert.ok(started.some((line) => line.event === "PreToolUse"));
  assert.ok(responses.some((line) => line.event === "PreToolUse" && line.exitCode === 2));
  assert.equal(lines.at(-1).type, "result");
  assert.deepEqual(
    lines.at(-1).permission_denials.map((denial: { tool_name: string }) => denial.tool_name),
    ["Bash"],
  );
});

test("reagent hooks list and hooks test", async () => {
  const space = withDemo();
  const list = await runCli(["hooks", "list"], { cwd: space.dir, env: cleanEnv() });
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /PreToolUse/);
  assert.match(list.stdout, /deny-bash\.mjs/);
  assert.match(list.stdout, /\.agents\/hooks\.json/);
  const tested = await runCli(
    ["hooks", "test", "PreToolUse", "--tool", "Bash", "--input", '{"command":"rm -rf /"}'],
    {
      cwd: space.dir,
      env: cleanEnv(),
    },
  );
  assert.equal(tested.code, 0, tested.stderr);
  assert.match(tested.stdout, /deny/);
  const bad = await runCli(["hooks", "test", "Nope"], { cwd: space.dir, env: cleanEnv() });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown hook event "Nope"/);
});

test("hooks test gives the hook absolute file paths, like a real call", async () => {
  const space = project({
    ".claude/settings.json": JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "cat >&2; exit 0" }] }] },
    }),
  });
  const run = await runCli(
    ["hooks", "test", "PreToolUse", "--tool", "Read", "--input", '{"file_path":"src/a.ts"}'],
    {
      cwd: space.dir,
      env: cleanEnv(),
    },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.ok(run.stdout.includes(`${space.dir}/src/a.ts`), run.stdout);
});
