// The gitignore-aware file walk shared by Glob and the pure-JS Grep: tinyglobby does the crawl and
// the pattern matching, and an fs adapter drops `.git` and every entry the applicable `.gitignore`
// files exclude (nested ones and those of parent folders, as ripgrep does) before tinyglobby sees
// them, so ignored folders such as node_modules are never entered. Inside a repository, as in git
// and in ripgrep, the `.gitignore` files above its top folder do not count (a home folder kept in
// git with `*` in ~/.gitignore hides nothing in the projects below it); outside any repository every
// parent folder's file counts.

import type { Dirent } from "node:fs";
import { existsSync, readdir, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ignore, { type Ignore } from "ignore";
import { isInside } from "../util/index.js";

type Verdict = { ignored: boolean; unignored: boolean };
type Rule = { base: string; text: string; verdict: (relative: string) => Verdict };

/** The matcher's verdict on the path alone. `ignore`'s public `test` also lets an ancestor the same
 *  file excludes decide, but an ancestor one file excludes may be re-included by a deeper file, and
 *  the walk never asks about the contents of a folder the whole chain excludes; so, like ripgrep and
 *  git, each path is judged by its own rules. The one-path test is `ignore`'s internal rule set (a
 *  test pins it); without it the public test stands in, which can only hide more. */
function ownVerdict(matcher: Ignore): (relative: string) => Verdict {
  const rules = (matcher as unknown as { _rules?: { test?: unknown } })._rules;
  if (rules && typeof rules.test === "function") {
    const test = rules.test as (relative: string, mode: string) => Verdict;
    return (relative) => test.call(rules, relative, "regex");
  }
  return (relative) => matcher.test(relative);
}

/** A `.gitignore` rule as the checks that read rules cheaply see it: `pattern` without its `!`, its
 *  trailing spaces and its trailing slash; `escaped`: it holds a backslash, which those checks do not
 *  read (so they take it as a rule that could match anything). Blank lines and comments are left out. */
export type RuleLine = { negated: boolean; pattern: string; escaped: boolean };

export function ruleLines(text: string): RuleLine[] {
  const rules: RuleLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line === "" || line.startsWith("#")) continue;
    const negated = line.startsWith("!");
    const pattern = negated ? line.slice(1) : line;
    rules.push({
      negated,
      pattern: pattern.endsWith("/") ? pattern.slice(0, -1) : pattern,
      escaped: raw.includes("\\"),
    });
  }
  return rules;
}

/** Whether `directory` is the top folder of a repository: it holds `.git` (a folder, or the file of a
 *  worktree or submodule) or `.jj`, the markers ripgrep looks for. */
function holdsRepository(directory: string): boolean {
  return existsSync(path.join(directory, ".git")) || existsSync(path.join(directory, ".jj"));
}

const isBelow = (folder: string, ancestor: string) => folder !== ancestor && isInside(ancestor, folder);

/** Whether `folder` or a folder above it is the top folder of a repository. */
export function insideRepository(folder: string): boolean {
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    if (holdsRepository(current)) return true;
    if (path.dirname(current) === current) return false;
  }
}

/** Decides whether a path is excluded by the `.gitignore` files of its folder and their parents. */
export class GitignoreRules {
  private readonly chains = new Map<string, Rule[]>();

  /** `bounded`: the search is inside a repository, and a repository's top folder (also a nested
   *  one's) is the outermost whose `.gitignore` applies to what lies below it. */
  constructor(readonly bounded = false) {}

  /** The rules for a search of `folder` (the folder named, not a pattern's leading folders below it):
   *  bounded when `folder` lies inside a repository. */
  static forSearch(folder: string): GitignoreRules {
    return new GitignoreRules(insideRepository(folder));
  }

  private readonly tops = new Map<string, boolean>();

  /** Whether a repository's top folder bounds the rules at `directory` (asked once per folder). */
  private isTop(directory: string): boolean {
    if (!this.bounded) return false;
    let top = this.tops.get(directory);
    if (top === undefined) {
      top = holdsRepository(directory);
      this.tops.set(directory, top);
    }
    return top;
  }

  private load(directory: string): Rule | undefined {
    const file = path.join(directory, ".gitignore");
    let text: string;
    try {
      // Most folders have none: a stat that does not throw is several times cheaper than a failed read.
      if (statSync(file, { throwIfNoEntry: false }) === undefined) return undefined;
      text = readFileSync(file, "utf8");
    } catch {
      return undefined;
    }
    const rule = { base: directory, text, verdict: ownVerdict(ignore({ ignorecase: false }).add(text)) };
    this.loaded.push(rule);
    return rule;
  }

