// Checkpoints with real git in real temp folders: a snapshot of the workspace in a private store
// (the project's own .git, index and stash untouched), .gitignore honoured, the size cap, rewinding
// code to before a prompt (written, deleted and recreated files, symlinks, modes), changes made
// outside reagent named before they are overwritten, the log read back by a second process's view,
// and a git that cannot run turning checkpoints off with one warning.
import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, test } from "node:test";
import {
  CheckpointLog,
  type Checkpoints,
  openCheckpoints,
  takeSnapshot,
} from "../../src/checkpoints/index.js";
import { commitAll, git } from "../support/git.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) removeFolder(folder);
});

function setup(
  files: Record<string, string>,
  options: { maxFileBytes?: number; env?: Record<string, string> } = {},
) {
  const project = tempFolder("ckpt-project");
  const state = tempFolder("ckpt-state");
  folders.push(project, state);
  writeTree(project, files);
  const warnings: string[] = [];
  const open = () =>
    openCheckpoints({
      storeDir: join(state, "store"),
      workTree: project,
      sessionDir: join(state, "session"),
      env: options.env ?? (process.env as Record<string, string>),
      maxFileBytes: options.maxFileBytes,
      warn: (message) => warnings.push(message),
    });
  return { project, state, warnings, checkpoints: open(), open };
}

async function prompt(checkpoints: Checkpoints, text: string, change: () => void): Promise<void> {
  checkpoints.beginPrompt({ id: `id-${text}`, text, messageIndex: 0 });
  await checkpoints.beforeChange();
  change();
  await checkpoints.beforeChange();
  await checkpoints.endPrompt();
}

/** The plan for rewinding to before the first prompt, which must restore something. */
async function firstRestore(checkpoints: Checkpoints) {
  const plan = await checkpoints.planCode(checkpoints.find(1)!);
  assert.equal(plan.kind, "restore");
  if (plan.kind !== "restore") throw new Error("the rewind restores nothing");
  return plan;
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

test("a code rewind puts back written, deleted and created files, also through folders", async () => {
  const { project, checkpoints } = setup({ "a.txt": "one\n", "src/b.txt": "bee\n", "keep.txt": "k\n" });
  await prompt(checkpoints, "first", () => {
    writeFileSync(join(project, "a.txt"), "changed\n");
    rmSync(join(project, "src/b.txt"));
    writeTree(project, { "new/deep/c.txt": "sea\n" });
  });
  await prompt(checkpoints, "second", () => writeFileSync(join(project, "keep.txt"), "k2\n"));
  const first = checkpoints.find(1)!;
  assert.equal(first.text, "first");
  const plan = await checkpoints.planCode(first);
  assert.equal(plan.kind, "restore");
  if (plan.kind !== "restore") return;
  assert.deepEqual(plan.conflicts, []);
  const result = await checkpoints.applyCode(plan);
  assert.deepEqual(result.filesChanged.sort(), ["a.txt", "keep.txt", "new/deep/c.txt", "src/b.txt"]);
  assert.equal(read(project, "a.txt"), "one\n");
  assert.equal(read(project, "src/b.txt"), "bee\n");
  assert.equal(read(project, "keep.txt"), "k\n");
  assert.equal(existsSync(join(project, "new")), false, "folders left empty are removed");
  assert.ok(result.insertions >= 3 && result.deletions >= 3, JSON.stringify(result));
});

test("the project's own .git, index and stash are never touched; ignored files are neither saved nor restored", async () => {
  const { project, checkpoints } = setup({
    ".gitignore": "build/\n",
    "a.txt": "one\n",
    "build/out.bin": "x",
  });
  commitAll(project);
  const indexBefore = readFileSync(join(project, ".git", "index"));
  const headBefore = git(project, "rev-parse", "HEAD");
  await prompt(checkpoints, "edit", () => {
    writeFileSync(join(project, "a.txt"), "two\n");
    writeFileSync(join(project, "build/out.bin"), "changed");
  });
  const plan = await firstRestore(checkpoints);
  assert.deepEqual(
    plan.changes.map((change) => change.path),
    ["a.txt"],
  );
  await checkpoints.applyCode(plan);
  assert.equal(read(project, "a.txt"), "one\n");
  assert.equal(read(project, "build/out.bin"), "changed", "an ignored file is not restored");
  assert.deepEqual(readFileSync(join(project, ".git", "index")), indexBefore);
  assert.equal(git(project, "rev-parse", "HEAD"), headBefore);
  assert.equal(git(project, "stash", "list"), "");
  assert.equal(
    git(project, "status", "--porcelain"),
    "",
    "the project's git sees the restored tree as before",
  );
});

test("the excludes file of the user's git (~/.config/git/ignore) does not keep a file out", async () => {
  // git reads $XDG_CONFIG_HOME/git/ignore, else ~/.config/git/ignore, even with no global config.
  const home = tempFolder("ckpt-home");
  folders.push(home);
  writeTree(home, { ".config/git/ignore": "*.md\n", "xdg/git/ignore": "*.txt\n" });
  for (const env of [
    { ...process.env, HOME: home, XDG_CONFIG_HOME: "" },
    { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, "xdg") },
  ] as Array<Record<string, string>>) {
    const { project, checkpoints } = setup({ "notes.md": "one\n", "a.txt": "a\n" }, { env });
    await prompt(checkpoints, "edit", () => {
      writeFileSync(join(project, "notes.md"), "two\n");
      writeFileSync(join(project, "a.txt"), "b\n");
    });
    const plan = await firstRestore(checkpoints);
    assert.deepEqual(plan.changes.map((change) => change.path).sort(), ["a.txt", "notes.md"]);
    await checkpoints.applyCode(plan);
    assert.equal(read(project, "notes.md"), "one\n");
    assert.equal(read(project, "a.txt"), "a\n");
  }
});

