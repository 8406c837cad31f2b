// The oracle attack on Read deny rules: a model that may not read `.env` asks Grep yes/no questions
// about it one character at a time (`^KEY=a`, `^KEY=b` …) and reads the answer from anything that
// depends on the file — a "hidden" note, a count, where the output is cut off. Grep and Glob never
// search or list a hidden file, so every answer is the same whatever it contains. Both backends, with
// the real gate's rules deciding (whole folders, single files, names that are glob syntax).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { rgPath } from "@vscode/ripgrep";
import { createPermissionGate } from "../../src/permissions/gate.js";
import { ripgrepExclusions } from "../../src/tools/ripgrep-exclusions.js";
import type { Tool } from "../../src/tools/tool.js";
import { createGitConfiguredPaths } from "../../src/util/git-configured-paths.js";
import { createTracer } from "../../src/util/trace.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const DENY = ["Read(./.env)", "Read(./secrets/**)", "Read(./odd/**/we*rd[1]{x}.key)"];

/** The questions an attacker asks about the hidden files' contents. */
const QUESTIONS: Record<string, unknown>[] = [
  { pattern: "^KEY=a" },
  { pattern: "^KEY=b" },
  { pattern: "KEY", output_mode: "count" },
  { pattern: "KEY=a", output_mode: "content" },
  { pattern: "KEY|public", output_mode: "content", head_limit: 1 },
  { pattern: "KEY|public", output_mode: "content", "-C": 2, head_limit: 3 },
  { pattern: "KEY=a", glob: ".env" },
  { pattern: "KEY=a", glob: "*.key", output_mode: "count" },
  { pattern: "KEY=a", path: "secrets" },
  { pattern: "KEY=a", path: "odd", output_mode: "content" },
  { pattern: "KEY=a", path: ".env" },
  { pattern: "KEY=a", multiline: true, output_mode: "count" },
];

function secretTree(letter: string): Record<string, string> {
  const secret = `KEY=${letter}${letter}${letter}\n`.repeat(3);
  return {
    ".gitignore": "# the project's own negation must not bring a hidden file back\n!.env\n",
    ".env": secret,
    "secrets/one.txt": secret,
    "secrets/deep/two.txt": secret,
    "odd/dir/we*rd[1]{x}.key": secret,
    "odd/dir/plain.key": "public KEY=zzz\n",
    "a.txt": "public line\n",
  };
}

describe("Grep and Glob answer the same whatever a hidden file contains", () => {
  const roots: string[] = [];
  before(() => {
    for (const letter of ["a", "b"]) {
      const root = tempFolder(`grep-oracle-${letter}`);
      writeTree(root, secretTree(letter));
      roots.push(root);
    }
  });
  after(() => {
    for (const root of roots) removeFolder(root);
  });
  const rootAt = (index: number): string => {
    const root = roots[index];
    assert.ok(root, "before() made both roots");
    return root;
  };

  const answers = async (tool: Tool, root: string, questions: Record<string, unknown>[]) => {
    const gate = createPermissionGate({
      mode: "default",
      rules: { allow: [], ask: [], deny: DENY.map((rule) => ({ rule, source: "test" })) },
      cwd: root,
      homeDir: root,
      shellEnv: process.env,
      gitConfigured: createGitConfiguredPaths(process.env),
      additionalDirectories: [],
      interactive: false,
      tracer: createTracer(false, () => {}),
      prompter: { ask: async () => ({ kind: "no" }) },
    });
    const context = makeContext(root, {
      readDeniedBy: (path) => gate.readDeniedBy(path),
      readDenyBelow: (folder) => gate.readDenyBelow(folder),
    });
    const texts: string[] = [];
    for (const question of questions) {
      const result = await run(tool, question, context);
      const data = { ...(result.data as Record<string, unknown>), durationMs: 0 };
      texts.push(`${result.isError ? "error " : ""}${result.content}`);
      texts.push(JSON.stringify(data));
    }
    return texts;
  };

  for (const [name, options] of [
    ["ripgrep", {}],
    ["JS fallback", { ripgrepPath: null }],
  ] as const) {
    it(`Grep, ${name}`, async () => {
      const grep = builtinTool("Grep", options);
      const [first, second] = [
        await answers(grep, rootAt(0), QUESTIONS),
        await answers(grep, rootAt(1), QUESTIONS),
      ];
      assert.deepEqual(first, second);
      const all = first.join("\n");
      assert.doesNotMatch(all, /aaa|bbb|hidden|secrets\/|we\*rd/);
      assert.match(all, /a\.txt/);
      assert.match(all, /plain\.key/);
    });

    it(`Glob, ${name}`, async () => {
      const glob = builtinTool("Glob", options);
      const patterns = ["**/*", ".env", "secrets/**", "**/*.key", "odd/**/we*"].map((pattern) => ({
        pattern,
      }));
      const [first, second] = [
        await answers(glob, rootAt(0), patterns),
        await answers(glob, rootAt(1), patterns),
      ];
      assert.deepEqual(first, second);
      assert.doesNotMatch(first.join("\n"), /hidden|^\.env$|^secrets\/|we\*rd\[|"\.env"|"secrets/m);
    });
  }

  it("ripgrep is told to leave the hidden files out: folders hidden whole, odd names taken literally", async () => {
    const root = rootAt(0);
    const hidden = {
      file: (path: string) => /\/\.env$|\/secrets\/|we\*rd/.test(path),
      mayBeBelow: true,
    };
    const result = await ripgrepExclusions(rgPath, root, hidden, new AbortController().signal);
    assert.deepEqual(result, {
      ok: true,
      globs: ["--glob=!/.env", "--glob=!/odd/dir/we\\*rd\\[1\\]\\{x\\}.key", "--glob=!/secrets/**"].sort(),
    });
    const none = await ripgrepExclusions(
      rgPath,
      root,
      { ...hidden, mayBeBelow: false },
      new AbortController().signal,
    );
    assert.deepEqual(none, { ok: true, globs: [] });
  });
});
