// The one process-group runner behind hooks and Bash, on real processes: stdin, sinks and extra
// pipes, the kill policy (TERM to the whole group, KILL after the grace), abort, spawn failures, and
// grandchildren that hold the pipes or outlive their parent.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { runProcessGroup } from "../../src/util/process-group.js";
import { ByteCapture } from "../../src/util/truncate.js";
import { running, waitUntil } from "../support/processes.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace();
after(() => workspace.cleanup());
const cwd = workspace.dir;
const env = { PATH: process.env.PATH };

function collector() {
  const chunks: Buffer[] = [];
  return { sink: (chunk: Buffer) => chunks.push(chunk), text: () => Buffer.concat(chunks).toString("utf8") };
}

function sh(script: string, extra: Partial<Parameters<typeof runProcessGroup>[0]> = {}) {
  const out = collector();
  const err = collector();
  const done = runProcessGroup({
    file: "/bin/sh",
    args: ["-c", script],
    cwd,
    env,
    stdout: out.sink,
    stderr: err.sink,
    timeoutMs: 20_000,
    ...extra,
  });
  return { done, out, err };
}

const pidIn = (name: string) => Number(readFileSync(join(cwd, name), "utf8").trim());

test("stdin text reaches the child and is closed; without it stdin is /dev/null", async () => {
  const piped = sh("cat; echo; cat; echo end", { stdin: '{"payload":1}' });
  assert.equal((await piped.done).exitCode, 0);
  assert.equal(piped.out.text(), '{"payload":1}\nend\n');
  const empty = sh("cat; echo done");
  const result = await empty.done;
  assert.equal(result.ending, "exited");
  assert.equal(empty.out.text(), "done\n");
});

test("a child that never reads a large stdin is fine", async () => {
  const run = sh("exit 4", { stdin: "x".repeat(500_000) });
  const result = await run.done;
  assert.deepEqual([result.ending, result.exitCode], ["exited", 4]);
});

test("stdout, stderr and extra pipes go to their own sinks; a bounded sink keeps memory bounded", async () => {
  const fd3 = collector();
  const capture = new ByteCapture(1000);
  const run = runProcessGroup({
    file: "/bin/sh",
    args: ["-c", "echo to-stderr >&2; echo to-three >&3; yes | head -c 3000000"],
    cwd,
    env,
    stdout: (chunk) => capture.push(chunk),
    stderr: collector().sink,
    extraPipes: [fd3.sink],
    timeoutMs: 20_000,
  });
  const result = await run;
  assert.equal(result.exitCode, 0);
  assert.equal(fd3.text(), "to-three\n");
  assert.equal(capture.text().length, 1000);
  assert.equal(capture.truncated, true);
});

test("a timeout sends TERM to the whole group first: a handler may still run and report", async () => {
  const run = sh(`sleep 30 & echo $! > bg-term.pid; trap 'echo got-term; exit 7' TERM; sleep 30 & wait`, {
    timeoutMs: 300,
  });
  const result = await run.done;
  assert.equal(result.ending, "timeout");
  assert.equal(result.exitCode, 7, "the shell's TERM handler ran");
  assert.match(run.out.text(), /got-term/);
  const background = pidIn("bg-term.pid");
  assert.ok(await waitUntil(() => !running(background)), "the background job of the group got TERM too");
});

test("a group that ignores TERM is killed with KILL after the grace", async () => {
  const run = sh("echo $$ > stubborn.pid; trap '' TERM; sleep 30; sleep 30", {
    timeoutMs: 200,
    killGraceMs: 300,
  });
  const result = await run.done;
  assert.equal(result.ending, "timeout");
  assert.equal(result.exitSignal, "SIGKILL");
  assert.equal(running(pidIn("stubborn.pid")), false);
});

test("an abort stops the group like a timeout; an abort before the start spawns nothing", async () => {
  const controller = new AbortController();
  const run = sh("echo started; sleep 30", { signal: controller.signal });
  await waitUntil(() => run.out.text().includes("started"));
  controller.abort();
  const result = await run.done;
  assert.equal(result.ending, "aborted");
  assert.equal(result.exitSignal, "SIGTERM");

  const marker = join(cwd, "never-ran");
  const early = sh(`touch ${marker}`, { signal: AbortSignal.abort() });
  assert.equal((await early.done).ending, "aborted");
  assert.throws(() => readFileSync(marker));
});

test("a background grandchild holding the pipes open does not keep the caller waiting", async () => {
  const run = sh("sleep 30 & echo $! > holder.pid; echo done; exit 3", { pipeGraceMs: 100 });
  const result = await run.done;
  assert.deepEqual([result.ending, result.exitCode], ["exited", 3]);
  assert.equal(run.out.text(), "done\n");
  const holder = pidIn("holder.pid");
  assert.equal(running(holder), true, "resolved while the grandchild still holds stdout");
  process.kill(holder);
});

test("a missing program or folder is a spawn failure with the reason, not an exception", async () => {
  const missing = await runProcessGroup({
    file: "./no-such-program",
    args: [],
    cwd,
    env,
    stdout: () => {},
    stderr: () => {},
    timeoutMs: 5000,
  });
  assert.equal(missing.ending, "spawn_failed");
  assert.match(missing.spawnError ?? "", /ENOENT/);
  const noFolder = sh("true", { cwd: join(cwd, "no-such-folder") });
  const result = await noFolder.done;
  assert.equal(result.ending, "spawn_failed");
});

test("a child killed by someone else's signal reports the signal", async () => {
  const run = sh("echo $$ > self.pid; exec sleep 30");
  await waitUntil(() => {
    try {
      return pidIn("self.pid") > 0;
    } catch {
      return false;
    }
  });
  process.kill(pidIn("self.pid"), "SIGKILL");
  const result = await run.done;
  assert.deepEqual([result.ending, result.exitCode, result.exitSignal], ["exited", null, "SIGKILL"]);
});

test("input pipes follow the output pipes: each child fd reads its bytes, then end of file", async () => {
  const fd3 = collector();
  const run = sh("echo out >&3; cat <&4; echo; cat <&5", {
    extraPipes: [fd3.sink],
    inputPipes: [Buffer.from("first"), Buffer.from("second")],
  });
  const result = await run.done;
  assert.equal(result.exitCode, 0, run.err.text());
  assert.equal(fd3.text(), "out\n");
  assert.equal(run.out.text(), "first\nsecond");
});