test("files over the size cap are left out, named, and neither deleted nor restored", async () => {
  const { project, checkpoints } = setup(
    { "small.txt": "s\n", "big.bin": "x".repeat(2000) },
    { maxFileBytes: 1000 },
  );
  await prompt(checkpoints, "grow", () => {
    writeFileSync(join(project, "big.bin"), "y".repeat(3000));
    writeFileSync(join(project, "small.txt"), "t\n");
  });
  const log = checkpoints.log.lines.find((line) => line.type === "before");
  assert.deepEqual(log && "skipped" in log ? log.skipped : undefined, ["big.bin"]);
  const plan = await checkpoints.planCode(checkpoints.find(1)!);
  assert.equal(plan.kind, "restore");
  if (plan.kind !== "restore") return;
  await checkpoints.applyCode(plan);
  assert.equal(read(project, "small.txt"), "s\n");
  assert.equal(read(project, "big.bin"), "y".repeat(3000));
});

test("a first snapshot of many files (written as one pack) restores like any other", async () => {
  const files: Record<string, string> = {};
  for (let index = 0; index < 150; index++) files[`many/f${index}.txt`] = `file ${index}\n`;
  const { project, checkpoints, state } = setup(files);
  await prompt(checkpoints, "edit many", () => {
    writeFileSync(join(project, "many/f7.txt"), "changed\n");
    rmSync(join(project, "many/f8.txt"));
  });
  const packs = readdirSync(join(state, "store", "git", "objects", "pack"));
  assert.ok(
    packs.some((name) => name.endsWith(".pack")),
    "the first snapshot went into a pack",
  );
  const plan = await checkpoints.planCode(checkpoints.find(1)!);
  if (plan.kind !== "restore") throw new Error("expected a restore");
  await checkpoints.applyCode(plan);
  assert.equal(read(project, "many/f7.txt"), "file 7\n");
  assert.equal(read(project, "many/f8.txt"), "file 8\n");
});

test("modes and symlinks come back as they were", async () => {
  const { project, checkpoints } = setup({ "run.sh": "#!/bin/sh\n" });
  chmodSync(join(project, "run.sh"), 0o755);
  symlinkSync("run.sh", join(project, "link"));
  await prompt(checkpoints, "break", () => {
    chmodSync(join(project, "run.sh"), 0o644);
    rmSync(join(project, "link"));
    writeFileSync(join(project, "link"), "not a link");
  });
  const plan = await checkpoints.planCode(checkpoints.find(1)!);
  if (plan.kind !== "restore") throw new Error("expected a restore");
  await checkpoints.applyCode(plan);
  assert.equal(statSync(join(project, "run.sh")).mode & 0o777, 0o755);
  assert.equal(readlinkSync(join(project, "link")), "run.sh");
});

