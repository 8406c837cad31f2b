// The one atomic write on real files: a new inode replaces the old (a hard link keeps the old
// content), mode bits survive exactly even where the umask would change them, and a failed write
// leaves the target and the folder as they were.
import assert from "node:assert/strict";
import { linkSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { writeFileAtomic } from "../../src/util/atomic-write.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace();
let umask = 0;
before(() => {
  umask = process.umask(0o022);
});
after(() => {
  process.umask(umask);
  workspace.cleanup();
});

test("the target is replaced by a new file: a hard link to the old one keeps the old content", async () => {
  const target = workspace.write("linked.txt", "old content\n");
  const keeper = join(workspace.dir, "keeper.txt");
  linkSync(target, keeper);
  const inode = statSync(target).ino;
  await writeFileAtomic(target, "new content\n");
  assert.equal(readFileSync(target, "utf8"), "new content\n");
  assert.equal(readFileSync(keeper, "utf8"), "old content\n");
  assert.notEqual(statSync(target).ino, inode);
});

test("the given mode is applied exactly, also bits the umask would clear", async () => {
  for (const mode of [0o664, 0o777, 0o600]) {
    const target = join(workspace.dir, `mode-${mode.toString(8)}.txt`);
    await writeFileAtomic(target, "x", { mode });
    assert.equal(statSync(target).mode & 0o777, mode, mode.toString(8));
  }
  const plain = join(workspace.dir, "plain.txt");
  await writeFileAtomic(plain, "x");
  assert.equal(statSync(plain).mode & 0o777, 0o644, "without a mode: 0o666 less the umask");
});

test("a failed write leaves the old file and no temporary file behind", async () => {
  const target = workspace.write("kept/target.txt", "kept\n");
  const folder = join(workspace.dir, "kept");
  // The name is taken by a non-empty folder: the temporary file is written, the rename fails.
  workspace.write("kept/blocked/inside.txt", "");
  await assert.rejects(writeFileAtomic(join(folder, "blocked"), "never"));
  // The folder does not exist: the temporary file cannot even be made.
  await assert.rejects(writeFileAtomic(join(folder, "missing", "x.txt"), "never"));
  assert.equal(readFileSync(target, "utf8"), "kept\n");
  assert.deepEqual(readdirSync(folder).sort(), ["blocked", "target.txt"]);
});
