// Glob narrows its crawl to the folders a pattern's leading wildcard segments name (`pkg1*/**` below
// `packages` lists only the `pkg1…` folders): what it lists must stay what a listing of the whole
// base folder leaves — .gitignore files of the parents and of the folders themselves (an ignored
// folder the segment matches is never entered), negations below, hidden folders but not `.git`,
// symbolic links neither entered nor listed, files on the way that the whole pattern matches — and
// the order stays newest first. The same with ripgrep and with the pure-JS walk.
import assert from "node:assert/strict";
import { symlinkSync, utimesSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import picomatch from "picomatch";
import { expandLeadingFolders } from "../../src/tools/glob-expand.js";
import { GitignoreRules } from "../../src/tools/glob-walk.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const TREE: Record<string, string> = {
  ".gitignore": "build/\n/packages/pkg13/\n",
  "packages/.gitignore": "pkg1-ignored/\n",
  "packages/pkg1/a.ts": "",
  "packages/pkg1/build/out.js": "",
  "packages/pkg10/b.ts": "",
  "packages/pkg11/.gitignore": "*.gen.ts\n!keep.gen.ts\n",
  "packages/pkg11/x.gen.ts": "",
  "packages/pkg11/keep.gen.ts": "",
  "packages/pkg13/anchored.ts": "",
  "packages/pkg1-ignored/i.ts": "",
  "packages/pkg2/c.ts": "",
  "packages/pkg1x.ts": "",
  "packages/.pkg1hidden/h.ts": "",
  "packages/.git/config": "",
  "x/src": "",
  "y/src/s.ts": "",
  "y/other/o.ts": "",
  "z/other.txt": "",
};

for (const [backend, options] of [
  ["ripgrep", {}],
  ["the pure-JS walk", { ripgrepPath: null }],
] as const)
  describe(`Glob with leading wildcard folders (${backend})`, () => {
    const globTool = builtinTool("Glob", options);
    let project: string;
    const names = async (pattern: string) => {
      const result = await run(globTool, { pattern }, makeContext(project));
      assert.equal(result.isError, false, result.content);
      return (result.data as { filenames: string[] }).filenames;
    };

    before(() => {
      project = tempFolder("glob-expansion");
      writeTree(project, TREE);
      symlinkSync(path.join(project, "packages", "pkg2"), path.join(project, "packages", "pkg12"));
      symlinkSync(path.join(project, "x", "src"), path.join(project, "z", "src"));
    });
    after(() => removeFolder(project));

    it("lists below the folders a wildcard segment names, with every .gitignore applied", async () => {
      assert.deepEqual((await names("packages/pkg1*/**")).sort(), [
        "packages/pkg1/a.ts",
        "packages/pkg10/b.ts",
        "packages/pkg11/.gitignore",
        "packages/pkg11/keep.gen.ts",
      ]);
      assert.deepEqual((await names("packages/{pkg1,pkg2,pkg12}/*.ts")).sort(), [
        "packages/pkg1/a.ts",
        "packages/pkg2/c.ts",
      ]);
      assert.deepEqual((await names("*/pkg1?/*.ts")).sort(), [
        "packages/pkg10/b.ts",
        "packages/pkg11/keep.gen.ts",
      ]);
    });

    it("enters hidden folders but not .git", async () => {
      assert.deepEqual(await names("packages/.*/**"), ["packages/.pkg1hidden/h.ts"]);
    });

    it("keeps files on the way that the whole pattern matches, newest first", async () => {
      const at = (file: string, seconds: number) =>
        utimesSync(path.join(project, file), new Date(seconds * 1000), new Date(seconds * 1000));
      at("x/src", 1000);
      at("y/src/s.ts", 2000);
      assert.deepEqual(await names("*/src/**"), ["y/src/s.ts", "x/src"]);
      at("x/src", 3000);
      assert.deepEqual(await names("*/src/**"), ["x/src", "y/src/s.ts"]);
    });
  });

describe("expandLeadingFolders", () => {
  let project: string;
  before(() => {
    project = tempFolder("glob-expand-unit");
    writeTree(project, TREE);
  });
  after(() => removeFolder(project));

  const expand = (root: string, pattern: string) =>
    expandLeadingFolders(root, pattern, new GitignoreRules(), picomatch(pattern, { dot: true, posix: true }));

  it("names only the folders the leading segments match and the walk may enter", () => {
    const expansion = expand(path.join(project, "packages"), "pkg1*/**");
    assert.deepEqual(expansion && [...expansion.folders].sort(), ["pkg1", "pkg10", "pkg11"]);
    assert.deepEqual(expansion?.files, []);
    assert.deepEqual(expand(project, "*/src/**"), { folders: ["y/src"], files: ["x/src"] });
  });

  it("leaves patterns it cannot split alone", () => {
    for (const pattern of ["**/*.ts", "*.ts", "{packages/pkg1,x}/*", "[p]ackages/*", "+(a|b)/*"])
      assert.equal(expand(project, pattern), undefined, pattern);
  });
});
