// Path resolution shared by the built-in tools: `~` and relative paths against the tool context,
// real paths (symlinks followed) for the permission gate, display paths relative to the project,
// "did you mean" suggestions for missing files. No ambient cwd: everything is passed in. The
// resolution itself is util/path-resolution.ts, shared with the permission gate.
import { promises as fs } from "node:fs";
import path from "node:path";
import { absolutePath, editDistance, resolveReal } from "../util/index.js";

type PathResolution = { ok: true; path: string } | { ok: false; message: string };

/** Expands `~` and resolves `filePath` against `cwd` the way the kernel will (a `..` after a symlink
 *  goes up from the link's target); rejects empty paths and NUL bytes. */
export function resolveToolPath(filePath: string, context: { cwd: string; homeDir: string }): PathResolution {
  if (filePath.trim() === "") return { ok: false, message: "The path is empty; pass a file path." };
  if (filePath.includes("\0")) return { ok: false, message: "The path contains a NUL byte." };
  return { ok: true, path: absolutePath(filePath, context) };
}

/** The real path the kernel will touch for `absolute`: symlinks followed (a dangling one to its
 *  target); a part that does not exist yet is appended to the real path of what does. */
export function realPathForAccess(absolute: string): string {
  return resolveReal(absolute).path;
}

/** Resolves a tool's path argument to the real paths the call touches (empty when invalid). */
export async function touchedPaths(
  filePath: string | undefined,
  context: { cwd: string; homeDir: string },
): Promise<string[]> {
  const resolved = resolveToolPath(filePath ?? ".", context);
  return resolved.ok ? [realPathForAccess(resolved.path)] : [];
}

/** `absolutePath` relative to `cwd` when inside it, otherwise unchanged. */
export function displayPath(absolutePath: string, cwd: string): string {
  const relative = path.relative(cwd, absolutePath);
  if (relative === "") return ".";
  if (relative.startsWith("..") || path.isAbsolute(relative)) return absolutePath;
  return relative;
}

/** A display path as a place in a sentence: "the working directory" for ".", else the path. */
export function placeName(shown: string): string {
  return shown === "." ? "the working directory" : shown;
}

/** Names in the missing file's folder that look like it (same stem, small edit distance, containment).
 *  Files come first; folders are suggested only when no file looks alike. */
export async function similarNames(absolutePath: string, max = 5): Promise<string[]> {
  let entries: { name: string; isDirectory(): boolean }[];
  try {
    entries = await fs.readdir(path.dirname(absolutePath), { withFileTypes: true });
  } catch {
    return [];
  }
  // A leading dot is not an extension: the stem of ".git" is ".git", not "".
  const stemOf = (name: string) => name.replace(/(.)\.[^.]*$/, "$1");
  const wanted = path.basename(absolutePath).toLowerCase();
  const stem = stemOf(wanted);
  const scored = entries
    .map((entry) => {
      const lower = entry.name.toLowerCase();
      const distance = editDistance(lower, wanted);
      const candidateStem = stemOf(lower);
      const sameStem = candidateStem === stem;
      const contains =
        stem.length >= 3 &&
        candidateStem.length >= 3 &&
        (candidateStem.includes(stem) || stem.includes(candidateStem));
      const score = sameStem
        ? 0
        : distance <= Math.max(2, Math.floor(wanted.length / 4))
          ? distance
          : contains
            ? 50
            : -1;
      return { name: entry.name, folder: entry.isDirectory(), score };
    })
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  const files = scored.filter((entry) => !entry.folder);
  const chosen = files.length > 0 ? files : scored;
  return chosen.slice(0, max).map((entry) => path.join(path.dirname(absolutePath), entry.name));
}
