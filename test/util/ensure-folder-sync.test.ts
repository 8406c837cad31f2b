// ensureFolderSync on real temp folders: nested creation one level at a time, an existing folder,
// a file in the way, and /proc (where Node 20's recursive mkdir can spin forever) failing at once.
import assert from "node:assert/strict";
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { ensureFolderSync } from "../../src/util/ensure-folder-sync.js";
import { tempFolder } from "../support/temp-folder.js";

const root = tempFolder("folders");
after(() => rmSync(root, { recursive: true, force: true }));

test("creates every missing folder, with the given mode, and accepts an existing one", () => {
  const target = join(root, "a", "b", "c");
  ensureFolderSync(target, { mode: 0o700 });
  assert.ok(statSync(target).isDirectory());
  assert.equal(statSync(join(root, "a")).mode & 0o077, 0);
  ensureFolderSync(target);
});

test("a file in the way is an error naming it", () => {
  writeFileSync(join(root, "file"), "");
  assert.throws(() => ensureFolderSync(join(root, "file", "x", "y")), /file is a file, not a folder/);
  assert.equal(existsSync(join(root, "file", "x")), false);
});

test("a folder under /proc fails at once instead of spinning", { skip: !existsSync("/proc/self") }, () => {
  assert.throws(
    () => ensureFolderSync("/proc/self/.agents/sessions"),
    /cannot create folder \/proc\/self\/\.agents/,
  );
});
