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
  let budget = EXPANSION_ENTRY_LIMIT;
  for (const segment of leading) {
    const matchesSegment = picomatch(segment, { dot: true, posix: true });
    const kept: string[] = [];
    for (const folder of folders) {
      const absolute = folder === "" ? root : path.join(root, folder);
      let entries: Dirent[];
      try {
        entries = readdirSync(absolute, { withFileTypes: true });
      } catch {
        continue; // unreadable: the walk passes over it too
      }
      budget -= entries.length;
      if (budget < 0) return undefined;
      for (const entry of entries) {
        const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
        if (entry.isDirectory()) {
          if (matchesSegment(entry.name) && !rules.isIgnored(absolute, entry.name, true)) kept.push(relative);
        } else if (
          entry.isFile() &&
          matchesPattern(relative) &&
          !rules.isIgnored(absolute, entry.name, false)
        ) {
          files.push(relative);
        }
      }
    }
    if (kept.length > EXPANSION_FOLDER_LIMIT) return undefined;
    folders = kept;
    if (folders.length === 0) break;
  }
  return { folders, files };
}
