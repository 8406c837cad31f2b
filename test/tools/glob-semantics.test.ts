// What Glob lists and in which order, pinned on a real tree: .gitignore files of the folder, its
// sub-folders and the folders above it up to the repository's top (a nested repository's top stops
// them too) (anchored rules, folder rules, `**`, negations, a nested file
// re-including what an outer one ignores), hidden files, .git, symbolic links, the pattern's own
// base (also an ignored folder named directly), newest first with ties by path, and Read deny rules
// (a denied file is never listed nor counted) — the same with ripgrep and with the pure-JS walk.
import assert from "node:assert/strict";
import { symlinkSync, utimesSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { ToolContext } from "../../src/tools/tool.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const TREE: Record<string, string> = {
  ".gitignore": "*.secret\n",
  "project/.gitignore": "*.log\nbuild/\n/top-only.txt\n**/gen/**\nnode_modules/\n!important.log\n",
  "project/main.ts": "",
  "project/top-only.txt": "",
  "project/a.log": "",
  "project/important.log": "",
  "project/x.secret": "",
  "project/build/out.js": "",
  "project/node_modules/pkg/index.js": "",
  "project/local/l.ts": "",
  "project/.env": "",
  "project/.hidden/h.ts": "",
  // The repository is the outer folder: its .gitignore counts in project. `sub-repo` is a nested
  // repository: project's rules (`*.log`) stop at its top folder, its `.git` is not listed.
  ".git/config": "",
  "project/sub-repo/.git/config": "",
  "project/sub-repo/s.log": "",
  "project/vendor/.git": "gitdir: elsewhere\n",
  "project/vendor/v.ts": "",
  "project/src/top-only.txt": "",
  "project/src/main.ts": "",
  "project/src/util.tsx": "",
  "project/src/.dotfile": "",
  "project/src/build/x.js": "",
  "project/src/gen/g.ts": "",
  "project/src/.gitignore": "*.tmp\n!keep.tmp\nlocal/\n",
  "project/src/a.tmp": "",
  "project/src/keep.tmp": "",
  "project/src/local/l.ts": "",
  "project/src/deep/.gitignore": "!*.log\n",
  "project/src/deep/d.log": "",
  "project/src/deep/e.ts": "",
  "project/denied/secret.ts": "",
  "project/denied/open.md": "",
  "project/src/with space ü.ts": "",
  "project/a,b.txt": "",
};

/** Everything Glob lists in `project` for `**\/*` (sorted by name here; Glob sorts by time). */
const VISIBLE = [
  ".env",
  ".gitignore",
  ".hidden/h.ts",
  "a,b.txt",
  "denied/open.md",
  "denied/secret.ts",
  "important.log",
  "local/l.ts",
  "main.ts",
  "src/.dotfile",
  "src/.gitignore",
  "src/deep/.gitignore",
  "src/deep/d.log",
  "src/deep/e.ts",
  "src/keep.tmp",
  "src/main.ts",
  "src/top-only.txt",
  "src/util.tsx",
  "src/with space ü.ts",
  "sub-repo/s.log",
  "vendor/v.ts",
];

