// Which .gitignore files count, judged against git and ripgrep on real repositories: inside a
// repository only those from its top folder down (a home folder kept in git with `*` in its
// .gitignore hides nothing in a project below it), a nested repository's files only by its own
// (not by the rules of the repository around it, which may still hide the nested folder as a whole
// from a search of the outer one), and outside any repository those of every parent folder. Glob
// and Grep, each with ripgrep and with the JavaScript fallback, must list the same files.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { rgPath } from "@vscode/ripgrep";
import { ripgrepIgnoreFlags } from "../../src/tools/ripgrep-files.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const TREE: Record<string, string> = {
  // A home folder in git that ignores everything but what it keeps.
  "home/.gitignore": "*\n!.bashrc\n",
  "home/.bashrc": "needle\n",
  "home/plain/p.ts": "needle\n",
  "home/code/proj/.gitignore": "*.log\nvendor/\n",
  "home/code/proj/a.ts": "needle\n",
  "home/code/proj/a.log": "needle\n",
  "home/code/proj/notes.md": "needle\n",
  "home/code/proj/vendor/v.ts": "needle\n",
  "home/code/proj/vendor/v.log": "needle\n",
  "home/code/proj/lib/l.ts": "needle\n",
  "home/code/proj/lib/l.log": "needle\n",
  // No repository anywhere: the parent folder's rules count.
  "loose/.gitignore": "*.md\n",
  "loose/sub/x.md": "needle\n",
  "loose/sub/y.ts": "needle\n",
};
const REPOSITORIES = ["home", "home/code/proj", "home/code/proj/vendor", "home/code/proj/lib"];

const environment = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "core.excludesFile=/dev/null", ...args], { cwd, env: environment });

/** git's untracked, not ignored files in `folder`; a nested repository shows as its folder. */
function gitListing(folder: string): string[] {
  const out = git(folder, "ls-files", "-z", "--others", "--exclude-standard");
  return out.toString().split("\0").filter(Boolean).sort();
}

function ripgrepListing(folder: string, bounded: boolean): string[] {
  try {
    const args = ["--files", "--null", ...ripgrepIgnoreFlags(bounded)];
    return execFileSync(rgPath, args, { cwd: folder }).toString().split("\0").filter(Boolean).sort();
  } catch (error) {
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

let root: string;
const at = (relative: string) => path.join(root, relative);

before(() => {
  root = tempFolder("glob-repository-bounds");
  writeTree(root, TREE);
  for (const repository of REPOSITORIES) git(at(repository), "-c", "init.defaultBranch=main", "init", "-q");
});
after(() => removeFolder(root));

/** Per search (folder, pattern): what must be listed, relative to the folder. */
const SEARCHES: Array<{ folder: string; pattern: string; listed: string[] }> = [
  {
    folder: "home/code/proj",
    pattern: "**/*",
    listed: [".gitignore", "a.ts", "lib/l.log", "lib/l.ts", "notes.md"],
  },
  // The nested repository its outer one ignores, searched as the folder: its own files by its rules.
  { folder: "home/code/proj/vendor", pattern: "**/*", listed: ["v.log", "v.ts"] },
  // Named by the pattern from the outer repository: ignored there, so nothing.
  { folder: "home/code/proj", pattern: "vendor/**", listed: [] },
  { folder: "home/code/proj", pattern: "lib/**", listed: ["lib/l.log", "lib/l.ts"] },
  { folder: "home/plain", pattern: "**/*", listed: [] },
  { folder: "home", pattern: "code/proj/**", listed: [] },
  { folder: "loose/sub", pattern: "**/*", listed: ["y.ts"] },
];

describe("the .gitignore files of repositories and of the folders around them", () => {
  it("the tree is what git and ripgrep say it is", () => {
    assert.deepEqual(gitListing(at("home/code/proj")), [".gitignore", "a.ts", "lib/", "notes.md"]);
    assert.deepEqual(gitListing(at("home/code/proj/lib")), ["l.log", "l.ts"]);
    assert.deepEqual(gitListing(at("home/code/proj/vendor")), ["v.log", "v.ts"]);
    assert.deepEqual(gitListing(at("home/plain")), []);
    // ripgrep inside a repository, with the flags Glob and Grep give it there.
    assert.deepEqual(ripgrepListing(at("home/code/proj"), true), SEARCHES[0]?.listed);
    assert.deepEqual(ripgrepListing(at("home/code/proj/vendor"), true), ["v.log", "v.ts"]);
    assert.deepEqual(ripgrepListing(at("loose/sub"), false), ["y.ts"]);
    // With the flags for outside a repository, the home folder's `*` would hide the whole project.
    assert.deepEqual(ripgrepListing(at("home/code/proj"), false), []);
  });

  for (const [backend, options] of [
    ["ripgrep", {}],
    ["the JavaScript fallback", { ripgrepPath: null }],
  ] as const) {
    it(`Glob (${backend}) lists what the repositories' own rules leave`, async () => {
      const glob = builtinTool("Glob", options);
      for (const { folder, pattern, listed } of SEARCHES) {
        const result = await run(glob, { pattern }, makeContext(at(folder)));
        const filenames = (result.data as { filenames?: string[] } | undefined)?.filenames ?? [];
        assert.deepEqual(filenames.slice().sort(), listed, `${folder}: ${pattern}`);
      }
    });

    it(`Grep (${backend}) searches the same files`, async () => {
      const grep = builtinTool("Grep", options);
      for (const { folder, pattern, listed } of SEARCHES) {
        if (pattern !== "**/*") continue;
        const input = { pattern: "needle", output_mode: "files_with_matches" };
        const result = await run(grep, input, makeContext(at(folder)));
        const filenames = (result.data as { filenames?: string[] } | undefined)?.filenames ?? [];
        const searched = listed.filter((file) => path.basename(file) !== ".gitignore");
        assert.deepEqual(filenames.slice().sort(), searched, folder);
      }
    });
  }
});
