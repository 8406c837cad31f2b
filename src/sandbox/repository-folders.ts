// Folders git would take for a repository (HEAD, objects/ and refs/) inside the folders a
// workspace-write command may write, found by a walk before the command starts: the mount plan
// keeps their config and hooks read-only, as it does a `.git` folder's, so a contained command cannot
// set `core.fsmonitor` or plant a hook in one that a later git there would run. The walk is bounded
// (depth and folder count); `.git` and `node_modules` are skipped. It is kept until a folder it read
// changes (a name added, removed or renamed in a folder changes its modification time), so a command
// pays a stat per folder, not a walk, while the tree stays as it is.
import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";
import { FolderTimes } from "../util/index.js";

type Limits = { depth: number; folders: number };
const REPOSITORY_WALK: Limits = { depth: 5, folders: 1000 } as const;

/** What one walk found, and the times of the folders it read. */
type Walk = { found: string[]; folders: FolderTimes };

function walkRoots(roots: readonly string[], limits: Limits): Walk {
  const walk: Walk = { found: [], folders: new FolderTimes() };
  let budget = limits.folders;
  const visit = (folder: string, depth: number): void => {
    if (budget-- <= 0) return;
    walk.folders.note(folder);
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Map(entries.map((entry) => [entry.name, entry]));
    const head = names.get("HEAD");
    if (head?.isFile() && names.get("objects")?.isDirectory() && names.get("refs")?.isDirectory())
      walk.found.push(folder);
    if (depth >= limits.depth) return;
    for (const entry of entries)
      if (entry.isDirectory() && entry.name !== ".git" && entry.name !== "node_modules")
        visit(join(folder, entry.name), depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return walk;
}

/** The repository-like folders at most `depth` levels below each root (roots themselves included),
 *  walking again only when a folder the last walk of the same roots read has changed. */
export function createRepositoryFinder(
  limits: Limits = REPOSITORY_WALK,
): (roots: readonly string[]) => string[] {
  let last: { key: string; walk: Walk } | undefined;
  return (roots) => {
    const key = roots.join("\0");
    if (last?.key === key && last.walk.folders.unchanged()) return last.walk.found;
    const walk = walkRoots(roots, limits);
    last = { key, walk };
    return walk.found;
  };
}
