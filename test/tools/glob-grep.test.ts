import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import type { Tool } from "../../src/tools/tool.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const globTool = builtinTool("Glob");

const FIXTURE: Record<string, string | Buffer> = {
  ".gitignore": "*.log\nbuild/\n",
  "a.txt": "foo\nbar\nfoo bar\nFOO\n",
  "a.txt2": "foo\n",
  "src/main.ts": "export function foo() {\n  return 1;\n}\n// TODO: foo\n",
  "src/util.tsx": "const foo = 2;\n",
  "src/.gitignore": "secret.ts\n!keep.log\n",
  "src/secret.ts": "foo secret\n",
  "src/keep.log": "foo kept\n",
  "src/deep/x.py": "def foo():\n    pass\n",
  "debug.log": "foo in log\n",
  "build/out.js": "foo built\n",
  ".hidden/h.txt": "foo hidden\n",
  ".git/config": "foo git\n",
  "bin.dat": Buffer.from("foo\0binary\n"),
  "crlf.txt": "one foo\r\ntwo\r\n",
};

describe("Glob", () => {
  let root: string;
  before(async () => {
    root = tempFolder("tools");
    await writeTree(root, FIXTURE);
    await fs.utimes(path.join(root, "src/util.tsx"), new Date(), new Date(Date.now() + 60_000));
  });
  after(() => removeFolder(root));

  it("matches respecting nested .gitignore files, skipping .git, newest first", async () => {
    const result = await run(globTool, { pattern: "**/*" }, makeContext(root));
    const names = (result.data as { filenames: string[] }).filenames;
    assert.equal(names[0], "src/util.tsx");
    assert.deepEqual([...names].sort(), [
      ".gitignore",
      ".hidden/h.txt",
      "a.txt",
      "a.txt2",
      "bin.dat",
      "crlf.txt",
      "src/.gitignore",
      "src/deep/x.py",
      "src/keep.log",
      "src/main.ts",
      "src/util.tsx",
    ]);
  });

  it("searches a sub-folder, keeps paths relative to the working directory, handles absolute patterns", async () => {
    const context = makeContext(root);
    const sub = await run(globTool, { pattern: "**/*.py", path: "src" }, context);
    assert.equal(sub.content, "src/deep/x.py");
    const absolute = await run(globTool, { pattern: path.join(root, "src", "*.ts") }, context);
    assert.equal(absolute.content, "src/main.ts");
  });

  it("caps results at 100 with a note, and no match is not an error", async () => {
    const many = tempFolder("tools");
    await writeTree(
      many,
      Object.fromEntries(Array.from({ length: 130 }, (_, index) => [`f${index}.md`, "x"])),
    );
    const result = await run(globTool, { pattern: "*.md" }, makeContext(many));
    assert.equal(result.content.split("\n").filter((line) => line.endsWith(".md")).length, 100);
    assert.match(result.content, /100 most recently modified of 130 .*30 more/);
    const none = await run(globTool, { pattern: "*.nothing" }, makeContext(many));
    assert.equal(none.isError, false);
    assert.match(none.content, /No files match/);
    const missing = await run(globTool, { pattern: "*", path: "nope" }, makeContext(many));
    assert.equal(missing.isError && missing.code, "file_not_found");
    removeFolder(many);
  });
});

type Case = { name: string; input: Record<string, unknown> };

const CASES: Case[] = [
  { name: "files_with_matches", input: { pattern: "foo" } },
  { name: "case-insensitive content", input: { pattern: "foo", output_mode: "content", "-i": true } },
  { name: "content with context", input: { pattern: "bar", output_mode: "content", "-C": 1 } },
  { name: "content without line numbers", input: { pattern: "^foo", output_mode: "content", "-n": false } },
  { name: "content after-context", input: { pattern: "export", output_mode: "content", "-A": 2 } },
  { name: "count", input: { pattern: "foo", output_mode: "count" } },
  { name: "glob filter", input: { pattern: "foo", glob: "*.ts" } },
  { name: "glob with braces", input: { pattern: "foo", glob: "*.{ts,tsx}" } },
  { name: "glob with slash and negation", input: { pattern: "foo", glob: "src/** !src/deep/**" } },
  { name: "type filter", input: { pattern: "foo", type: "py" } },
  { name: "ts type", input: { pattern: "foo", type: "ts", output_mode: "content" } },
  { name: "sub-folder", input: { pattern: "foo", path: "src", output_mode: "content" } },
  { name: "single file", input: { pattern: "foo", path: "a.txt", output_mode: "count" } },
  { name: "multiline", input: { pattern: "foo\\nbar", multiline: true, output_mode: "content" } },
  { name: "multiline count", input: { pattern: "foo.bar", multiline: true, output_mode: "count" } },
  { name: "head_limit", input: { pattern: "o", output_mode: "content", head_limit: 3 } },
  { name: "crlf line", input: { pattern: "foo$", output_mode: "content" } },
  { name: "no match", input: { pattern: "zzzz-no-such-thing" } },
  { name: "inline (?i)", input: { pattern: "(?i)foo", output_mode: "content" } },
  {
    name: "inline (?i) group over the whole pattern",
    input: { pattern: "(?i:^foo$)", output_mode: "content" },
  },
  { name: "inline (?-i) overrides -i", input: { pattern: "(?-i)FOO", "-i": true, output_mode: "content" } },
  { name: "inline (?m) and (?s)", input: { pattern: "(?ms)^foo.bar", output_mode: "count" } },
  {
    name: "inline (?s) in multiline",
    input: { pattern: "(?s)foo.bar", multiline: true, output_mode: "content" },
  },
  { name: "inline (?x)", input: { pattern: "(?x) f o o \\x20 b", output_mode: "content" } },
  { name: "named group (?P<name>)", input: { pattern: "(?P<word>fo+) b", output_mode: "content" } },
  { name: "counted repetition with spaces", input: { pattern: "fo{1, 2} ", output_mode: "content" } },
  { name: "escaped brace", input: { pattern: "foo\\(\\) \\{", output_mode: "content" } },
];

