// Places outside a `.git` folder that git's configuration turns into code git runs: the files it
// includes (`include.path`, `includeIf.<condition>.path`: every git command reads them, and one can
// set `core.fsmonitor`, `core.pager` or an alias), and `core.hooksPath` (the hooks the next commit
// runs). Writing one is writing `.git/config` or `.git/hooks` under another name, so the gate and the
// workspace-write sandbox protect them as they do those. A missing include target counts (git skips
// a missing include silently, so creating it switches it on), and so does an include behind a
// condition that does not hold now (`onbranch:` holds after a checkout). Read with git itself
// (`git config --show-origin --list`: its own parser, its own include resolution), then kept until
// one of the files read (or one that would be read if it appeared) changes.
import { statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { guardedGitOutput } from "./git-guard-environment.js";
import { isInside, resolveReal } from "./path-resolution.js";

type Env = Readonly<Record<string, string | undefined>>;

export type GitConfiguredPaths = {
  /** Configuration files git reads or would read (includes that are missing or not active now). */
  files: readonly string[];
  /** `core.hooksPath` folders. */
  hookFolders: readonly string[];
};

/** Git's nesting limit for includes; a deeper chain is refused by git itself. */
const MAX_INCLUDE_DEPTH = 10;

type Listing = { origin: string; key: string; value: string };

/** `git config --show-origin --null --list` entries (origin NUL key LF value NUL). */
function parseListing(text: string): Listing[] {
  const parts = text.split("\0");
  const entries: Listing[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const origin = parts[index] ?? "";
    const pair = parts[index + 1] ?? "";
    const newline = pair.indexOf("\n");
    entries.push({
      origin,
      key: (newline === -1 ? pair : pair.slice(0, newline)).toLowerCase(),
      value: newline === -1 ? "" : pair.slice(newline + 1),
    });
  }
  return entries;
}

/** `~/x` under the home folder, relative paths against `base`; real (as the gate compares paths). */
function expand(path: string, base: string, home: string | undefined): string {
  if (path === "~" || path.startsWith("~/"))
    return home === undefined ? "" : resolveReal(join(home, path.slice(1))).path;
  return resolveReal(isAbsolute(path) ? resolve(path) : resolve(base, path)).path;
}

const INCLUDE_KEY = /^include(?:if\..*)?\.path$/s;

/** What the configuration of the repository (or none) at `cwd` names, read with git. */
function readGitConfiguredPaths(cwd: string, env: Env): GitConfiguredPaths & { consulted: string[] } {
  const home = env.HOME;
  const top = guardedGitOutput(["rev-parse", "--show-toplevel"], cwd, env)?.trim() || cwd;
  const files = new Set<string>();
  const hookFolders = new Set<string>();
  const collect = (listing: string, base: string, depth: number) => {
    for (const entry of parseListing(listing)) {
      if (!entry.origin.startsWith("file:")) continue;
      const origin = expand(entry.origin.slice("file:".length), base, home);
      files.add(origin);
      if (entry.key === "core.hookspath" && entry.value !== "")
        hookFolders.add(expand(entry.value, top, home));
      if (!INCLUDE_KEY.test(entry.key) || entry.value === "") continue;
      const target = expand(entry.value, dirname(origin), home);
      if (target === "" || files.has(target)) continue;
      files.add(target);
      // Not read through the listing (missing now, or behind a condition): read its own includes.
      if (depth < MAX_INCLUDE_DEPTH && isFile(target)) {
        const nested = guardedGitOutput(
          ["config", "--file", target, "--includes", "--show-origin", "--null", "--list"],
          cwd,
          env,
        );
        if (nested !== null) collect(nested, dirname(target), depth + 1);
      }
    }
  };
  // Relative origins are relative to where git runs its commands: the top of the work tree.
  const listing = guardedGitOutput(["config", "--show-origin", "--null", "--list"], cwd, env);
  if (listing !== null) collect(listing, top, 0);
  const consulted = [...files, join(top, ".git", "config")];
  if (home !== undefined) consulted.push(join(home, ".gitconfig"), join(home, ".config", "git", "config"));
  if (env.GIT_CONFIG_GLOBAL !== undefined) consulted.push(env.GIT_CONFIG_GLOBAL);
  return { files: [...files], hookFolders: [...hookFolders], consulted };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function signature(paths: readonly string[]): string {
  return paths
    .map((path) => {
      try {
        const stat = statSync(path);
        return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return "-";
      }
    })
    .join("|");
}

/**
 * The git-configured paths of a set of folders (each read where it is), read again only when one of
 * the files consulted for it changes: a stat per file per question.
 */
export function createGitConfiguredPaths(env: Env): (folders: readonly string[]) => GitConfiguredPaths {
  const cache = new Map<string, { consulted: string[]; stamp: string; paths: GitConfiguredPaths }>();
  const of = (folder: string): GitConfiguredPaths => {
    const known = cache.get(folder);
    if (known !== undefined && signature(known.consulted) === known.stamp) return known.paths;
    const { consulted, ...paths } = readGitConfiguredPaths(folder, env);
    cache.set(folder, { consulted, stamp: signature(consulted), paths });
    return paths;
  };
  return (folders) => {
    const files = new Set<string>();
    const hookFolders = new Set<string>();
    for (const folder of folders) {
      const paths = of(folder);
      for (const file of paths.files) files.add(file);
      for (const hooks of paths.hookFolders) hookFolders.add(hooks);
    }
    return { files: [...files], hookFolders: [...hookFolders] };
  };
}

/** Why writing `path` changes what git runs (a configuration file it includes, a hook), or null.
 *  A recursive write counts when it holds one of them. */
export function gitConfiguredWrite(
  path: string,
  recursive: boolean,
  named: GitConfiguredPaths,
): string | null {
  const hit = (target: string) => target === path || (recursive && isInside(path, target));
  const file = named.files.find(hit);
  if (file !== undefined)
    return `${path} ${file === path ? "is" : "holds"} ${file}, a file git's configuration includes (it can make git run programs)`;
  const hooks = named.hookFolders.find((folder) => isInside(folder, path) || hit(folder));
  if (hooks !== undefined)
    return `${path} is in ${hooks}, git's core.hooksPath (its hooks run on the next commit)`;
  return null;
}
