// The FileChanged watcher against the real hooks engine and real files: the names a matcher lists are
// watched in the shell's folder and follow it when told (after a tool call moved it); once closed,
// nothing fires any more (a /resume builds a new runtime; the old watchers must fall silent).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startFileWatch } from "../../src/app/file-watch.js";
import { createTestHookEngine, hookScript, onEvent } from "../support/hook-engine.js";
import { scopedWorkspace } from "../support/scoped.js";

async function logged(log: string, count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const lines = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : [];
    if (lines.length >= count) return lines;
    await sleep(50);
  }
  throw new Error(
    `fewer than ${count} FileChanged events in ${log}: ${existsSync(log) ? readFileSync(log, "utf8") : "(none)"}`,
  );
}

test("the watched names follow the shell's folder; a closed watcher reports nothing", async () => {
  const space = scopedWorkspace({ "a/.envrc": "", "b/.envrc": "" });
  const log = join(space.dir, "events.log");
  const script = hookScript(
    space.dir,
    "log.sh",
    // One write per event, the line with its newline: written as two (the path, then `echo`), a
    // second hook's path once landed between them and two events read as one line.
    `line=$(sed -n 's/.*"file_path":"\\([^"]*\\)".*/\\1/p'); printf '%s\\n' "$line" >> ${log}`,
  );
  const hooks = createTestHookEngine({
    projectDir: space.dir,
    settings: [onEvent("FileChanged", script, ".envrc")],
  });
  const shell = { cwd: join(space.dir, "a"), env: {} };
  const watch = startFileWatch({ hooks, shell, baseEnv: {}, quietMs: 50 });
  assert.ok(watch, "a FileChanged hook starts the watcher");
  writeFileSync(join(space.dir, "a", ".envrc"), "export A=1\n");
  assert.deepEqual(await logged(log, 1), [join(space.dir, "a", ".envrc")]);

  shell.cwd = join(space.dir, "b");
  watch.followFolder();
  writeFileSync(join(space.dir, "b", ".envrc"), "export B=1\n");
  assert.deepEqual((await logged(log, 2))[1], join(space.dir, "b", ".envrc"));

  watch.close();
  writeFileSync(join(space.dir, "b", ".envrc"), "export B=2\n");
  // A second, live watcher on another folder proves events still flow: once it has reported, the
  // closed one had the same time to report and did not.
  mkdirSync(join(space.dir, "c"));
  const control = startFileWatch({
    hooks,
    shell: { cwd: join(space.dir, "c"), env: {} },
    baseEnv: {},
    quietMs: 50,
  });
  writeFileSync(join(space.dir, "c", ".envrc"), "export C=1\n");
  const lines = await logged(log, 3);
  control?.close();
  assert.deepEqual(lines.slice(2), [join(space.dir, "c", ".envrc")], lines.join("\n"));
});
