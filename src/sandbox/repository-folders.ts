// Folders git would take for a repository (HEAD, objects/ and refs/) inside the folders a
// workspace-write command may write, found by a short walk before the command starts: the mount plan
// keeps their config and hooks read-only, as it does a `.git` folder's, so a contained command cannot
// set `core.fsmonitor` or plant a hook in one that a later git there would run. The walk is bounded
// (depth and folder count) to keep the per-command cost small; `.git` and `node_modules` are skipped.
import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";

const REPOSITORY_WALK = { depth: 2, folders: 200 } as const;

/** The repository-like folders at most `depth` levels below each root (roots themselves included). */
export function findRepositoryFolders(
  roots: readonly string[],
  limits: { depth: number; folders: number } = REPOSITORY_WALK,
): string[] {
  const found: string[] = [];
  let budget = limits.folders;
  const visit = (folder: string, depth: number): void => {
    if (budget-- <= 0) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Map(entries.map((entry) => [entry.name, entry]));
    const head = names.get("HEAD");
    if (head?.isFile() && names.get("objects")?.isDirectory() && names.get("refs")?.isDirectory())
      found.push(folder);
    if (depth >= limits.depth) return;
    for (const entry of entries)
      if (entry.isDirectory() && entry.name !== ".git" && entry.name !== "node_modules")
        visit(join(folder, entry.name), depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return found;
}
