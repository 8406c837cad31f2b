// End-to-end: two overlapping runs of the built CLI on the same session. While one `--continue` run
// is inside a Bash call, a second `--continue` (or `--resume`) exits 2 naming the process, the first
// finishes, and the next `--continue` sends a consistent history. A run killed mid-tool leaves a stale
// lock that the next run takes over, saving the interrupted results to the file. Unusable HOMEs
// (/dev/null, /proc/self) still run, with the transcript warning.
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { cleanEnv, runCli } from "../support/cli.js";
import { createWorkspace } from "../support/workspace.js";

// The Bash call says it started, then waits for the test's go-ahead file (no timing assumptions).
const waitForGo = (tag: string) =>
  `touch started-${tag}; while [ ! -e go-${tag} ]; do sleep 0.05; done; echo ran-${tag}`;
const workspace = createWorkspace({
  "first.json": JSON.stringify([{ text: "noted" }]),
  "slow-a.json": JSON.stringify([
    { tool_calls: [{ id: "toolu_a", name: "Bash", input: { command: waitForGo("a") } }] },
    { text: "A done" },
  ]),
  "slow-k.json": JSON.stringify([
    { tool_calls: [{ id: "toolu_k", name: "Bash", input: { command: waitForGo("k") } }] },
    { text: "never" },
  ]),
  "reply.json": JSON.stringify([{ text: "ok" }]),
});
after(() => workspace.cleanup());

const log = join(workspace.dir, "requests.log");
const env = cleanEnv({ REAGENT_SCRIPT_LOG: log });
const sessionsRoot = join(env.HOME, ".agents", "sessions");
const run = (args: string[], onSpawn?: (child: ChildProcess) => void, runEnv = env) =>
  runCli(args, { cwd: workspace.dir, env: runEnv, onSpawn });

type Block = { type: string; text?: string; id?: string; tool_use_id?: string };
type Request = { messages: Array<{ role: string; content: Block[] }> };
const lastRequest = (): Request => JSON.parse(readFileSync(log, "utf8").trim().split("\n").at(-1) as string);
const shape = (request: Request) =>
  request.messages.map(
    (message) =>
      `${message.role}: ${message.content.map((block) => block.text ?? block.id ?? `result:${block.tool_use_id}`).join(" ")}`,
  );

async function waitFor(path: string) {
  for (let i = 0; i < 400 && !existsSync(path); i++) await delay(25);
  assert.ok(existsSync(path), `${path} appeared`);
}

test("a session in use by another run is refused; the history stays consistent", async () => {
  const first = await run(["-p", "first", "--model", "scripted:first.json", "--output-format", "json"]);
  assert.equal(first.code, 0, first.stderr);
  const id = JSON.parse(first.stdout).session_id as string;
  const [project] = readdirSync(sessionsRoot);
  assert.ok(project, "the session was saved");
  const lockPath = join(sessionsRoot, project, `${id}.lock`);
  assert.equal(existsSync(lockPath), false, "released at the end of the run");

  let childA: ChildProcess | undefined;
  const runA = run(
    ["-p", "-c", "fromA", "--model", "scripted:slow-a.json", "--allowedTools", "Bash"],
    (child) => {
      childA = child;
    },
  );
  await waitFor(join(workspace.dir, "started-a"));
  assert.equal(readFileSync(lockPath, "utf8").trim(), String(childA?.pid));

  const runB = await run(["-p", "-c", "fromB", "--model", "scripted:reply.json"]);
  assert.equal(runB.code, 2, runB.stderr);
  assert.match(runB.stderr, new RegExp(`the latest session ${id} is in use by process ${childA?.pid}`));
  assert.doesNotMatch(runB.stderr, /interrupted/);
  const resumeB = await run(["-p", "--resume", id.slice(0, 8), "fromB", "--model", "scripted:reply.json"]);
  assert.equal(resumeB.code, 2, resumeB.stderr);
  assert.match(resumeB.stderr, new RegExp(`session ${id} is in use by process ${childA?.pid}`));

  writeFileSync(join(workspace.dir, "go-a"), "");
  const resultA = await runA;
  assert.equal(resultA.code, 0, resultA.stderr);
  assert.equal(resultA.stdout.trim(), "A done");
  assert.equal(existsSync(lockPath), false);

  const next = await run(["-p", "-c", "third", "--model", "scripted:reply.json"]);
  assert.equal(next.code, 0, next.stderr);
  assert.doesNotMatch(next.stderr, /interrupted|skipped/);
  assert.deepEqual(shape(lastRequest()), [
    "user: first",
    "assistant: noted",
    "user: fromA",
    "assistant: toolu_a",
    "user: result:toolu_a",
    "assistant: A done",
    "user: third",
  ]);
});

test("a run killed inside a tool leaves a stale lock; the next run takes it over and saves the repair", async () => {
  let childK: ChildProcess | undefined;
  const killed = run(
    ["-p", "-c", "fromK", "--model", "scripted:slow-k.json", "--allowedTools", "Bash"],
    (child) => {
      childK = child;
    },
  );
  await waitFor(join(workspace.dir, "started-k"));
  childK?.kill("SIGKILL");
  await killed;
  writeFileSync(join(workspace.dir, "go-k"), ""); // lets the orphaned Bash call end
  const [project] = readdirSync(sessionsRoot);
  assert.ok(project, "the session was saved");
  const locks = readdirSync(join(sessionsRoot, project)).filter((name) => name.endsWith(".lock"));
  assert.equal(locks.length, 1, "the killed run's lock is left behind");

  const after1 = await run(["-p", "-c", "after kill", "--model", "scripted:reply.json"]);
  assert.equal(after1.code, 0, after1.stderr);
  assert.match(after1.stderr, /1 tool call\(s\) ran; they are marked as interrupted/);
  assert.deepEqual(shape(lastRequest()).slice(-4), [
    "user: fromK",
    "assistant: toolu_k",
    "user: result:toolu_k",
    "user: after kill",
  ]);
  const after2 = await run(["-p", "-c", "again", "--model", "scripted:reply.json"]);
  assert.equal(after2.code, 0, after2.stderr);
  assert.doesNotMatch(after2.stderr, /interrupted/, "the repair was saved to the file");
  assert.deepEqual(
    readdirSync(join(sessionsRoot, project)).filter((name) => name.endsWith(".lock")),
    [],
  );
});

test("HOME=/dev/null and HOME=/proc/self: the run completes and warns that the transcript is not saved", async () => {
  const homes = ["/dev/null", ...(existsSync("/proc/self") ? ["/proc/self"] : [])];
  for (const HOME of homes) {
    const result = await run(["-p", "hi", "--model", "scripted:reply.json"], undefined, { ...env, HOME });
    assert.equal(result.code, 0, `HOME=${HOME}: ${result.stderr}`);
    assert.equal(result.stdout.trim(), "ok");
    assert.doesNotMatch(result.stderr, /MCP/);
    assert.match(result.stderr, /could not save the session transcript .*cannot create folder/);
  }
});
