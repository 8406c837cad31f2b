// The files a Read deny rule hides, as ripgrep exclusion globs, so that a content search never opens
// them: the folder is listed first with the search's own ignore rules (ripgrep-files.ts), each listed
// file is judged by the gate's check, and the hidden ones (whole folders where every file listed in
// them is hidden) become anchored, escaped `--glob=!/…` arguments. Override globs win over every
// ignore file, so no `.gitignore` negation in the project can bring a hidden file back.
import path from "node:path";
import type { HiddenFiles } from "./grep-query.js";
import { ripgrepFiles } from "./ripgrep-files.js";

/** The exclusions' total length at most (the kernel limits a command line to a few megabytes). */
const EXCLUSION_LIMIT = 1_000_000;

type Exclusions = { ok: true; globs: string[] } | { ok: false; message: string };

/** ripgrep's glob syntax with every special character taken literally. */
function literalGlob(relative: string): string {
  return relative.replace(/[\\*?[\]{}!]/g, (character) => `\\${character}`);
}

/** `--glob=!/…` arguments for the hidden files below `cwd` (empty when none can be there). */
export async function ripgrepExclusions(
  rgPath: string,
  cwd: string,
  hidden: HiddenFiles | undefined,
  signal: AbortSignal,
): Promise<Exclusions> {
  if (hidden === undefined || !hidden.mayBeBelow) return { ok: true, globs: [] };
  const listing = await ripgrepFiles(rgPath, cwd, { signal });
  if (!listing.ok) return listing;
  const listed = listing.files.toArray();
  const hiddenFiles = listed.filter((file) => hidden.file(path.resolve(cwd, file)));
  if (hiddenFiles.length === 0) return { ok: true, globs: [] };
  const globs = wholeFolders(listed, hiddenFiles)
    .map((entry) => `--glob=!/${literalGlob(entry.path)}${entry.folder ? "/**" : ""}`)
    .sort();
  const length = globs.reduce((total, glob) => total + glob.length + 1, 0);
  if (length > EXCLUSION_LIMIT)
    return {
      ok: false,
      message: `too many files hidden by Read deny rules to leave out of the search; search a narrower path`,
    };
  return { ok: true, globs };
}

/** The hidden files, with a folder standing for them where every file listed in it is hidden. */
function wholeFolders(
  listed: readonly string[],
  hiddenFiles: readonly string[],
): { path: string; folder: boolean }[] {
  const totals = new Map<string, number>();
  const count = (files: readonly string[], into: Map<string, number>) => {
    for (const file of files)
      for (let folder = path.posix.dirname(file); folder !== "."; folder = path.posix.dirname(folder))
        into.set(folder, (into.get(folder) ?? 0) + 1);
  };
  const hiddenTotals = new Map<string, number>();
  count(listed, totals);
  count(hiddenFiles, hiddenTotals);
  const whole = (folder: string) => hiddenTotals.get(folder) === totals.get(folder);
  const result: { path: string; folder: boolean }[] = [];
  const taken = new Set<string>();
  for (const file of hiddenFiles) {
    // The outermost folder that is hidden whole stands for the file.
    let outermost: string | undefined;
    for (let folder = path.posix.dirname(file); folder !== "."; folder = path.posix.dirname(folder))
      if (whole(folder)) outermost = folder;
    const entry = outermost === undefined ? { path: file, folder: false } : { path: outermost, folder: true };
    const key = `${entry.folder}:${entry.path}`;
    if (!taken.has(key)) {
      taken.add(key);
      result.push(entry);
    }
  }
  return result;
}
