// Grep's output in each mode, exactly, with the ripgrep backend and the JS fallback: paths relative to
// the working directory in path order, hidden files searched and ignored ones not, line numbers and
// context separators, counts with their total, the head_limit note, and files a Read deny rule hides
// (never searched: not named, not counted, not in the totals, no note).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import type { Tool } from "../../src/tools/tool.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { makeContext, run } from "./context.js";

const TREE = {
  ".gitignore": "*.log\n",
  "a.txt": "alpha foo\nbeta\nfoo gamma\ndelta\nepsilon foo\n",
  "b/c.ts": "const foo = 1;\n// foo again\nexport {};\n",
  "b/d.md": "no match here\n",
  "skip.log": "foo in log\n",
  ".hidden/h.txt": "foo hidden\n",
  "secret/key.txt": "foo secret\n",
};

const CAPPED = "Narrow the search with path, glob or type, or raise head_limit.]";

/** [input, output, output when secret/ is denied] */
const CASES: Array<[Record<string, unknown>, string, string]> = [
  [
    { pattern: "foo" },
    "Found 4 files\n.hidden/h.txt\na.txt\nb/c.ts\nsecret/key.txt",
    `Found 3 files\n.hidden/h.txt\na.txt\nb/c.ts`,
  ],
  [
    { pattern: "foo", output_mode: "content" },
    ".hidden/h.txt:1:foo hidden\na.txt:1:alpha foo\na.txt:3:foo gamma\na.txt:5:epsilon foo\nb/c.ts:1:const foo = 1;\nb/c.ts:2:// foo again\nsecret/key.txt:1:foo secret",
    `.hidden/h.txt:1:foo hidden\na.txt:1:alpha foo\na.txt:3:foo gamma\na.txt:5:epsilon foo\nb/c.ts:1:const foo = 1;\nb/c.ts:2:// foo again`,
  ],
  [
    { pattern: "foo", output_mode: "content", "-n": false, path: "b" },
    "b/c.ts:const foo = 1;\nb/c.ts:// foo again",
    "b/c.ts:const foo = 1;\nb/c.ts:// foo again",
  ],
  [
    { pattern: "foo", output_mode: "content", "-C": 1, path: "a.txt" },
    "a.txt:1:alpha foo\na.txt-2-beta\na.txt:3:foo gamma\na.txt-4-delta\na.txt:5:epsilon foo",
    "a.txt:1:alpha foo\na.txt-2-beta\na.txt:3:foo gamma\na.txt-4-delta\na.txt:5:epsilon foo",
  ],
  [
    { pattern: "foo", output_mode: "count" },
    ".hidden/h.txt:1\na.txt:3\nb/c.ts:2\nsecret/key.txt:1\n\nFound 7 matching lines in 4 files.",
    `.hidden/h.txt:1\na.txt:3\nb/c.ts:2\n\nFound 6 matching lines in 3 files.`,
  ],
  [
    { pattern: "foo", output_mode: "content", head_limit: 2 },
    `.hidden/h.txt:1:foo hidden\na.txt:1:alpha foo\n\n[Output capped at 2 lines (more lines omitted). ${CAPPED}`,
    `.hidden/h.txt:1:foo hidden\na.txt:1:alpha foo\n\n[Output capped at 2 lines (more lines omitted). ${CAPPED}`,
  ],
  [
    { pattern: "foo", head_limit: 1 },
    `Found 4 files\n.hidden/h.txt\n\n[Output capped at 1 entries (3 more entries omitted). ${CAPPED}`,
    `Found 3 files\n.hidden/h.txt\n\n[Output capped at 1 entries (2 more entries omitted). ${CAPPED}`,
  ],
  [
    { pattern: "foo", output_mode: "count", head_limit: 1 },
    `.hidden/h.txt:1\n\nFound 7 matching lines in 4 files.\n\n[Output capped at 1 entries (3 more entries omitted). ${CAPPED}`,
    `.hidden/h.txt:1\n\nFound 6 matching lines in 3 files.\n\n[Output capped at 1 entries (2 more entries omitted). ${CAPPED}`,
  ],
];

function grepOf(tools: Tool[]): Tool {
  const tool = tools.find((candidate) => candidate.name === "Grep");
  assert.ok(tool);
  return tool;
}

describe("Grep output modes", () => {
  let root: string;
  const backends = [
    ["ripgrep", grepOf(createBuiltinTools({}))],
    ["JS fallback", grepOf(createBuiltinTools({ ripgrepPath: null }))],
  ] as const;
  const denied = (file: string) => (file.includes("/secret/") ? "Read(secret/**)" : undefined);
  before(() => {
    root = tempFolder("grep-output");
    writeTree(root, TREE);
  });
  after(() => removeFolder(root));

  for (const [input, expected, whenDenied] of CASES)
    it(JSON.stringify(input), async () => {
      for (const [name, grep] of backends) {
        const plain = await run(grep, input, makeContext(root));
        assert.equal(plain.content, expected, name);
        const hidden = await run(grep, input, makeContext(root, { readDeniedBy: denied }));
        assert.equal(hidden.content, whenDenied, `${name}, with secret/ denied`);
        assert.ok(!JSON.stringify(hidden.data).includes("secret/"), `${name}: no denied name in the data`);
      }
    });
});