  private readonly loaded: Rule[] = [];

  /** The `.gitignore` files read so far (folder and text), each once. */
  files(): readonly { base: string; text: string }[] {
    return this.loaded;
  }

  /** Rules that apply to entries of `directory`, outermost first. */
  chainFor(directory: string): Rule[] {
    const cached = this.chains.get(directory);
    if (cached) return cached;
    const parent = path.dirname(directory);
    const inherited = parent === directory || this.isTop(directory) ? [] : this.chainFor(parent);
    const own = this.load(directory);
    const chain = own ? [...inherited, own] : inherited;
    this.chains.set(directory, chain);
    return chain;
  }

  private readonly prefixes = new Map<string, string[]>();

  /** For each rule of the chain, `directory` relative to the rule's folder (with a trailing slash). */
  private prefixesFor(directory: string, chain: Rule[]): string[] {
    let prefixes = this.prefixes.get(directory);
    if (!prefixes) {
      prefixes = chain.map((rule) => {
        const relative = path.relative(rule.base, directory);
        return relative === "" ? "" : `${relative}/`;
      });
      this.prefixes.set(directory, prefixes);
    }
    return prefixes;
  }

  isIgnored(directory: string, name: string, isDirectory: boolean): boolean {
    return name === ".git" || this.excludes(directory, name, isDirectory);
  }

  /** Whether `folder` or a folder above it is excluded by the `.gitignore` files above it (a walk
   *  never enters it). A repository's top folder at or above `searched` (the folder the search
   *  names) is not judged by the files above it; one below it is, as a walk from there meets it. */
  isFolderIgnored(folder: string, searched = folder): boolean {
    const key = `${searched}\0${folder}`;
    let ignored = this.folderVerdicts.get(key);
    if (ignored !== undefined) return ignored;
    const parent = path.dirname(folder);
    if (parent === folder || (this.isTop(folder) && !isBelow(folder, searched))) ignored = false;
    else
      ignored = this.isFolderIgnored(parent, searched) || this.excludes(parent, path.basename(folder), true);
    this.folderVerdicts.set(key, ignored);
    return ignored;
  }

  private readonly folderVerdicts = new Map<string, boolean>();

  private excludes(directory: string, name: string, isDirectory: boolean): boolean {
    const chain = this.chainFor(directory);
    if (chain.length === 0) return false;
    const prefixes = this.prefixesFor(directory, chain);
    let ignored = false;
    for (const [index, rule] of chain.entries()) {
      const result = rule.verdict(prefixes[index] + name + (isDirectory ? "/" : ""));
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

type ReaddirCallback = (error: NodeJS.ErrnoException | null, entries: Dirent[]) => void;

/** An fs adapter for tinyglobby whose readdir hides ignored entries. */
function ignoringFs(rules: GitignoreRules) {
  return {
    readdir: ((directory: string, _options: unknown, callback: ReaddirCallback) => {
      readdir(directory, { withFileTypes: true }, (error, entries) => {
        if (error) return callback(error, []);
        const absolute = path.resolve(directory);
        callback(
          null,
          entries.filter((entry) => !rules.isIgnored(absolute, entry.name, entry.isDirectory())),
        );
      });
    }) as unknown as typeof readdir,
  };
}

/** `searched`: the folder the search names, when `root` is a pattern's leading folder below it. */
type WalkOptions = { root: string; searched?: string; patterns: string[]; signal?: AbortSignal };

/** Absolute paths of the files under `root` matching `patterns` (dotfiles included, symlinks not
 *  followed), with gitignored entries and `.git` left out; nothing when the `.gitignore` files above
 *  exclude `root` itself. */
export async function walkFiles(options: WalkOptions): Promise<string[]> {
  const root = path.resolve(options.root);
  const searched = path.resolve(options.searched ?? root);
  const rules = GitignoreRules.forSearch(searched);
  if (rules.isFolderIgnored(root, searched)) return [];
  // Loaded on first use: a run that never globs does not pay for tinyglobby, fdir and picomatch.
  const { glob } = await import("tinyglobby");
  return glob(options.patterns, {
    cwd: options.root,
    absolute: true,
    dot: true,
    followSymbolicLinks: false,
    expandDirectories: false,
    fs: ignoringFs(rules),
    signal: options.signal,
  });
}
