// End-to-end: the headless permission policy through the built CLI.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace({ "a.txt": "one\n" });
after(() => space.cleanup());

function scripted(name: string, turns: unknown[]): string {
  return space.write(name, JSON.stringify(turns));
}

const writeThenStop = (file: string) => [
  { tool_calls: [{ id: "w1", name: "Write", input: { file_path: file, content: "new\n" } }] },
  { text: "finished" },
];

test("headless: a write is denied with a reason the model sees, listed in permission_denials", async () => {
  const script = scripted("deny.json", writeThenStop("b.txt"));
  const run = await runCli(["--model", `scripted:${script}`, "-p", "x", "--output-format", "json"], {
    cwd: space.dir,
    env: cleanEnv(),
  });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.deepEqual(result.permission_denials, [
    {
      tool_name: "Write",
      tool_use_id: "w1",
      tool_input: { file_path: join(space.dir, "b.txt"), content: "new\n" },
      reason: result.permission_denials[0].reason,
    },
  ]);
  assert.match(
    result.permission_denials[0].reason,
    /^Permission denied: Write is not allowed in non-interactive mode; use --allowedTools or --permission-mode/,
  );
  assert.match(run.stderr, /not allowed in non-interactive mode; use --allowedTools or --permission-mode/);
  assert.equal(existsSync(join(space.dir, "b.txt")), false);
});

test("stream-json: the result line lists the denial with its reason", async () => {
  const script = scripted("deny-stream.json", writeThenStop("d.txt"));
  const run = await runCli(
    ["--model", `scripted:${script}`, "-p", "x", "--output-format", "stream-json", "--verbose"],
    { cwd: space.dir, env: cleanEnv() },
  );
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const result = lines.at(-1);
  assert.equal(result.type, "result");
  assert.deepEqual(Object.keys(result.permission_denials[0]), [
    "tool_name",
    "tool_use_id",
    "tool_input",
    "reason",
  ]);
  assert.match(result.permission_denials[0].reason, /Write is not allowed in non-interactive mode/);
  const told = lines.find((line) => line.type === "user")?.message.content[0].content;
  assert.equal(result.permission_denials[0].reason, told, "the model was told the same reason");
});

test("--allowedTools and ALLOW_WRITE=1 let headless runs write", async () => {
  const script = scripted("allow.json", writeThenStop("c.txt"));
  const allowed = await runCli(["--model", `scripted:${script}`, "-p", "x", "--allowedTools", "Write"], {
    cwd: space.dir,
    env: cleanEnv(),
  });
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(existsSync(join(space.dir, "c.txt")), true);
  const script2 = scripted("allow2.json", writeThenStop("d.txt"));
  const env = await runCli(["--model", `scripted:${script2}`, "-p", "x"], {
    cwd: space.dir,
    env: cleanEnv({ ALLOW_WRITE: "1" }),
  });
  assert.equal(env.code, 0, env.stderr);
  assert.equal(existsSync(join(space.dir, "d.txt")), true);
});

test("a deny rule beats bypassPermissions, and a tool denied as a whole is not offered", async () => {
  const script = scripted("bypass.json", [
    { tool_calls: [{ name: "Bash", input: { command: "echo hi && rm -rf gone" } }] },
    { text: "ok" },
  ]);
  const log = join(space.dir, "requests.log");
  const run = await runCli(
    [
      "--model",
      `scripted:${script}`,
      "-p",
      "x",
      "--dangerously-skip-permissions",
      "--disallowedTools",
      "Bash(rm *)",
      "Write",
    ],
    { cwd: space.dir, env: cleanEnv({ REAGENT_SCRIPT_LOG: log }) },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /Bash\(echo hi && rm -rf gone\) → permission_denied/);
  const { readFileSync } = await import("node:fs");
  const first = JSON.parse(readFileSync(log, "utf8").split("\n")[0] ?? "");
  const names = first.tools.map((tool: { name: string }) => tool.name);
  assert.ok(!names.includes("Write"), `Write hidden: ${names.join(",")}`);
  assert.ok(names.includes("Bash"));
});

test("an invalid rule is a start-up error naming where it came from (exit 2)", async () => {
  const script = scripted("never.json", [{ text: "never" }]);
  const run = await runCli(["--model", `scripted:${script}`, "-p", "x", "--allowedTools", "Bash(npm test"], {
    cwd: space.dir,
    env: cleanEnv(),
  });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /Invalid permission rule "Bash\(npm test" in --allowedTools/);
});

test("TRACE=1 prints permission decisions and loop events", async () => {
  const script = scripted("trace.json", writeThenStop("e.txt"));
  const run = await runCli(["--model", `scripted:${script}`, "-p", "x"], {
    cwd: space.dir,
    env: cleanEnv({ TRACE: "1" }),
  });
  assert.match(run.stderr, /\[trace\] permission\.decision tool=Write decision=deny by=headless/);
  assert.match(run.stderr, /\[trace\] tool\.start tool=Write/);
  assert.match(run.stderr, /\[trace\] tool\.end tool=Write id=w1 ok=false code=permission_denied ms=\d+/);
  assert.match(run.stderr, /\[trace\] loop\.end reason=completed turns=2/);
});
