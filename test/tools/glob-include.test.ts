// The reading Glob's fast listings rest on: which `.gitignore` rules could exclude a name a pattern's
// file-name glob takes (glob-include.ts; where none could, ripgrep's include-glob listing is trusted),
// and which rules stop Glob from handing several folders to one ripgrep (glob-shards.ts). The second
// is checked against the real ripgrep too: on a tree with such a rule, ripgrep given several folders
// lists what git does not, and Glob, which then lists the whole root, lists what git does.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { rgPath } from "@vscode/ripgrep";
import picomatch from "picomatch";
import { excludingSegments, includeEndings, namesMatching } from "../../src/tools/glob-include.js";
import { severalPathsHold } from "../../src/tools/glob-shards.js";
import { GitignoreRules } from "../../src/tools/glob-walk.js";
import { ripgrepIgnoreFlags } from "../../src/tools/ripgrep-files.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

describe("includeEndings", () => {
  it("reads what each alternative's names end with, and adds .gitignore's own", () => {
    assert.deepEqual(includeEndings("*.ts"), [
      { text: ".ts", whole: false },
      { text: ".gitignore", whole: true },
    ]);
    assert.deepEqual(includeEndings("{c,e}.ts")?.slice(0, 2), [
      { text: "c.ts", whole: true },
      { text: "e.ts", whole: true },
    ]);
    assert.deepEqual(includeEndings("*.{ts,tsx}")?.slice(0, 2), [
      { text: ".ts", whole: false },
      { text: ".tsx", whole: false },
    ]);
    assert.deepEqual(includeEndings("f?le.md")?.[0], { text: "le.md", whole: false });
  });

  it("gives up on a glob that could take .gitignore or .git itself", () => {
    for (const glob of ["*", "*ignore", ".git*", "{a,.gitignore}", "*.git", "?git"])
      assert.equal(includeEndings(glob), undefined, glob);
  });
});

describe("excludingSegments: whether a rule could exclude a name the glob takes", () => {
  const ts = includeEndings("*.ts") ?? [];
  const named = includeEndings("{c,e}.ts") ?? [];
  const cases: Array<[string, readonly { text: string; whole: boolean }[], boolean]> = [
    ["*.log\nnode_modules/\n/build/\n", ts, false],
    ["# *.ts\n\n", ts, false],
    ["!*.ts\n", ts, false],
    ["*.ts\n", ts, true],
    ["src/*.ts\n", ts, true],
    ["gen.ts/\n", ts, true],
    ["*s\n", ts, true],
    ["*.t?\n", ts, true],
    ["[ab].ts\n", ts, true],
    ["x\\ y\n", ts, true],
    // An escape anywhere is not read: the rule could match any name.
    ["a\\/b.js\n", ts, true],
    ["!x\\ y.ts\n", ts, false],
    ["*\n", ts, true],
    ["a/**\n", ts, true],
    ["**\n", ts, true],
    ["d.ts\n", named, false],
    ["c.ts\n", named, true],
    ["*c.ts\n", named, true],
    ["*.md\n", named, false],
    [".gitignore\n", ts, true],
    ["*ignore\n", ts, true],
  ];
  for (const [text, endings, expected] of cases)
    it(`${JSON.stringify(text)} with ${endings.map((ending) => ending.text).join(",")}: ${expected}`, () => {
      assert.equal(excludingSegments(text, endings).length > 0, expected);
    });
});

describe("namesMatching", () => {
  it("reads `*` and `?` as .gitignore does and every other character as itself", () => {
    const test = namesMatching(["*.gen.ts", "a+b?.md", "(x).ts", "*.gen.ts"]);
    for (const name of ["s.gen.ts", ".gen.ts", ".hidden.gen.ts", "a+bc.md", "(x).ts"])
      assert.ok(test(name), name);
    for (const name of ["s.gen.tsx", "gen.ts", "a+b.md", "aab1.md", "x.ts", "x/s.gen.ts"])
      assert.ok(!test(name), name);
  });

  it("passes every name for a segment it does not read, and none for no segments", () => {
    for (const segment of ["[ab].ts", "x\\ y", "**", ""])
      assert.ok(namesMatching([segment])("anything"), segment);
    assert.ok(!namesMatching([])("anything"));
  });
});

