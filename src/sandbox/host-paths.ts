// What a path of a sandbox policy is on this machine: a folder, a file, or missing, at which real
// path (symlinks followed the way the kernel follows them). The mount plan asks through the
// `HostPaths` function, so it stays pure and tests can describe a host without building one.
// A plan asks about a hundred paths per command, mostly missing ones, so this walks from memoised
// real parents with one lstat per path and no exceptions on the common path.
import { type Dirent, lstatSync, readdirSync, readlinkSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { resolveReal } from "../util/index.js";
import type { FolderEntry } from "./absent-entries.js";

export type HostPath =
  | { kind: "folder"; real: string }
  /** A regular file, or anything else that is not a folder (a socket, a device). */
  | { kind: "file"; real: string }
  /** `firstMissing`: the first component that does not exist (where a placeholder would go). */
  | { kind: "missing"; real: string; firstMissing: string }
  /** A symlink loop: the kernel refuses the path, so nothing can be created there either. */
  | { kind: "unusable"; reason: string };

export type HostPaths = (path: string) => HostPath;

/** Looks at the real file system, one path at a time (no memory between calls). */
function inspectHostPath(path: string): HostPath {
  const resolved = resolveReal(path);
  if (resolved.loop) return { kind: "unusable", reason: `${path} is a symlink loop` };
  if (!resolved.exists)
    return { kind: "missing", real: resolved.path, firstMissing: resolved.firstMissing ?? resolved.path };
  const stat = statSync(resolved.path, { throwIfNoEntry: false });
  if (stat === undefined) return { kind: "missing", real: resolved.path, firstMissing: resolved.path };
  return stat.isDirectory() ? { kind: "folder", real: resolved.path } : { kind: "file", real: resolved.path };
}

/** A memoised view for one plan: parents are resolved once; a symlink is handed to the kernel-faithful
 *  resolution. Paths must be absolute and normalised (the policy's are). */
export function cachedHostPaths(): HostPaths {
  const seen = new Map<string, HostPath>();
  const look = (path: string): HostPath => {
    const known = seen.get(path);
    if (known !== undefined) return known;
    const found = path === "/" ? ({ kind: "folder", real: "/" } as const) : step(path);
    seen.set(path, found);
    return found;
  };
  const step = (path: string): HostPath => {
    const parent = look(dirname(path));
    const name = basename(path);
    if (parent.kind === "unusable") return parent;
    if (parent.kind === "missing")
      return { kind: "missing", real: join(parent.real, name), firstMissing: parent.firstMissing };
    if (parent.kind === "file") return { kind: "unusable", reason: `${dirname(path)} is not a folder` };
    const real = join(parent.real, name);
    const stat = lstatSync(real, { throwIfNoEntry: false });
    if (stat === undefined) return { kind: "missing", real, firstMissing: real };
    if (stat.isSymbolicLink()) return inspectHostPath(real);
    return stat.isDirectory() ? { kind: "folder", real } : { kind: "file", real };
  };
  return look;
}

/** A host folder's entries as lstat sees them, a symlink with its text (undefined when the folder
 *  cannot be read; an entry that vanished while being read is left out). */
export function folderEntries(folder: string): FolderEntry[] | undefined {
  let dirents: Dirent[];
  try {
    dirents = readdirSync(folder, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const entries: FolderEntry[] = [];
  for (const dirent of dirents) {
    if (!dirent.isSymbolicLink()) {
      entries.push({ name: dirent.name, kind: dirent.isDirectory() ? "folder" : "file" });
      continue;
    }
    try {
      entries.push({ name: dirent.name, kind: "symlink", link: readlinkSync(join(folder, dirent.name)) });
    } catch {
      // Gone (or replaced) since the folder was read.
    }
  }
  return entries;
}
