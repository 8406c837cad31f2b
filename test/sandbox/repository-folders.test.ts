// Real bwrap runs: in the workspace-write profile a folder git would take for a repository (HEAD,
// objects/, refs/) keeps its config and hooks read-only like .git's, whatever it is called, while its
// objects and refs stay writable (a local bare remote still takes a push); the walk that finds them is
// bounded, skips .git and node_modules, and is made again only when a folder it read changed.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { createRepositoryFinder } from "../../src/sandbox/repository-folders.js";
import { needsSandbox, suiteMachine } from "../support/sandbox.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";

function plantRepository(folder: string): void {
  mkdirSync(join(folder, "objects"), { recursive: true });
  mkdirSync(join(folder, "refs", "heads"), { recursive: true });
  writeFileSync(join(folder, "HEAD"), "ref: refs/heads/main\n");
  writeFileSync(join(folder, "config"), "[core]\n\tbare = true\n");
}

describe("repository-like folders in the workspace-write profile", needsSandbox, () => {
  const suite = suiteMachine("repo-like", "workspace-write");
  before(() => plantRepository(join(suite.machine.project, "vendor", "evil")));

  test("its config and hooks stay read-only; objects and refs are writable; no placeholder is left", async () => {
    const result = await suite.run(
      [
        "printf '\\tfsmonitor = touch ran\\n' >> vendor/evil/config",
        "mkdir -p vendor/evil/hooks/sub",
        "echo '#!/bin/sh' > vendor/evil/hooks/post-update",
        "echo x > vendor/evil/objects/x && echo objects-ok",
        "echo x > vendor/evil/refs/heads/y && echo refs-ok",
      ].join("; "),
    );
    assert.equal((result.stderr.match(/Read-only file system/g) ?? []).length >= 3, true, result.stderr);
    assert.match(result.stdout, /objects-ok\nrefs-ok/);
    const evil = join(suite.machine.project, "vendor", "evil");
    assert.equal(readFileSync(join(evil, "config"), "utf8"), "[core]\n\tbare = true\n");
    assert.equal(existsSync(join(evil, "hooks")), false, "the hooks placeholder is removed again");
  });
});

describe("finding them", () => {
  test("a few levels deep, skipping .git and node_modules, within a folder budget", () => {
    const root = tempFolder("repo-like-walk");
    try {
      plantRepository(join(root, "a"));
      plantRepository(join(root, "b", "c"));
      plantRepository(join(root, "b", "d", "e", "f"));
      plantRepository(join(root, "b", "d", "e", "f", "g", "h"));
      plantRepository(join(root, "node_modules", "x"));
      plantRepository(join(root, ".git", "modules", "m"));
      assert.deepEqual(createRepositoryFinder()([root]).sort(), [
        join(root, "a"),
        join(root, "b", "c"),
        join(root, "b", "d", "e", "f"),
      ]);
      assert.deepEqual(createRepositoryFinder({ depth: 2, folders: 1 })([root]), []);
    } finally {
      removeFolder(root);
    }
  });

  test("a walk is kept while the tree stays, and made again when a folder in it changes", () => {
    const root = tempFolder("repo-like-cache");
    try {
      mkdirSync(join(root, "x", "y"), { recursive: true });
      const find = createRepositoryFinder();
      assert.deepEqual(find([root]), []);
      plantRepository(join(root, "x", "y", "evil"));
      assert.deepEqual(find([root]), [join(root, "x", "y", "evil")]);
      assert.strictEqual(find([root]), find([root]), "kept while nothing changed");
      rmSync(join(root, "x", "y", "evil", "HEAD"));
      assert.deepEqual(find([root]), []);
    } finally {
      removeFolder(root);
    }
  });
});
