// Glob over a tree big enough to be listed in several parts at once (glob-shards.ts): the 100 newest
// of 600 matching files come back newest first, ties by path, the same as the pure-JS walk and as
// the order computed here from the files' own times, with the count of all matches — whichever part
// the newest files lie in, with files at the levels the split walks through, an ignored folder, a
// nested .gitignore and a folder named by the pattern's leading segment. The split itself is checked
// on the same tree: disjoint groups, ignored folders left out.
import assert from "node:assert/strict";
import { statSync, utimesSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { shardFolders } from "../../src/tools/glob-shards.js";
import { GitignoreRules } from "../../src/tools/glob-walk.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

let root: string;
const files: string[] = [];

before(() => {
  root = tempFolder("glob-shards");
  const tree: Record<string, string> = { ".gitignore": "ignored/\n*.log\n", "top.ts": "", "top.log": "" };
  for (let pkg = 0; pkg < 30; pkg++) {
    tree[`pkgs/p${pkg}/index.ts`] = "";
    if (pkg % 5 === 0) tree[`pkgs/p${pkg}/.gitignore`] = "gen/\n";
    for (let file = 0; file < 19; file++) tree[`pkgs/p${pkg}/src/area${file % 3}/f${file}.ts`] = "";
    tree[`pkgs/p${pkg}/gen/g.ts`] = "";
    tree[`pkgs/p${pkg}/src/notes.md`] = "";
  }
  for (let file = 0; file < 50; file++) tree[`ignored/i${file}.ts`] = "";
  writeTree(root, tree);
  // Times from a fixed pseudo-random sequence, with some ties; the newest spread over all packages.
  let seed = 7;
  for (const name of Object.keys(tree)) {
    seed = (seed * 48271) % 2147483647;
    const seconds = 1_600_000_000 + (seed % 5000);
    utimesSync(path.join(root, name), seconds, seconds);
    const ignored =
      name.startsWith("ignored/") ||
      name.endsWith(".log") ||
      (/^pkgs\/p(\d+)\/gen\//.test(name) && Number(name.split("/")[1]?.slice(1)) % 5 === 0);
    if (name.endsWith(".ts") && !ignored) files.push(name);
  }
});
after(() => removeFolder(root));

function expectedNewest(names: string[]): string[] {
  return names
    .map((name) => ({ name, time: statSync(path.join(root, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 100)
    .map((entry) => entry.name);
}

describe("Glob listed in parts at once", () => {
  for (const [backend, options] of [
    ["ripgrep", {}],
    ["the pure-JS walk", { ripgrepPath: null }],
  ] as const)
    it(`the 100 newest, newest first, and the count of all (${backend})`, async () => {
      const glob = builtinTool("Glob", options);
      for (const [pattern, matching] of [
        ["**/*.ts", files],
        ["pkgs/**/*.ts", files.filter((name) => name.startsWith("pkgs/"))],
      ] as const) {
        const result = await run(glob, { pattern }, makeContext(root));
        assert.equal(result.isError, false, result.content);
        const data = result.data as { filenames: string[]; numFiles: number };
        assert.equal(data.numFiles, matching.length, pattern);
        assert.deepEqual(data.filenames, expectedNewest(matching), pattern);
      }
    });

  it("the split: disjoint groups of folders a listing may enter, files met on the way", () => {
    const rules = new GitignoreRules();
    const shards = shardFolders(root, [""], rules, (name) => name.endsWith(".ts"), 2);
    assert.ok(shards, "the tree is split");
    assert.equal(shards.groups.length, 2);
    const folders = shards.groups.flat();
    assert.equal(new Set(folders).size, folders.length, "no folder in two groups");
    assert.ok(folders.length >= 16, `enough folders to share: ${folders.length}`);
    assert.ok(!folders.some((folder) => folder.startsWith("ignored") || folder === "pkgs/p0/gen"));
    for (const [a, b] of folders.flatMap((x) => folders.map((y) => [x, y] as const)))
      assert.ok(a === b || !b.startsWith(`${a}/`), `${b} is inside ${a}`);
    assert.ok(shards.files.includes("top.ts") && !shards.files.includes("top.log"));
    assert.equal(
      shardFolders(root, [""], rules, () => true, 1),
      undefined,
      "one core: one listing",
    );
  });
});
