// .gitignore files that disagree across levels, judged against the real programs: a folder an outer
// file's rule matches but a deeper file re-includes is entered, and its contents are judged by their
// own rules only, not by the outer rule that matched the folder (ripgrep and git both list them).
// Glob, with ripgrep and with the pure-JS walk, must list exactly what `rg --files` and
// `git ls-files --others --exclude-standard` list on the same tree, for patterns that make the
// listing split the tree (glob-shards.ts), expand leading folders (glob-expand.ts) or start below
// an ignored folder.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { rgPath } from "@vscode/ripgrep";
import picomatch from "picomatch";
import { ripgrepIgnoreFlags } from "../../src/tools/ripgrep-files.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const TREE: Record<string, string> = {
  ".gitignore": "*.ts\ngen/\n/top/deep/*.md\n",
  "r.md": "",
  "a.ts": "",
  // `*.ts` matches the folder sub.ts; d/.gitignore ignores every folder, then re-includes it.
  "d/.gitignore": "*/\n!*.ts\n",
  "d/keep.ts": "",
  "d/sub.ts/r.md": "",
  "d/sub.ts/inner/x.md": "",
  "d/sub.ts/.gitignore": "!inner/\n",
  "d/other/o.md": "",
  // The root's `gen/` re-included one level down, and a file inside it still judged by `*.ts`.
  "keep/.gitignore": "!gen/\n",
  "keep/gen/g.md": "",
  "keep/gen/g.ts": "",
  "drop/gen/g.md": "",
  "drop/gen/deeper/h.md": "",
  // An anchored outer rule reaching two levels down, re-included by the nearest file.
  "top/deep/.gitignore": "!b.md\n",
  "top/deep/a.md": "",
  "top/deep/b.md": "",
};

// The last two name a folder below an ignored one as the pattern's base: nothing is listed.
const PATTERNS = [
  "**/*",
  "*/**",
  "**/*.md",
  "d/**",
  "d/*/**",
  "keep/**/*",
  "top/**/*.md",
  "drop/gen/deeper/*",
  "drop/*/deeper/*",
];

/** Git's own view of the tree: the untracked files it does not ignore. */
function gitListing(root: string): string[] {
  const environment = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
  execFileSync("git", ["-c", "init.defaultBranch=main", "init", "-q"], { cwd: root, env: environment });
  // No excludes file of the machine's (git reads ~/.config/git/ignore even without a global config).
  const args = ["-c", "core.excludesFile=/dev/null", "ls-files", "-z", "--others", "--exclude-standard"];
  const out = execFileSync("git", args, {
    cwd: root,
    env: environment,
  });
  return out.toString().split("\0").filter(Boolean).sort();
}

let root: string;
let ripgrepListing: string[];
let gitListed: string[];

before(() => {
  root = tempFolder("glob-nested-rules");
  writeTree(root, TREE);
  gitListed = gitListing(root);
  // The tree is a repository now: ripgrep with the flags Glob and Grep give it there.
  const out = execFileSync(rgPath, ["--files", "--null", ...ripgrepIgnoreFlags(true)], { cwd: root });
  ripgrepListing = out.toString().split("\0").filter(Boolean).sort();
});
after(() => removeFolder(root));

describe("nested .gitignore files that disagree", () => {
  it("the tree exercises re-inclusion: ripgrep and git agree and list the re-included folders", () => {
    assert.deepEqual(gitListed, ripgrepListing);
    for (const file of ["d/sub.ts/r.md", "d/sub.ts/inner/x.md", "keep/gen/g.md", "top/deep/b.md"])
      assert.ok(ripgrepListing.includes(file), file);
    for (const file of ["d/other/o.md", "keep/gen/g.ts", "drop/gen/deeper/h.md", "top/deep/a.md", "a.ts"])
      assert.ok(!ripgrepListing.includes(file), file);
  });

  for (const [backend, options] of [
    ["ripgrep", {}],
    ["the pure-JS walk", { ripgrepPath: null }],
  ] as const)
    it(`Glob (${backend}) lists what ripgrep lists, for each pattern`, async () => {
      const glob = builtinTool("Glob", options);
      for (const pattern of PATTERNS) {
        const result = await run(glob, { pattern }, makeContext(root));
        const listed = (result.data as { filenames?: string[] } | undefined)?.filenames ?? [];
        const matches = picomatch(pattern, { dot: true, posix: true });
        assert.deepEqual(
          listed.slice().sort(),
          ripgrepListing.filter((file) => matches(file)),
          pattern,
        );
      }
    });
});
