// Glob and Grep against git and ripgrep on generated trees: seeded random folders, files with odd names
// (a space, a leading `#` or `!`, brackets, dot files) and .gitignore files at every level with
// random rules (wildcards, `**`, character classes, anchors, folder-only rules, negations, escapes,
// comments, trailing spaces). For each tree, `git ls-files --others --exclude-standard` and
// `rg --files` with Glob's flags must agree (else the tree says nothing about us and the test says
// which), and Glob with ripgrep, Glob with the pure-JS walk and both Grep backends must list exactly
// that set, narrowed by the pattern as picomatch reads it. Deterministic: the same seeds every run.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, it } from "node:test";
import { rgPath } from "@vscode/ripgrep";
import picomatch from "picomatch";
import { ripgrepIgnoreFlags } from "../../src/tools/ripgrep-files.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const TREES = 60;
const PADDED_TREES = 40;
const FILE_NAMES = ["a", "b", "c.ts", "d.md", "e.ts", ".h", "x y", "#n", "!m", "f.ts.md", "g", "ts", "[k]"];
const FOLDER_NAMES = ["a", "b", "src", "gen", "x.ts", ".hid", "deep", "n m"];
const RULE_SEGMENTS = [
  ...["a", "b", "*", "*.ts", "*.md", "?", "[ab]", "src", "gen", "x.ts", ".h*", "d*", "e.ts", "deep"],
  ...["\\!m", "\\#n", "x\\ y", "x y", "g", "ts", "[!a]*", "*.t?", "\\[k]"],
];

/** A small linear congruential generator: the same trees on every machine. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

type Random = ReturnType<typeof generator>;

/** Rules without wildcards but whole names and `*.md`/`*.log`: some .gitignore files can exclude no
 *  `*.ts` file, so that Glob's include-glob listing (glob-include.ts) trusts ripgrep for them. */
const PLAIN_SEGMENTS = [
  "a",
  "b",
  "src",
  "gen",
  "x.ts",
  "deep",
  "*.md",
  "e.ts",
  "g",
  "ts",
  "c.ts",
  "*.log",
  "n m",
];

/** Folders at the root beside the random ones: with 16 or more, Glob hands every folder below the
 *  root to ripgrep instead of walking the small tree itself (glob-shards.ts). */
const PADDING = Array.from({ length: 16 }, (_, index) => `pad${index}`);

type Shape = { segments: readonly string[]; padded: boolean };

function randomRule({ next, pick }: Random, pool: readonly string[]): string {
  const segments = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
    next() < 0.15 && pool === RULE_SEGMENTS ? "**" : pick(pool),
  );
  let rule = segments.join("/");
  if (next() < 0.2) rule = `/${rule}`;
  if (next() < 0.3) rule = `${rule}/`;
  if (next() < 0.35) rule = `!${rule}`;
  if (next() < 0.05) rule = `${rule}  `;
  if (next() < 0.04) rule = `# ${rule}`;
  return rule;
}

/** Relative path → contents: files hold "needle", .gitignore files hold rules. */
function randomTree(random: Random, shape: Shape): Record<string, string> {
  const { next, pick } = random;
  const paths: string[] = shape.padded
    ? PADDING.flatMap((folder) => [`${folder}/f.ts`, `${folder}/f.md`])
    : [];
  const visit = (folder: string, depth: number) => {
    for (let count = Math.floor(next() * 5); count > 0; count--)
      paths.push(path.posix.join(folder, pick(FILE_NAMES)));
    // The root has a .gitignore and at least two folders; deeper folders may have neither.
    const folders = depth === 0 ? 2 + Math.floor(next() * 3) : depth < 3 ? Math.floor(next() * 4) : 0;
    for (let count = folders; count > 0; count--)
      visit(path.posix.join(folder, pick(FOLDER_NAMES)), depth + 1);
    if (depth === 0 || next() < 0.65) paths.push(path.posix.join(folder, ".gitignore"));
  };
  visit("", 0);
  const folders = new Set<string>();
  for (const file of paths)
    for (let folder = path.posix.dirname(file); folder !== "."; folder = path.posix.dirname(folder))
      folders.add(folder);
  const tree: Record<string, string> = {};
  for (const file of paths) {
    if (folders.has(file)) continue; // a name used for a folder elsewhere stays a folder
    tree[file] =
      path.posix.basename(file) === ".gitignore"
        ? `${Array.from({ length: 1 + Math.floor(next() * 6) }, () => randomRule(random, shape.segments)).join("\n")}\n`
        : "needle\n";
  }
  return tree;
}

function listing(output: Buffer): string[] {
  return output.toString().split("\0").filter(Boolean).sort();
}

function gitListing(root: string): string[] {
  const environment = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
  execFileSync("git", ["-c", "init.defaultBranch=main", "init", "-q"], { cwd: root, env: environment });
  // No excludes file of the machine's (git reads ~/.config/git/ignore even without a global config).
  const args = ["-c", "core.excludesFile=/dev/null", "ls-files", "-z", "--others", "--exclude-standard"];
  return listing(execFileSync("git", args, { cwd: root, env: environment }));
}

