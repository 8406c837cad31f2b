// One snapshot of the workspace: the tree of every file git would track there (the project's
// .gitignore files honoured), written to the private repository. The private index is the stat
// cache: only files whose stat differs from it (or that are new or gone) are listed, looked at and
// hashed, so an unchanged tree costs a directory walk. Files over the size cap and nested
// repositories are left out and named.
import { lstat } from "node:fs/promises";
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
export const MAX_FILES_PER_SNAPSHOT = 50_000;

export class TooManyFiles extends Error {
  override readonly name = "TooManyFiles";
}

export async function takeSnapshot(git: GitRun, maxFileBytes = DEFAULT_MAX_FILE_BYTES): Promise<Snapshot> {
  const listed = nulFields(
    await git(["ls-files", "-z", "--others", "--modified", "--deleted", "--exclude-standard"]),
  );
  if (listed.length > MAX_FILES_PER_SNAPSHOT)
    throw new TooManyFiles(
      `${listed.length} files in ${git.paths.workTree} are new or changed since the last snapshot (the limit is ${MAX_FILES_PER_SNAPSHOT}); add build output and the like to .gitignore`,
    );
  const update: string[] = [];
  const dropped: string[] = [];
  const skipped: string[] = [];
  for (const path of new Set(listed)) {
    // An untracked folder that is a repository of its own is listed as `folder/`.
    if (path.endsWith("/")) {
      skipped.push(path.slice(0, -1));
      continue;
    }
    const stats = await lstat(join(git.paths.workTree, path)).catch(() => undefined);
    if (stats?.isFile() && stats.size > maxFileBytes) {
      skipped.push(path);
      dropped.push(path);
    } else update.push(path);
  }
  if (update.length > 0)
    await withIndexRetry(() =>
      git(["update-index", "--add", "--remove", "-z", "--stdin"], { input: `${update.join("\0")}\0` }),
    );
  if (dropped.length > 0)
    await withIndexRetry(() =>
      git(["update-index", "--force-remove", "-z", "--stdin"], { input: `${dropped.join("\0")}\0` }),
    );
  const tree = (await withIndexRetry(() => git(["write-tree"]))).toString("utf8").trim();
  return { tree, skipped: skipped.sort() };
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