const INVALID_IN_BOTH = ["a{", "a{1", "a{1,", "a{,2}", "x{}", "a{x}", "{x", "(a|{1})", "(unclosed"];

function grepOf(tools: Tool[]): Tool {
  const tool = tools.find((candidate) => candidate.name === "Grep");
  assert.ok(tool);
  return tool;
}

describe("Grep (ripgrep and the JS fallback agree)", () => {
  let root: string;
  const ripgrep = grepOf(createBuiltinTools({}));
  const javascript = grepOf(createBuiltinTools({ ripgrepPath: null }));
  before(async () => {
    root = tempFolder("tools");
    await writeTree(root, FIXTURE);
  });
  after(() => removeFolder(root));

  for (const testCase of CASES) {
    it(testCase.name, async () => {
      const fromRipgrep = await run(ripgrep, testCase.input, makeContext(root));
      const fromJavascript = await run(javascript, testCase.input, makeContext(root));
      assert.equal(fromRipgrep.isError, false, fromRipgrep.content);
      assert.equal(fromJavascript.content, fromRipgrep.content);
      if (testCase.name !== "no match") assert.doesNotMatch(fromRipgrep.content, /^No matches/);
      assert.deepEqual(fromJavascript.data, fromRipgrep.data);
    });
  }

  for (const pattern of INVALID_IN_BOTH) {
    it(`rejects ${pattern} in both backends, naming the pattern as given`, async () => {
      for (const tool of [ripgrep, javascript]) {
        const result = await run(tool, { pattern }, makeContext(root));
        assert.equal(result.isError && result.code, "invalid_regex", `${tool.name}: ${result.content}`);
        assert.ok(result.content.includes(JSON.stringify(pattern)), result.content);
        assert.doesNotMatch(result.content, /\(\?:/, "no internal (?:…) wrapper");
      }
    });
  }

  it("the JS fallback names inline flags it cannot translate", async () => {
    for (const pattern of ["f(?i)oo", "x|(?i:foo)", "(?U)fo+"]) {
      const result = await run(javascript, { pattern }, makeContext(root));
      assert.equal(result.isError && result.code, "invalid_regex", result.content);
      assert.match(result.content, /\(\?[iU]/);
    }
  });

  it("ripgrep's parse error shows the user's pattern with the marker under it", async () => {
    const result = await run(ripgrep, { pattern: "ab{x}" }, makeContext(root));
    assert.match(result.content, /\n {4}ab\{x\}\n {7}\^\n/);
  });

  it("says 'in the working directory' instead of a bare dot", async () => {
    for (const [tool, pattern] of [
      [ripgrep, "zzz-none"],
      [javascript, "zzz-none"],
      [globTool, "*.zzz"],
    ] as const) {
      const result = await run(tool, { pattern }, makeContext(root));
      assert.equal(result.isError, false, result.content);
      assert.match(result.content, / in the working directory\.$/);
    }
  });

  it("respects .gitignore, skips .git and binary files, includes hidden files", async () => {
    for (const tool of [ripgrep, javascript]) {
      const result = await run(tool, { pattern: "foo" }, makeContext(root));
      assert.equal(
        result.content,
        "Found 8 files\n.hidden/h.txt\na.txt\na.txt2\ncrlf.txt\nsrc/deep/x.py\nsrc/keep.log\nsrc/main.ts\nsrc/util.tsx",
      );
    }
  });

  it("shows content lines like rg with context separators", async () => {
    const result = await run(
      javascript,
      { pattern: "bar", output_mode: "content", "-C": 1, path: "a.txt" },
      makeContext(root),
    );
    assert.equal(result.content, "a.txt-1-foo\na.txt:2:bar\na.txt:3:foo bar\na.txt-4-FOO");
  });

  it("reports an invalid regex and an unknown type with codes in both backends", async () => {
    for (const tool of [ripgrep, javascript]) {
      const bad = await run(tool, { pattern: "foo(" }, makeContext(root));
      assert.equal(bad.isError && bad.code, "invalid_regex");
      assert.match(bad.content, /foo\(/);
      const newline = await run(tool, { pattern: "foo\\nbar" }, makeContext(root));
      assert.equal(newline.isError && newline.code, "invalid_regex");
      assert.match(newline.content, /multiline/);
      const type = await run(tool, { pattern: "foo", type: "nosuchtype" }, makeContext(root));
      assert.equal(type.isError && type.code, "invalid_type");
      const path = await run(tool, { pattern: "foo", path: "missing" }, makeContext(root));
      assert.equal(path.isError && path.code, "file_not_found");
    }
  });
});
