// Placeholders on a real disk: created where missing and held while any lease holds them, removed
// after the last; a folder that existed is never recorded or removed; one that someone filled is
// kept; a run killed while holding them is swept at the next start-up (a real killed process), while
// another run that is still going keeps its own.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { createPlaceholderStore } from "../../src/sandbox/placeholder-store.js";
import { currentProcess } from "../../src/sandbox/process-identity.js";
import { running, waitUntil } from "../support/processes.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";

const root = tempFolder("placeholders");
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) child.kill("SIGKILL");
  removeFolder(root);
});
const fixture = resolve(import.meta.dirname, "..", "fixtures", "sandbox", "hold-placeholders.ts");

/** Another reagent run (a real process) holding placeholders until it is killed. */
function holder(records: string, paths: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture, records, ...paths], {
    cwd: resolve(import.meta.dirname, "..", ".."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const said = new Promise<string>((done) =>
    child.stdout?.once("data", (chunk: Buffer) => done(chunk.toString())),
  );
  const kill = async () => {
    child.kill("SIGKILL");
    assert.ok(await waitUntil(() => child.pid !== undefined && !running(child.pid)));
  };
  return { said, kill };
}
let counter = 0;
function fresh() {
  counter += 1;
  const workspace = join(root, `w${counter}`);
  mkdirSync(workspace);
  return { workspace, records: join(root, `records${counter}`) };
}

test("missing entries become folders while held and disappear after the last release", () => {
  const { workspace, records } = fresh();
  const store = createPlaceholderStore(records);
  const paths = [join(workspace, ".claude"), join(workspace, ".mcp.json")];
  const first = store.acquire(paths);
  const second = store.acquire(paths.slice(0, 1));
  assert.equal(first.kind, "held");
  assert.equal(second.kind, "held");
  if (first.kind !== "held" || second.kind !== "held") return;
  assert.deepEqual(readdirSync(workspace).sort(), [".claude", ".mcp.json"]);
  assert.deepEqual(first.lease.release(), { removed: [join(workspace, ".mcp.json")], kept: [] });
  assert.ok(existsSync(join(workspace, ".claude")), "still held by the second lease");
  assert.deepEqual(second.lease.release(), { removed: [join(workspace, ".claude")], kept: [] });
  assert.deepEqual(second.lease.release(), { removed: [], kept: [] }, "a second release does nothing");
  assert.deepEqual(readdirSync(workspace), []);
  assert.deepEqual(readdirSync(records), [], "the record goes with the last placeholder");
});

test("an existing folder is the user's: not recorded, not removed, even when empty", () => {
  const { workspace, records } = fresh();
  mkdirSync(join(workspace, ".vscode"));
  const store = createPlaceholderStore(records);
  const held = store.acquire([join(workspace, ".vscode")]);
  assert.ok(held.kind === "held");
  assert.deepEqual(held.lease.paths, []);
  held.lease.release();
  assert.ok(existsSync(join(workspace, ".vscode")));
});

test("a placeholder someone put a file into is kept and reported", () => {
  const { workspace, records } = fresh();
  const store = createPlaceholderStore(records);
  const held = store.acquire([join(workspace, ".claude")]);
  assert.ok(held.kind === "held");
  writeFileSync(join(workspace, ".claude", "settings.json"), "{}");
  assert.deepEqual(held.lease.release(), {
    removed: [],
    kept: [{ path: join(workspace, ".claude"), reason: "it is no longer empty" }],
  });
  assert.ok(existsSync(join(workspace, ".claude", "settings.json")));
});

test("a creation failure is a result naming why, and nothing is left held", () => {
  const { workspace, records } = fresh();
  const store = createPlaceholderStore(records);
  const result = store.acquire([join(workspace, ".claude"), join(workspace, "missing-parent", ".claude")]);
  assert.equal(result.kind, "failed");
  assert.match(result.kind === "failed" ? result.reason : "", /cannot create a placeholder folder: .*ENOENT/);
  assert.deepEqual(readdirSync(workspace), []);
});

test("a killed run's placeholders are swept at start-up; a live run's are kept", async () => {
  const { workspace, records } = fresh();
  const hold = (...names: string[]) =>
    holder(
      records,
      names.map((name) => join(workspace, name)),
    );
  const crashed = hold(".claude", ".agents");
  const alive = hold(".codex");
  assert.equal(await crashed.said, "held\n");
  assert.equal(await alive.said, "held\n");
  await crashed.kill();
  assert.deepEqual(readdirSync(workspace).sort(), [".agents", ".claude", ".codex"]);

  // The next start-up, as reagent does it: a new store sweeps.
  const sweep = createPlaceholderStore(records).sweep();
  assert.deepEqual(sweep.removed.sort(), [join(workspace, ".agents"), join(workspace, ".claude")]);
  assert.deepEqual(readdirSync(workspace), [".codex"], "the live run keeps its placeholder");
  await alive.kill();
  assert.deepEqual(createPlaceholderStore(records, currentProcess()).sweep().removed, [
    join(workspace, ".codex"),
  ]);
  assert.deepEqual(readdirSync(records), []);
});

test("a leftover of a killed run found at acquire time is taken over, then removed as ours", async () => {
  const { workspace, records } = fresh();
  const crashed = holder(records, [join(workspace, ".claude")]);
  assert.equal(await crashed.said, "held\n");
  await crashed.kill();
  const store = createPlaceholderStore(records);
  const held = store.acquire([join(workspace, ".claude")]);
  assert.ok(held.kind === "held");
  assert.deepEqual(held.lease.paths, [join(workspace, ".claude")]);
  assert.deepEqual(held.lease.release().removed, [join(workspace, ".claude")]);
  assert.deepEqual(readdirSync(workspace), []);
});
