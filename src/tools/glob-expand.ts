// Narrows a Glob crawl to the folders the pattern's leading segments name: `pkg1*/**` below
// `packages` lists only the `pkg1…` folders instead of every file of `packages`, the way a shell
// expands a glob one segment at a time. Only segments that name exactly one path component (no
// `**`, no character a `/` split could cut) are expanded, never the last one; each folder is kept
// only where the pattern's segment matches its name and the applicable .gitignore files (and the
// `.git` rule) let the walk enter it, so the listing below the kept folders is what a listing of the
// whole crawl root would have held there. Files met on the way that the whole pattern matches
// (`*/src/**` matches a file named `x/src`) are returned beside the folders. Symbolic links are
// neither entered nor listed, as in the walk. A tree too wide to expand cheaply is not expanded.
import { type Dirent, readdirSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import type { GitignoreRules } from "./glob-walk.js";

/** Folder entries read at most while expanding, and folders kept at most (the rg command line). */
const EXPANSION_ENTRY_LIMIT = 20_000;
const EXPANSION_FOLDER_LIMIT = 2_000;

/** Paths relative to the crawl root, `/`-separated: the folders to list, and files already matched. */
type Expansion = { folders: string[]; files: string[] };

/** A segment that matches one path component, in a form splitting the pattern at `/` cannot cut:
 *  plain characters and wildcards, flat balanced braces. */
function plainSegment(segment: string): boolean {
  if (segment === "." || segment === ".." || segment.includes("**")) return false;
  if (!/^[A-Za-z0-9._*?{},@-]+$/.test(segment)) return false;
  let depth = 0;
  for (const character of segment) {
    if (character === "{") depth++;
    else if (character === "}") depth--;
    if (depth < 0 || depth > 1) return false;
  }
  return depth === 0;
}

/** The folders below `root` that the pattern's leading segments name; undefined when there is
 *  nothing to narrow (the first segment is not plain) or the tree is too wide to expand. */
export function expandLeadingFolders(
  root: string,
  pattern: string,
  rules: GitignoreRules,
  matchesPattern: (relative: string) => boolean,
): Expansion | undefined {
  const segments = pattern.split("/");
  const leading: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (!plainSegment(segment)) break;
    leading.push(segment);
  }
  if (leading.length === 0) return undefined;
  let folders = [""];
  const files: string[] = [];
  const budget = { entries: EXPANSION_ENTRY_LIMIT };
  for (const segment of leading) {
    const matchesSegment = picomatch(segment, { dot: true, posix: true });
    const kept: string[] = [];
    const level = { folders: kept, files };
    for (const folder of folders)
      if (!readLevel(root, folder, rules, matchesPattern, matchesSegment, level, budget)) return undefined;
    if (kept.length > EXPANSION_FOLDER_LIMIT) return undefined;
    folders = kept;
    if (folders.length === 0) break;
  }
  return { folders, files };
}

/**
 * Reads one folder of a walk down from the crawl root: its sub-folders whose name `wantFolder` takes
 * and that the .gitignore files let a walk enter go to `into.folders`, its files that the whole
 * pattern matches and no .gitignore excludes to `into.files` (relative, `/`-separated). An
 * unreadable folder is passed over, as the walk passes over it. False when the entry budget is spent.
 */
export function readLevel(
  root: string,
  folder: string,
  rules: GitignoreRules,
  matchesPattern: (relative: string) => boolean,
  wantFolder: (name: string) => boolean,
  into: { folders: string[]; files: string[] },
  budget: { entries: number },
): boolean {
  const absolute = folder === "" ? root : path.join(root, folder);
  let entries: Dirent[];
  try {
    entries = readdirSync(absolute, { withFileTypes: true });
  } catch {
    return true;
  }
  budget.entries -= entries.length;
  if (budget.entries < 0) return false;
  for (const entry of entries) {
    const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (wantFolder(entry.name) && !rules.isIgnored(absolute, entry.name, true)) into.folders.push(relative);
    } else if (entry.isFile() && matchesPattern(relative) && !rules.isIgnored(absolute, entry.name, false)) {
      into.files.push(relative);
    }
  }
  return true;
}