for (const [backend, options] of [
  ["ripgrep", {}],
  ["the pure-JS walk", { ripgrepPath: null }],
] as const)
  describe(`Glob semantics (${backend})`, () => {
    const globTool = builtinTool("Glob", options);
    let outer: string;
    let project: string;
    const context = (overrides: Partial<ToolContext> = {}) => makeContext(project, overrides);
    const names = async (input: Record<string, unknown>, overrides: Partial<ToolContext> = {}) => {
      const result = await run(globTool, input, context(overrides));
      assert.equal(result.isError, false, result.content);
      return (result.data as { filenames: string[] }).filenames;
    };

    before(() => {
      outer = tempFolder("glob-semantics");
      writeTree(outer, TREE);
      project = path.join(outer, "project");
      symlinkSync(path.join(project, "src", "main.ts"), path.join(project, "link.ts"));
      symlinkSync(path.join(project, "src"), path.join(project, "linked-folder"));
    });
    after(() => removeFolder(outer));

    it("lists what the .gitignore files here, below and above leave, hidden files included, .git and links not", async () => {
      assert.deepEqual((await names({ pattern: "**/*" })).sort(), VISIBLE);
    });

    it("applies the rules of the folders above a searched sub-folder", async () => {
      assert.deepEqual((await names({ pattern: "**/*", path: "src" })).sort(), [
        "src/.dotfile",
        "src/.gitignore",
        "src/deep/.gitignore",
        "src/deep/d.log",
        "src/deep/e.ts",
        "src/keep.tmp",
        "src/main.ts",
        "src/top-only.txt",
        "src/util.tsx",
        "src/with space ü.ts",
      ]);
      assert.deepEqual(await names({ pattern: "*.log", path: "src/deep" }), ["src/deep/d.log"]);
    });

    it("an ignored folder named by the pattern or as path lists nothing", async () => {
      for (const input of [
        { pattern: "build/*" },
        { pattern: "*", path: "build" },
        { pattern: "**/*", path: "node_modules" },
        { pattern: "src/gen/*.ts" },
      ]) {
        const result = await run(globTool, input, context());
        assert.match(result.content, /^No files match/, JSON.stringify(input));
      }
    });

    it("matches patterns as globs below their base: top level only, braces, dot files, literal names", async () => {
      assert.deepEqual((await names({ pattern: "*.ts" })).sort(), ["main.ts"]);
      assert.deepEqual((await names({ pattern: "*" })).sort(), [
        ".env",
        ".gitignore",
        "a,b.txt",
        "important.log",
        "main.ts",
      ]);
      assert.deepEqual((await names({ pattern: "src/**/*.{ts,tsx}" })).sort(), [
        "src/deep/e.ts",
        "src/main.ts",
        "src/util.tsx",
        "src/with space ü.ts",
      ]);
      assert.deepEqual((await names({ pattern: "**/[lm]*.ts" })).sort(), [
        "local/l.ts",
        "main.ts",
        "src/main.ts",
      ]);
      assert.deepEqual((await names({ pattern: "**/*.TS" })).sort(), [], "case matters");
      assert.deepEqual(await names({ pattern: "src/keep.tmp" }), ["src/keep.tmp"]);
      assert.deepEqual(await names({ pattern: "src/a.tmp" }), [], "an ignored file named literally");
      assert.deepEqual((await names({ pattern: "**/+(e|d).*" })).sort(), ["src/deep/d.log", "src/deep/e.ts"]);
      assert.deepEqual((await names({ pattern: "../project/src/*.tsx" })).sort(), ["src/util.tsx"]);
      assert.deepEqual(await names({ pattern: "a,b.txt" }), ["a,b.txt"]);
      assert.deepEqual(await names({ pattern: "**/*ü.ts" }), ["src/with space ü.ts"]);
      assert.deepEqual(
        await names({ pattern: "!*.ts" }),
        ["main.ts"],
        "a leading ! is dropped with the base",
      );
    });

    it("newest first; equal times by path", async () => {
      const at = (file: string, seconds: number) =>
        utimesSync(path.join(project, file), new Date(seconds * 1000), new Date(seconds * 1000));
      at("src/main.ts", 3000);
      at("main.ts", 1000);
      at("local/l.ts", 2000);
      at("src/deep/e.ts", 2000);
      at("vendor/v.ts", 500);
      at(".hidden/h.ts", 2000);
      at("denied/secret.ts", 100);
      at("src/with space ü.ts", 100);
      assert.deepEqual(await names({ pattern: "**/*.ts" }), [
        "src/main.ts",
        ".hidden/h.ts",
        "local/l.ts",
        "src/deep/e.ts",
        "main.ts",
        "vendor/v.ts",
        "denied/secret.ts",
        "src/with space ü.ts",
      ]);
    });

    it("a file a Read deny rule hides is neither listed nor counted", async () => {
      const denied = (file: string) =>
        file.endsWith(`${path.sep}secret.ts`) ? "Read(denied/secret.ts)" : undefined;
      const result = await run(globTool, { pattern: "denied/*" }, context({ readDeniedBy: denied }));
      assert.equal(result.content, "denied/open.md");
      assert.deepEqual(result.data, {
        filenames: ["denied/open.md"],
        numFiles: 1,
        truncated: false,
        durationMs: (result.data as { durationMs: number }).durationMs,
      });
      const only = await run(globTool, { pattern: "denied/secret.ts" }, context({ readDeniedBy: denied }));
      assert.equal(only.content, "No files match denied/secret.ts in the working directory.");
    });

    it("the 100 shown are the newest, ties at the cut decided by path", async () => {
      const many = tempFolder("glob-ties");
      const name = (index: number) => `f${String(index).padStart(3, "0")}.md`;
      writeTree(many, Object.fromEntries(Array.from({ length: 150 }, (_, index) => [name(index), ""])));
      const at = (index: number, seconds: number) =>
        utimesSync(path.join(many, name(index)), new Date(seconds * 1000), new Date(seconds * 1000));
      for (let index = 0; index < 150; index++) at(index, 5000);
      at(149, 6000);
      at(0, 4000);
      const result = await run(globTool, { pattern: "*.md" }, makeContext(many));
      const data = result.data as { filenames: string[]; numFiles: number; truncated: boolean };
      assert.deepEqual(data.filenames, [
        name(149),
        ...Array.from({ length: 99 }, (_, index) => name(index + 1)),
      ]);
      assert.deepEqual([data.numFiles, data.truncated], [150, true]);
      removeFolder(many);
    });

    it("the cap counts only what may be shown", async () => {
      const many = tempFolder("glob-cap");
      writeTree(many, Object.fromEntries(Array.from({ length: 103 }, (_, index) => [`f${index}.md`, ""])));
      const hidden = (file: string) => (/f10[0-2]\.md$/.test(file) ? "Read(f10*)" : undefined);
      const result = await run(globTool, { pattern: "*.md" }, makeContext(many, { readDeniedBy: hidden }));
      assert.equal((result.data as { numFiles: number }).numFiles, 100);
      assert.equal((result.data as { truncated: boolean }).truncated, false);
      assert.doesNotMatch(result.content, /hidden|f10[0-2]/);
      removeFolder(many);
    });
  });
