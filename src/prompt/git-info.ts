// Finds the enclosing git repository and its current branch by reading `.git` and `HEAD` directly
// (no git process): plain checkouts, worktrees and submodules (`.git` files with `gitdir:`).
// Used by the environment block and to bound the search for project instruction files.
import { lstatSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { FileCache } from "./file-cache.js";

export type GitInfo =
  | { kind: "none" }
  | {
      kind: "repo";
      root: string;
      head: { kind: "branch"; name: string } | { kind: "detached"; commit: string } | { kind: "unknown" };
    };

/** The nearest directory at or above `start` that contains a `.git` entry (directory or file). */
async function findGitRoot(start: string): Promise<string | undefined> {
  let directory = resolve(start);
  for (;;) {
    // Synchronous on purpose: a few tiny metadata calls per turn are far cheaper than promise round trips.
    if (lstatSync(join(directory, ".git"), { throwIfNoEntry: false })) return directory;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

async function gitDirectory(root: string, cache: FileCache): Promise<string | undefined> {
  const dotGit = join(root, ".git");
  const info = lstatSync(dotGit, { throwIfNoEntry: false });
  if (!info) return undefined;
  if (info.isDirectory()) return dotGit;
  const file = await cache.read(dotGit);
  if (file.kind !== "ok") return undefined;
  const gitdir = /^gitdir:\s*(.+?)\s*$/m.exec(file.text)?.[1];
  if (gitdir === undefined) return undefined;
  return isAbsolute(gitdir) ? gitdir : resolve(root, gitdir);
}

export async function readGitInfo(cwd: string, cache: FileCache): Promise<GitInfo> {
  const root = await findGitRoot(cwd);
  if (!root) return { kind: "none" };
  const directory = await gitDirectory(root, cache);
  const head = directory ? await cache.read(join(directory, "HEAD")) : undefined;
  if (head?.kind !== "ok") return { kind: "repo", root, head: { kind: "unknown" } };
  const text = head.text.trim();
  const branch = /^ref:\s*refs\/heads\/(.+)$/.exec(text)?.[1];
  if (branch !== undefined) return { kind: "repo", root, head: { kind: "branch", name: branch } };
  if (/^[0-9a-f]{7,64}$/i.test(text)) return { kind: "repo", root, head: { kind: "detached", commit: text } };
  return { kind: "repo", root, head: { kind: "unknown" } };
}
