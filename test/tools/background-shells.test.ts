// The background commands' manager with real processes: the output file keeps at most its cap and
// says where it was cut while the in-memory view keeps the start and the latest part; a refused
// containment starts nothing; killAll ends every running group at once; a timeout stops one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { BackgroundShells, type ShellTaskView } from "../../src/tools/background-shells.js";
import { plainLauncher } from "../support/no-sandbox.js";
import { scopedWorkspace } from "../support/scoped.js";

function request(command: string, cwd: string, timeoutMs = 60_000) {
  return {
    shellPath: "/bin/sh",
    command,
    cwd,
    exports: {},
    env: { PATH: process.env.PATH },
    launcher: plainLauncher(cwd),
    containment: "none" as const,
    timeoutMs,
  };
}

async function ended(shells: BackgroundShells, id: string): Promise<ShellTaskView> {
  await shells.wait(id, 20_000, new AbortController().signal);
  return shells.get(id)!;
}

test("the output file stops at its cap and says so; the view keeps head and tail", async () => {
  const space = scopedWorkspace({});
  const changes: string[] = [];
  const shells = new BackgroundShells({
    outputDir: join(space.dir, "out"),
    fileCapBytes: 100,
    keepChars: 30,
    onChange: (view, change, stopped) => changes.push(`${view.id}:${change}:${view.status}:${stopped}`),
  });
  const started = shells.start(
    request("i=0; while [ $i -lt 200 ]; do echo line-$i; i=$((i+1)); done", space.dir),
  );
  assert.equal(started.kind, "started");
  const view = await ended(shells, "bash_1");
  assert.equal(view.status, "completed");
  assert.equal(view.exitCode, 0);
  assert.equal(view.fileTruncated, true);
  const file = readFileSync(view.outputFile, "utf8");
  assert.ok(file.startsWith("line-0\nline-1\n"));
  assert.match(file, /\[reagent: output truncated at 100 bytes; later output is not in this file\]\n$/);
  assert.equal(Buffer.byteLength(file.slice(0, file.indexOf("\n[reagent:"))), 100);
  assert.match(view.output, /^line-0\n[\s\S]*characters omitted[\s\S]*line-199\n$/);
  assert.deepEqual(changes, ["bash_1:started:running:false", "bash_1:ended:completed:false"]);
});

test("a containment the launcher cannot give starts nothing", async () => {
  const space = scopedWorkspace({});
  const shells = new BackgroundShells({ outputDir: join(space.dir, "out") });
  const started = shells.start({ ...request("touch never", space.dir), containment: "workspace-write" });
  assert.equal(started.kind, "refused");
  assert.deepEqual(shells.ids(), []);
});

test("killAll ends every running command's group; a timeout stops one and says so", async () => {
  const space = scopedWorkspace({});
  const shells = new BackgroundShells({ outputDir: join(space.dir, "out") });
  shells.start(request("sleep 300 & echo $! > a.pid; wait", space.dir));
  shells.start(request("echo started; sleep 300", space.dir, 300));
  const timedOut = await ended(shells, "bash_2");
  assert.equal(timedOut.status, "failed");
  assert.match(timedOut.note ?? "", /timeout of 300 ms/);
  assert.equal(shells.running(), 1);
  while (!readFileSync(join(space.dir, "a.pid"), { encoding: "utf8", flag: "a+" }).trim()) await sleep(20);
  shells.killAll();
  const killed = await ended(shells, "bash_1");
  assert.notEqual(killed.status, "running");
  assert.equal(shells.running(), 0);
  assert.equal(await shells.stop("bash_1"), false);
});
