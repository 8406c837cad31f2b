import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runCommand } from "../../src/hooks/run-command.js";
import { plainLauncher } from "../support/no-sandbox.js";
import { running, waitUntil } from "../support/processes.js";
import { tempFolder } from "../support/temp-folder.js";
import { writeScript } from "./harness.js";

const env = { PATH: process.env.PATH };
const spawning = { launcher: plainLauncher(), containment: "none" as const };

test("shell form gets the payload on stdin and runs in the given directory", async () => {
  const dir = tempFolder("hooks");
  const result = await runCommand({
    ...spawning,
    command: "pwd; cat",
    cwd: dir,
    env,
    stdin: '{"a":1}',
    timeoutMs: 5000,
  });
  assert.equal(result.exitCode, 0);
  assert.ok(result.stdout.includes('{"a":1}'));
  assert.ok(result.stdout.split("\n")[0]!.endsWith(dir.split("/").pop()!));
});

test("exec form runs the program without a shell", async () => {
  const dir = tempFolder("hooks");
  const result = await runCommand({
    ...spawning,
    command: "echo",
    args: ["$HOME", "a b"],
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 5000,
  });
  assert.equal(result.stdout, "$HOME a b\n");
});

test("exec form with a missing program is a spawn failure", async () => {
  const dir = tempFolder("hooks");
  const result = await runCommand({
    ...spawning,
    command: "./nope",
    args: [],
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 5000,
  });
  assert.equal(result.exitCode, null);
  assert.equal(result.failure?.kind, "spawn");
});

test("missing script exits 127 and a non-executable one 126", async () => {
  const dir = tempFolder("hooks");
  await writeScript(dir, "plain.sh", "#!/bin/sh\necho hi\n", 0o644);
  const missing = await runCommand({
    ...spawning,
    command: "./missing.sh",
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 5000,
  });
  assert.equal(missing.exitCode, 127);
  const plain = await runCommand({
    ...spawning,
    command: "./plain.sh",
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 5000,
  });
  assert.equal(plain.exitCode, 126);
});

test("a 200 KB payload to a hook that never reads stdin is fine (EPIPE ignored)", async () => {
  const dir = tempFolder("hooks");
  const stdin = JSON.stringify({ blob: "x".repeat(200_000) });
  const result = await runCommand({ ...spawning, command: "exit 0", cwd: dir, env, stdin, timeoutMs: 5000 });
  assert.equal(result.exitCode, 0);
  assert.equal(result.failure, undefined);
});

test("huge output stays bounded by the capture limit", async () => {
  const dir = tempFolder("hooks");
  const limit = 1024 * 1024;
  const result = await runCommand({
    ...spawning,
    command: "yes | head -c 50000000; yes error | head -c 5000000 >&2",
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 20_000,
  });
  assert.equal(result.exitCode, 0);
  assert.ok(Buffer.byteLength(result.stdout) <= limit);
  assert.ok(Buffer.byteLength(result.stderr) <= limit);
  assert.equal(result.stdoutTruncated, true);
  assert.equal(result.stderrTruncated, true);
});

test("an endless `yes` is cut by the timeout with bounded capture", async () => {
  const dir = tempFolder("hooks");
  const result = await runCommand({
    ...spawning,
    command: "yes",
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 400,
    captureLimit: 4096,
  });
  assert.equal(result.failure?.kind, "timeout");
  assert.ok(result.stdout.length <= 4096);
});

test("a timeout kills the whole process group, grandchildren included", async () => {
  const dir = tempFolder("hooks");
  const pidFile = join(dir, "pid");
  const result = await runCommand({
    ...spawning,
    command: `sleep 30 & echo $! > ${pidFile}; sleep 30`,
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 300,
  });
  assert.equal(result.failure?.kind, "timeout");
  const pid = Number((await readFile(pidFile, "utf8")).trim());
  assert.ok(await waitUntil(() => !running(pid)), `process ${pid} outlived the timeout`);
});

test("a background grandchild holding stdout open does not keep us waiting after the hook exits", async () => {
  const dir = tempFolder("hooks");
  const pidFile = join(dir, "pid");
  const result = await runCommand({
    ...spawning,
    command: `sleep 5 & echo $! > ${pidFile}; echo done; exit 3`,
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 10_000,
    pipeGraceMs: 100,
  });
  assert.equal(result.exitCode, 3);
  assert.equal(result.stdout, "done\n");
  const holder = Number((await readFile(pidFile, "utf8")).trim());
  assert.equal(running(holder), true, "resolved while the grandchild still holds stdout");
  process.kill(holder);
});

test("an abort signal kills the hook", async () => {
  const dir = tempFolder("hooks");
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const result = await runCommand({
    ...spawning,
    command: "sleep 10",
    cwd: dir,
    env,
    stdin: "",
    timeoutMs: 10_000,
    signal: controller.signal,
  });
  assert.equal(result.failure?.kind, "aborted");
});