test("a change made outside reagent since the checkpoint is named, with its diff, before it is overwritten", async () => {
  const { project, checkpoints } = setup({ "a.txt": "one\n", "b.txt": "bee\n" });
  await prompt(checkpoints, "first", () => writeFileSync(join(project, "a.txt"), "agent\n"));
  // Between prompts, the person edits b.txt.
  writeFileSync(join(project, "b.txt"), "person's edit\n");
  await prompt(checkpoints, "second", () => writeFileSync(join(project, "a.txt"), "agent again\n"));
  // After the last prompt, a.txt is edited outside too.
  writeFileSync(join(project, "a.txt"), "hand-edited\n");
  const plan = await checkpoints.planCode(checkpoints.find(1)!);
  if (plan.kind !== "restore") throw new Error("expected a restore");
  assert.deepEqual(plan.conflicts.sort(), ["a.txt", "b.txt"]);
  assert.match(plan.conflictDiff, /-person's edit/);
  assert.match(plan.conflictDiff, /-hand-edited/);
  const onlySecond = await checkpoints.planCode(checkpoints.find(2)!);
  if (onlySecond.kind !== "restore") throw new Error("expected a restore");
  assert.deepEqual(onlySecond.conflicts, ["a.txt"], "b.txt was changed before prompt 2's checkpoint");
});

test("a prompt that changed nothing rewinds to the next change; with none after it, there is nothing to do", async () => {
  const { project, checkpoints } = setup({ "a.txt": "one\n" });
  checkpoints.beginPrompt({ id: "read-only", text: "just look", messageIndex: 0 });
  await checkpoints.endPrompt();
  const none = await checkpoints.planCode(checkpoints.find(1)!);
  assert.equal(none.kind, "unchanged");
  await prompt(checkpoints, "edit", () => writeFileSync(join(project, "a.txt"), "two\n"));
  const plan = await checkpoints.planCode(checkpoints.find("read-only")!);
  if (plan.kind !== "restore") throw new Error("expected a restore");
  await checkpoints.applyCode(plan);
  assert.equal(read(project, "a.txt"), "one\n");
});

test("a rewind is itself a change of reagent's: rewinding further does not call it an outside change", async () => {
  const { project, checkpoints } = setup({ "a.txt": "one\n" });
  await prompt(checkpoints, "first", () => writeFileSync(join(project, "a.txt"), "two\n"));
  await prompt(checkpoints, "second", () => writeFileSync(join(project, "a.txt"), "three\n"));
  const back = await checkpoints.planCode(checkpoints.find(2)!);
  if (back.kind !== "restore") throw new Error("expected a restore");
  await checkpoints.applyCode(back);
  assert.equal(read(project, "a.txt"), "two\n");
  const further = await checkpoints.planCode(checkpoints.find(1)!);
  if (further.kind !== "restore") throw new Error("expected a restore");
  assert.deepEqual(further.conflicts, []);
});

test("the log is read back by a later process; a conversation rewind drops the prompts from the list", async () => {
  const { project, checkpoints, open } = setup({ "a.txt": "one\n" });
  await prompt(checkpoints, "first", () => writeFileSync(join(project, "a.txt"), "two\n"));
  await prompt(checkpoints, "second", () => writeFileSync(join(project, "a.txt"), "three\n"));
  const later = open();
  assert.deepEqual(
    later.prompts().map((entry) => [entry.number, entry.text, entry.changedFiles]),
    [
      [1, "first", true],
      [2, "second", true],
    ],
  );
  later.conversationRewound(later.find(2)!);
  assert.deepEqual(
    open()
      .prompts()
      .map((entry) => entry.text),
    ["first"],
  );
  const plan = await open().planCode(later.find(1)!);
  assert.equal(plan.kind, "restore");
});

test("an unchanged workspace snapshots to the same tree; a torn log line is skipped", async () => {
  const { checkpoints, state } = setup({ "a.txt": "one\n" });
  await prompt(checkpoints, "first", () => {});
  const first = await takeSnapshot(checkpoints.git);
  const second = await takeSnapshot(checkpoints.git);
  assert.equal(first.tree, second.tree);
  const path = join(state, "session", "checkpoints.jsonl");
  writeFileSync(path, `${readFileSync(path, "utf8")}{"type":"prompt","seq":`);
  assert.equal(new CheckpointLog(path).lines.length, 3);
});

test("when git cannot run, checkpoints say so once and the prompt goes on", async () => {
  const { checkpoints, warnings } = setup({ "a.txt": "one\n" }, { env: { PATH: "/nonexistent" } });
  await prompt(checkpoints, "first", () => {});
  await prompt(checkpoints, "second", () => {});
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /checkpoints are off for this session: could not run git/);
  assert.equal(checkpoints.find(1)?.changedFiles, false);
});

test("the private repository is made with its own settings (no line endings changed, no fsmonitor, no gc)", async () => {
  const { state, checkpoints } = setup({ "a.txt": "a\n" });
  await prompt(checkpoints, "first", () => {});
  const gitDir = join(state, "store", "git");
  const setting = (key: string) => git(state, "--git-dir", gitDir, "config", "--get", key).trim();
  assert.deepEqual(
    ["core.autocrlf", "core.fsmonitor", "core.symlinks", "core.quotePath", "gc.auto"].map(setting),
    ["false", "false", "true", "false", "0"],
  );
});

test("closing gives up a prompt's snapshot no call asked for, and finishes one that was asked for", async () => {
  const { warnings, checkpoints, open } = setup({ "a.txt": "one\n" });
  checkpoints.beginPrompt({ id: "id-look", text: "look", messageIndex: 0 });
  await checkpoints.close();
  assert.deepEqual(warnings, [], "giving up is no failure");
  const types = () => checkpoints.log.lines.map((line) => line.type);
  assert.deepEqual(types(), ["prompt"], "no snapshot was recorded for it");
  assert.equal(existsSync(checkpoints.git.paths.indexFile), false, "nor taken");

  checkpoints.beginPrompt({ id: "id-change", text: "change", messageIndex: 2 });
  const before = checkpoints.beforeChange();
  await checkpoints.close();
  await before;
  assert.deepEqual(types(), ["prompt", "prompt", "before"], "the asked-for snapshot was taken");
  assert.deepEqual(warnings, []);

  const later = open();
  await prompt(later, "later", () => {});
  assert.deepEqual(warnings, [], "the next session's checkpoints work");
});
