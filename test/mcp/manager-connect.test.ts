import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { createMcpManager } from "../../src/mcp/manager.js";
import type { McpServerFailure } from "../../src/mcp/types.js";
import { plainMcpProcesses } from "../support/no-sandbox.js";
import { tempFolder } from "../support/temp-folder.js";
import { FIXTURE_CONNECT_MS, fixturePath, fixtureSpec, isAlive, waitFor } from "./fixture-specs.js";

const plainMcp = { processes: plainMcpProcesses(), baseEnv: process.env };

const execFileAsync = promisify(execFile);

test("connects in parallel: a stuck and a dying server are reported, the good one works", async () => {
  const dir = tempFolder("mcp");
  const reported: McpServerFailure[] = [];
  const manager = createMcpManager({
    ...plainMcp,
    servers: {
      good: fixtureSpec("good-server.ts"),
      stuck: fixtureSpec("no-initialize.ts"),
      dies: fixtureSpec("exit-at-start.ts"),
      missing: { type: "stdio", command: "reagent-no-such-mcp-server", args: [], env: {} },
    },
    cwd: dir,
    // Long enough for the good (tsx) fixture to start on a loaded machine; the stuck one waits it out.
    connectTimeoutMs: 30_000,
    logDir: join(dir, "logs"),
    onServerFailed: (failure) => reported.push(failure),
  });
  try {
    const failures = await manager.connectAll();
    const byName = Object.fromEntries(failures.map((failure) => [failure.server, failure.reason]));
    assert.deepEqual(Object.keys(byName).sort(), ["dies", "missing", "stuck"]);
    assert.ok(byName.stuck !== undefined && byName.missing !== undefined);
    assert.match(byName.stuck, /timed out after 30000 ms/);
    // The reason says how the process ended, its last stderr line and where the whole log is.
    assert.equal(
      byName.dies,
      `server process exited during start-up (exit code 3; stderr: fatal: FIXTURE_TOKEN is missing; log: ${join(dir, "logs", "mcp-dies.log")})`,
    );
    assert.doesNotMatch(byName.stuck, /exit code|killed by/);
    assert.match(byName.missing, /command not found: reagent-no-such-mcp-server/);
    assert.deepEqual(reported, failures);

    const names = manager.tools().map((tool) => tool.name);
    assert.ok(names.includes("mcp__good__echo"));
    assert.ok(!names.some((name) => name.startsWith("mcp__stuck__")));

    const status = Object.fromEntries(manager.status().map((entry) => [entry.name, entry]));
    assert.equal(status.good?.transport, "stdio");
    assert.deepEqual(status.good?.state, { kind: "connected", tools: 8, resources: 2, prompts: 2 });
    assert.equal(status.stuck?.state.kind, "failed");

    // The stuck child was killed after the time limit, not left running.
    assert.deepEqual(manager.childPids().length, 1);

    // stderr went to log files, not the terminal.
    const logs = await readdir(join(dir, "logs"));
    assert.ok(logs.includes("mcp-good.log"));
    assert.match(await readFile(join(dir, "logs", "mcp-dies.log"), "utf8"), /FIXTURE_TOKEN is missing/);
    assert.match(await readFile(join(dir, "logs", "mcp-good.log"), "utf8"), /fixture-good starting/);
  } finally {
    await manager.close();
  }
});

test("close() ends every child process", async () => {
  const dir = tempFolder("mcp");
  const manager = createMcpManager({
    ...plainMcp,
    servers: { one: fixtureSpec("good-server.ts"), two: fixtureSpec("good-server.ts") },
    cwd: dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
  });
  await manager.connectAll();
  const pids = manager.childPids();
  assert.equal(pids.length, 2);
  assert.ok(pids.every(isAlive));
  await manager.close();
  assert.ok(await waitFor(() => pids.every((pid) => !isAlive(pid))), "children still running after close()");
  assert.deepEqual(manager.childPids(), []);
  assert.equal(manager.status()[0]?.state.kind, "closed");
});

test("close() during a pending connect does not leave the child behind", async () => {
  const dir = tempFolder("mcp");
  const manager = createMcpManager({
    ...plainMcp,
    servers: { stuck: fixtureSpec("no-initialize.ts") },
    cwd: dir,
  });
  const connecting = manager.connectAll();
  assert.ok(await waitFor(() => manager.childPids().length === 1));
  const [pid] = manager.childPids();
  assert.ok(pid !== undefined);
  await manager.close();
  await connecting;
  assert.ok(await waitFor(() => !isAlive(pid)), "stuck child still running");
});

test("children are ended when the reagent process exits without close()", async () => {
  const dir = tempFolder("mcp");
  const { stdout } = await execFileAsync(process.execPath, [
    "--import",
    "tsx",
    fixturePath("exit-without-close.ts"),
    dir,
  ]);
  const pids = JSON.parse(stdout) as number[];
  assert.equal(pids.length, 2);
  assert.ok(await waitFor(() => pids.every((pid) => !isAlive(pid))), "children outlived the parent");
});

test("a server of type sdk outside a run driven by the Agent SDK fails with the reason; deferred, it waits for connectSdkServers", async () => {
  const dir = tempFolder("mcp");
  const servers = { calc: { type: "sdk" as const, name: "calc" } };
  const manager = createMcpManager({ ...plainMcp, servers, cwd: dir, connectTimeoutMs: 5_000 });
  try {
    const failures = await manager.connectAll();
    assert.equal(failures.length, 1);
    assert.equal(failures[0]!.server, "calc");
    assert.match(
      failures[0]!.reason,
      /server "calc" has type "sdk": it lives inside the program that drives reagent and is reachable only in a stream-json run started by that program \(the Agent SDK\)/,
    );
  } finally {
    await manager.close();
  }
  const deferred = createMcpManager({
    ...plainMcp,
    servers,
    cwd: dir,
    connectTimeoutMs: 5_000,
    deferSdkServers: true,
  });
  try {
    assert.deepEqual(await deferred.connectAll(), [], "left for connectSdkServers");
  } finally {
    await deferred.close();
  }
});
