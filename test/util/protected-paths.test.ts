// A folder git would take for a repository (HEAD, objects/, refs/) is protected like .git/ wherever
// it is and whatever it is called: the write that would complete one, and every write into one.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { protectedWrite, repositoryFolderOf } from "../../src/util/protected-paths.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";

describe("repository-like folders", () => {
  const root = tempFolder("repository-like");
  after(() => removeFolder(root));

  test("the write that completes HEAD + objects/ + refs/ is protected, in any order", () => {
    for (const [index, order] of [
      ["HEAD", "objects/.keep", "refs/.keep"],
      ["objects/.keep", "refs/.keep", "HEAD"],
      ["refs/heads/main", "HEAD", "objects/ab/cdef"],
    ].entries()) {
      const folder = join(root, `evil${index}`, "nested");
      const verdicts = order.map((part) => {
        const path = join(folder, part);
        const why = protectedWrite(path, false, [root]);
        mkdirSync(join(path, ".."), { recursive: true });
        writeFileSync(path, part === "HEAD" ? "ref: refs/heads/main\n" : "");
        return why;
      });
      assert.deepEqual(verdicts.slice(0, 2), [null, null], `${order}: the first two writes are ordinary`);
      assert.match(
        verdicts[2] ?? "",
        /which git takes for a repository \(HEAD, objects\/, refs\/\) like \.git\//,
      );
      // Complete now: its config (core.fsmonitor), hooks and anything else inside ask too.
      for (const part of ["config", "hooks/post-update", "info/attributes", "HEAD"])
        assert.equal(repositoryFolderOf(join(folder, part)), folder, part);
      assert.notEqual(protectedWrite(join(folder, "config"), false, [root]), null);
      assert.equal(protectedWrite(join(folder, "..", "README.md"), false, [root]), null);
    }
  });

  test("folders that only look a little like one are ordinary", () => {
    const folder = join(root, "ordinary");
    mkdirSync(join(folder, "objects"), { recursive: true });
    mkdirSync(join(folder, "refs"), { recursive: true });
    assert.equal(protectedWrite(join(folder, "config"), false, [root]), null);
    assert.equal(protectedWrite(join(folder, "objects", "model.json"), false, [root]), null);
    // HEAD as a folder is no repository's HEAD.
    mkdirSync(join(folder, "HEAD"));
    assert.equal(protectedWrite(join(folder, "config"), false, [root]), null);
    assert.equal(repositoryFolderOf(join(root, "nothing", "here.txt")), null);
  });
});