/** ripgrep's listing with the flags Glob and Grep give it in a repository (the tree is one). */
function ripgrepListing(root: string): string[] {
  try {
    return listing(execFileSync(rgPath, ["--files", "--null", ...ripgrepIgnoreFlags(true)], { cwd: root }));
  } catch (error) {
    if ((error as { status?: number }).status === 1) return []; // nothing listed
    throw error;
  }
}

const globs = [
  ["Glob (ripgrep)", builtinTool("Glob")],
  ["Glob (pure-JS walk)", builtinTool("Glob", { ripgrepPath: null })],
] as const;
const greps = [
  ["Grep (ripgrep)", builtinTool("Grep")],
  ["Grep (JavaScript)", builtinTool("Grep", { ripgrepPath: null })],
] as const;

const filenames = (data: unknown): string[] =>
  ((data as { filenames?: string[] } | undefined)?.filenames ?? []).slice().sort();

/** Lists one tree with git, ripgrep, both Globs (several patterns) and both Greps; false when
 *  nothing in it is ignored. */
async function judgeTree(seed: number, tree: Record<string, string>): Promise<boolean> {
  const root = tempFolder("glob-differential");
  try {
    writeTree(root, tree);
    const expected = gitListing(root);
    const listedByRipgrep = ripgrepListing(root);
    // git and ripgrep disagree: not ours to judge (none of the seeds here do).
    if (JSON.stringify(expected) !== JSON.stringify(listedByRipgrep))
      assert.fail(`seed ${seed}: git and ripgrep differ\n git ${expected}\n rg  ${listedByRipgrep}`);
    // Patterns whose leading folders are the crawl root (one and two levels down, ignored or not).
    const below = (depth: number) =>
      Object.keys(tree)
        .map((file) => file.split("/"))
        .filter((parts) => parts.length > depth && !parts[0]?.startsWith("pad"))
        .map((parts) => `${parts.slice(0, depth).join("/")}/**`);
    const unique = (items: string[]) => [...new Set(items)];
    const patterns = unique([
      ...["**/*", "**/*.ts", "**/*.md", "**/{c,e}.ts", "*/**/*.ts", "*/**", "**/.h"],
      ...unique(below(1)).slice(0, 3),
      ...unique(below(2)).slice(0, 3),
    ]);
    for (const pattern of patterns) {
      const matches = picomatch(pattern, { dot: true, posix: true });
      const wanted = expected.filter((file) => matches(file));
      for (const [name, glob] of globs) {
        const result = await run(glob, { pattern }, makeContext(root));
        const data = result.data as { numFiles?: number } | undefined;
        assert.equal(data?.numFiles ?? 0, wanted.length, `seed ${seed}, ${name}, ${pattern}: count`);
        // Glob shows at most 100
        if (wanted.length <= 100)
          assert.deepEqual(filenames(result.data), wanted, `seed ${seed}, ${name}, ${pattern}`);
      }
    }
    const searched = expected.filter((file) => path.posix.basename(file) !== ".gitignore");
    for (const [name, grep] of greps) {
      const input = { pattern: "needle", output_mode: "files_with_matches", head_limit: 10_000 };
      const result = await run(grep, input, makeContext(root));
      assert.deepEqual(filenames(result.data), searched, `seed ${seed}, ${name}`);
    }
    return expected.length < Object.keys(tree).length;
  } finally {
    removeFolder(root);
  }
}

describe("Glob and Grep list what git and ripgrep list, on generated trees", () => {
  it(`${TREES} trees, each judged against both programs`, async () => {
    let ignoredSomewhere = 0;
    for (let seed = 1; seed <= TREES; seed++) {
      const tree = randomTree(generator(seed * 7919), { segments: RULE_SEGMENTS, padded: false });
      if (await judgeTree(seed, tree)) ignoredSomewhere++;
    }
    // The trees must exercise the rules: most of them hide something.
    assert.ok(ignoredSomewhere > TREES / 2, `only ${ignoredSomewhere} of ${TREES} trees ignore a file`);
  });

  it(`${PADDED_TREES} trees wide enough for ripgrep's listings, half of them with plain rules`, async () => {
    let ignoredSomewhere = 0;
    for (let seed = 1; seed <= PADDED_TREES; seed++) {
      const segments = seed % 2 === 0 ? PLAIN_SEGMENTS : RULE_SEGMENTS;
      const tree = randomTree(generator(seed * 104729), { segments, padded: true });
      if (await judgeTree(seed, tree)) ignoredSomewhere++;
    }
    assert.ok(
      ignoredSomewhere > PADDED_TREES / 2,
      `only ${ignoredSomewhere} of ${PADDED_TREES} ignore a file`,
    );
  });
});
