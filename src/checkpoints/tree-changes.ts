// What differs between two snapshots, and putting a snapshot's files back: the paths to write from
// the older tree and the ones to delete, their diff for a person to read, and the line counts the
// SDK's rewind result reports. Only paths in the trees are touched: ignored files, files over the
// size cap and everything outside the workspace are never written or deleted here.
import { rm, rmdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type GitRun, nulFields } from "./private-git.js";

/** One path that differs: `write` restores the older tree's file, `delete` removes one made since. */
export type TreeChange = { path: string; action: "write" | "delete" };

/** The changes that turn the tree `from` back into `to`. */
export async function treeChanges(git: GitRun, from: string, to: string): Promise<TreeChange[]> {
  if (from === to) return [];
  const fields = nulFields(await git(["diff-tree", "-r", "-z", "--no-renames", "--name-status", to, from]));
  const changes: TreeChange[] = [];
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const status = fields[index];
    const path = fields[index + 1];
    if (status === undefined || path === undefined) break;
    // Added in `from` (not in `to`): delete it; anything else: write `to`'s version.
    changes.push({ path, action: status === "A" ? "delete" : "write" });
  }
  return changes;
}

/** The paths that differ between two trees (either way). */
export async function changedPaths(git: GitRun, a: string, b: string): Promise<Set<string>> {
  return new Set((await treeChanges(git, a, b)).map((change) => change.path));
}

/** A unified diff from tree `from` to tree `to`, limited to `paths` (all when absent). */
export async function treeDiff(git: GitRun, from: string, to: string, paths?: string[]): Promise<string> {
  if (from === to || paths?.length === 0) return "";
  const limit = paths ? ["--", ...literal(paths)] : [];
  return (await git(["diff", "--no-color", "--no-ext-diff", from, to, ...limit])).toString("utf8");
}

/** Lines added and removed in `paths` going from tree `from` to tree `to` (binary files count 0). */
export async function lineCounts(
  git: GitRun,
  from: string,
  to: string,
  paths: string[],
): Promise<{ insertions: number; deletions: number }> {
  const counts = { insertions: 0, deletions: 0 };
  if (from === to || paths.length === 0) return counts;
  const wanted = new Set(paths);
  const output = await git(["diff", "--numstat", "-z", "--no-renames", from, to]);
  for (const field of nulFields(output)) {
    const [added, removed, path] = field.split("\t");
    if (path === undefined || !wanted.has(path)) continue;
    counts.insertions += Number(added) || 0;
    counts.deletions += Number(removed) || 0;
  }
  return counts;
}

/** Writes `tree`'s version of the `write` paths and deletes the `delete` ones (folders left empty by
 *  a deletion go too); the private index is not touched (a scratch index is used). */
export async function applyChanges(git: GitRun, tree: string, changes: readonly TreeChange[]): Promise<void> {
  const root = git.paths.workTree;
  const deletions = changes.filter((change) => change.action === "delete");
  for (const { path } of deletions) await rm(join(root, path), { force: true });
  for (const { path } of deletions) await pruneEmptyFolders(root, dirname(path));
  const writes = changes.filter((change) => change.action === "write").map((change) => change.path);
  if (writes.length === 0) return;
  const scratch = `${git.paths.indexFile}.restore-${process.pid}`;
  try {
    await git(["read-tree", tree], { indexFile: scratch });
    // With -f, git replaces a folder that stands where the tree has a file.
    await git(["checkout-index", "-f", "-z", "--stdin"], {
      indexFile: scratch,
      input: `${writes.join("\0")}\0`,
    });
  } finally {
    await rm(scratch, { force: true });
  }
}

async function pruneEmptyFolders(root: string, folder: string): Promise<void> {
  for (
    let current = folder;
    current !== "." && current !== "" && current !== "/";
    current = dirname(current)
  ) {
    const removed = await rmdir(join(root, current)).then(
      () => true,
      () => false,
    );
    if (!removed) return;
  }
}

const literal = (paths: readonly string[]) => paths.map((path) => `:(literal)${path}`);