describe("severalPathsHold", () => {
  const cases: Array<[string, boolean]> = [
    ["x\n*.ts\nbuild/\n/dist\n/out/\n**/gen\n!keep\n# a/b\n", true],
    ["a/y\n", false],
    ["/a/y\n", false],
    ["[!a]*/**\n", false],
    ["!a/b\n", false],
    ["**/a/b\n", false],
    ["a/**/\n", false],
    ["x\\/y\n", false],
    ["x\\ y\n", false],
  ];
  for (const [text, expected] of cases)
    it(`root rules ${JSON.stringify(text)}: ${expected}`, () => {
      const root = tempFolder("several-paths");
      try {
        writeTree(root, { ".gitignore": text, "a/x": "", "b/x": "", "c/.gitignore": "a/b\n" });
        const rules = new GitignoreRules(false);
        assert.equal(severalPathsHold(root, [["a", "b"]], rules), expected);
        // One folder per listing, or the rules of a folder given (ripgrep's own), are always fine.
        assert.equal(severalPathsHold(root, [["a"], ["b"], undefined], rules), true);
        assert.equal(severalPathsHold(root, [["c", "a"]], new GitignoreRules(false)), expected);
      } finally {
        removeFolder(root);
      }
    });

  it("Glob lists what git lists where ripgrep given several folders does not", async () => {
    const root = tempFolder("several-paths-glob");
    try {
      const tree: Record<string, string> = { ".gitignore": "[!a]*/**\n" };
      for (const folder of ["a", ...Array.from({ length: 20 }, (_, index) => `pad${index}`)])
        tree[`${folder}/f.ts`] = tree[`${folder}/sub/g.ts`] = "";
      writeTree(root, tree);
      execFileSync("git", ["init", "-q"], { cwd: root });
      const git = execFileSync("git", ["ls-files", "--others", "--exclude-standard"], { cwd: root });
      const expected = git
        .toString()
        .split("\n")
        .filter((file) => file.endsWith(".ts"))
        .sort();
      assert.deepEqual(expected, ["a/f.ts", "a/sub/g.ts"]);
      const args = ["--files", "--sortr=modified", ...ripgrepIgnoreFlags(true), "--", "pad0", "a"];
      // ripgrep ends with 1 when it lists nothing, as it does here.
      const several = spawnSync(rgPath, args, { cwd: root }).stdout.toString().split("\n").filter(Boolean);
      assert.notDeepEqual(several.sort(), expected, "ripgrep lists these right: the test shows nothing");
      const patterns = { "**/*.ts": expected, "*/**/*.ts": expected, "{pad3,a}/**": expected };
      for (const [pattern, wanted] of Object.entries({ ...patterns, "**/*": [".gitignore", ...expected] })) {
        const result = await run(builtinTool("Glob"), { pattern }, makeContext(root));
        const names = (result.data as { filenames?: string[] }).filenames ?? [];
        assert.deepEqual(names.slice().sort(), wanted, pattern);
      }
    } finally {
      removeFolder(root);
    }
  });
});

/** A tree wide enough that Glob hands its folders to ripgrep: `a` and 20 more beside it. */
function wideTree(extra: Record<string, string>): Record<string, string> {
  const tree: Record<string, string> = { ...extra };
  for (let index = 0; index < 20; index++) tree[`pad${index}/f.ts`] = tree[`pad${index}/sub/g.ts`] = "";
  return tree;
}

async function globAgainstGit(tree: Record<string, string>, patterns: string[]): Promise<void> {
  const root = tempFolder("include-glob");
  try {
    writeTree(root, tree);
    execFileSync("git", ["init", "-q"], { cwd: root });
    const git = execFileSync(
      "git",
      ["-c", "core.excludesFile=/dev/null", "ls-files", "--others", "--exclude-standard"],
      { cwd: root },
    );
    const listed = git.toString().split("\n").filter(Boolean);
    for (const pattern of patterns) {
      const matches = picomatch(pattern, { dot: true });
      const result = await run(builtinTool("Glob"), { pattern }, makeContext(root));
      const names = (result.data as { filenames?: string[] }).filenames ?? [];
      assert.deepEqual(names.slice().sort(), listed.filter((file) => matches(file)).sort(), pattern);
    }
  } finally {
    removeFolder(root);
  }
}

describe("Glob's include-glob listing", () => {
  it("leaves out what a folder named like the glob holds, where a rule excludes that folder", () =>
    globAgainstGit(
      wideTree({ "a/.gitignore": "x.ts/\n", "a/x.ts/f.ts": "", "a/x.ts/deep/g.ts": "", "a/k.ts": "" }),
      ["**/*.ts", "**/{f,k}.ts"],
    ));

  it("leaves out files a nested rule excludes and keeps those a later rule takes back", () =>
    globAgainstGit(
      wideTree({
        "a/.gitignore": "*.gen.ts\n!keep.gen.ts\nc.ts\n",
        "a/s.gen.ts": "",
        "a/keep.gen.ts": "",
        "a/b/c.ts": "",
        "a/b/abc.ts": "",
        "a/b/.gitignore": "!c.ts\n",
        "a/d/c.ts": "",
      }),
      ["**/*.ts", "**/c.ts", "**/*.gen.ts"],
    ));
});
