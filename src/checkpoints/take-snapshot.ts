// One snapshot of the workspace: the tree of every file git would track there (the project's
// .gitignore files honoured), written to the private repository. The private index is the stat
// cache: only files whose stat differs from it (or that are new or gone) are listed, looked at and
// hashed, so an unchanged tree costs a directory walk. Files over the size cap and nested
// repositories are left out and named.
import { lstatSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { type GitRun, nulFields } from "./private-git.js";

export type Snapshot = {
  /** The tree object's id in the private repository. */
  tree: string;
  /** Workspace paths (relative, `/`-separated) left out: over the size cap, or a nested repository. */
  skipped: string[];
};

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** More new or changed files than this in one snapshot (a home folder, a tree of build output):
 *  not a workspace to checkpoint. */
const MAX_FILES_PER_SNAPSHOT = 50_000;

/** From this many files to hash on, they are written as one pack. */
const BULK_FILES = 100;

class TooManyFiles extends Error {
  override readonly name = "TooManyFiles";
}

/** The snapshot was given up (its signal): nobody needs it any more. */
export class SnapshotAbandoned extends Error {
  override readonly name = "SnapshotAbandoned";
}

/** The last tree written and the private index's stat then: with nothing listed and the index as it
 *  was (no other process changed it), the tree is the same and write-tree is skipped. */
export type SnapshotCache = { tree?: string; index?: string };

/** `signal`: gives the snapshot up between and during its git steps (SnapshotAbandoned);
 *  `background`: its git runs at a lower CPU priority (private-git.ts). */
export async function takeSnapshot(
  git: GitRun,
  maxFileBytes = DEFAULT_MAX_FILE_BYTES,
  cache: SnapshotCache = {},
  how: { signal?: AbortSignal; background?: boolean } = {},
): Promise<Snapshot> {
  const { signal, background } = how;
  const run: GitRun = Object.assign(
    async (args: readonly string[], options: Parameters<GitRun>[1] = {}) => {
      if (signal?.aborted) throw new SnapshotAbandoned("the snapshot was given up");
      try {
        return await git(args, { ...options, signal, background });
      } catch (error) {
        if (signal?.aborted) throw new SnapshotAbandoned("the snapshot was given up");
        throw error;
      }
    },
    { paths: git.paths },
  );
  return snapshotWith(run, maxFileBytes, cache);
}

async function snapshotWith(git: GitRun, maxFileBytes: number, cache: SnapshotCache): Promise<Snapshot> {
  // `-t` tags each path: `? ` untracked, anything else already in the private index.
  const listed = nulFields(
    await git(["ls-files", "-z", "-t", "--others", "--modified", "--deleted", "--exclude-standard"]),
  );
  if (listed.length > MAX_FILES_PER_SNAPSHOT)
    throw new TooManyFiles(
      `${listed.length} files in ${git.paths.workTree} are new or changed since the last snapshot (the limit is ${MAX_FILES_PER_SNAPSHOT}); add build output and the like to .gitignore`,
    );
  const update = new Set<string>();
  const dropped = new Set<string>();
  const skipped = new Set<string>();
  for (const entry of listed) {
    const path = entry.slice(2);
    const tracked = !entry.startsWith("?");
    // An untracked folder that is a repository of its own is listed as `folder/`.
    if (path.endsWith("/")) {
      skipped.add(path.slice(0, -1));
      continue;
    }
    // Synchronous: a first snapshot stats thousands of files, each a thread-pool round trip otherwise.
    const stats = lstatOrNothing(join(git.paths.workTree, path));
    if (stats?.isFile() && stats.size > maxFileBytes) {
      skipped.add(path);
      if (tracked) dropped.add(path);
    } else update.add(path);
  }
  const input = (paths: Set<string>) => `${[...paths].join("\0")}\0`;
  // Many files (a first snapshot) go into one pack: git streams every blob over the big-file
  // threshold into a pack, where thousands of loose objects would cost a file each.
  const bulk = update.size >= BULK_FILES ? ["-c", "core.bigFileThreshold=1"] : [];
  if (update.size > 0)
    await withIndexRetry(() =>
      git([...bulk, "update-index", "--add", "--remove", "-z", "--stdin"], { input: input(update) }),
    );
  if (dropped.size > 0)
    await withIndexRetry(() =>
      git(["update-index", "--force-remove", "-z", "--stdin"], { input: input(dropped) }),
    );
  const indexBefore = await indexStat(git);
  let tree = cache.tree;
  if (tree === undefined || indexBefore !== cache.index || update.size + dropped.size > 0) {
    tree = (await withIndexRetry(() => git(["write-tree"]))).toString("utf8").trim();
    cache.tree = tree;
    cache.index = await indexStat(git);
  }
  return { tree, skipped: [...skipped].sort() };
}

function lstatOrNothing(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

async function indexStat(git: GitRun): Promise<string> {
  const stats = await stat(git.paths.indexFile).catch(() => undefined);
  return stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : "";
}

/** Another reagent of the same project may hold the private index for a moment: wait for it. */
async function withIndexRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 40 || !String(error).includes("index.lock")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
