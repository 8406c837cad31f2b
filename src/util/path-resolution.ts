// The one path resolution used by the tools and by the permission gate, so both always mean the same
// file. Kernel-faithful: symlinks are followed component by component, and a `..` goes up from the
// real directory reached so far (as open(2) does), never from the text; a dangling symlink leads to
// its target. Reports when a meaning depends on something missing (`missing/../x`) or on a loop.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

export type PathContext = { cwd: string; homeDir: string };

type ResolvedPath = {
  /** The real absolute path: every symlink followed; missing components appended as written. */
  path: string;
  /** Whether the whole path exists now. */
  exists: boolean;
  /** The first missing component's path (under the real part), or null when the path exists. */
  firstMissing: string | null;
  /** A `..` came after a missing component: the kernel would fail unless something creates it first. */
  dotDotAfterMissing: boolean;
  /** Too many symlinks (a loop, ELOOP): the kernel refuses the path. */
  loop: boolean;
};

const MAX_SYMLINKS = 40;

/** `~` and `~/x` expanded to the home directory; anything else unchanged. */
export function expandHome(path: string, homeDir: string): string {
  if (path === "~") return homeDir;
  if (path.startsWith("~/")) return join(homeDir, path.slice(2));
  return path;
}

function hasDotDot(path: string): boolean {
  return path.split(/[/\\]/).includes("..");
}

/**
 * The absolute form of `path` (`~` expanded, relative to `cwd`) as the kernel will read it: each
 * `..` goes up from the real folder before it (so `link/../x` is next to the link's target). Other
 * symlinks are kept as written, so displayed paths stay the user's.
 */
export function absolutePath(path: string, context: PathContext): string {
  const expanded = expandHome(path, context.homeDir);
  if (!hasDotDot(expanded)) return resolve(context.cwd, expanded);
  const start = isAbsolute(expanded) ? "/" : resolve(context.cwd);
  let current = start;
  for (const part of expanded.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") current = dirname(resolveReal(current).path);
    else current = join(current, part);
  }
  return current;
}

/** Splits an absolute path into its components (empty and `.` dropped, `..` kept). */
function components(path: string): string[] {
  return path.split("/").filter((part) => part !== "" && part !== ".");
}

/** Resolves an absolute path (which may hold `..`, symlinks, missing parts) the way the kernel would. */
export function resolveReal(absolute: string): ResolvedPath {
  if (!hasDotDot(absolute)) {
    try {
      // One realpath(3) call for the common case: everything exists.
      return {
        path: realpathSync.native(absolute),
        exists: true,
        firstMissing: null,
        dotDotAfterMissing: false,
        loop: false,
      };
    } catch {
      // Walk component by component below.
    }
  }
  const queue = components(absolute);
  let current = "/";
  let firstMissing: string | null = null;
  let dotDotAfterMissing = false;
  let hops = 0;
  while (queue.length > 0) {
    const part = queue.shift() as string;
    if (part === "..") {
      if (firstMissing !== null) dotDotAfterMissing = true;
      current = dirname(current);
      continue;
    }
    const next = join(current, part);
    if (firstMissing !== null) {
      current = next;
      continue;
    }
    const stat = lstatQuiet(next);
    if (stat === undefined) {
      firstMissing = next;
      current = next;
      continue;
    }
    if (stat.isSymbolicLink()) {
      hops += 1;
      if (hops > MAX_SYMLINKS)
        return { path: next, exists: false, firstMissing: next, dotDotAfterMissing, loop: true };
      const target = readlinkSync(next);
      queue.unshift(...components(target));
      if (isAbsolute(target)) current = "/";
      continue;
    }
    current = next;
  }
  return { path: current, exists: firstMissing === null, firstMissing, dotDotAfterMissing, loop: false };
}

function lstatQuiet(path: string) {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    // ENOTDIR (a file used as a folder), EACCES …: nothing can be found there.
    return undefined;
  }
}

/** The real path of `path` (`~` expanded, relative to `cwd`): what the kernel will touch. */
export function realPath(path: string, context: PathContext): string {
  const expanded = expandHome(path, context.homeDir);
  // Plain concatenation: `join` would drop `link/..` as text before the link is followed.
  return resolveReal(isAbsolute(expanded) ? expanded : `${resolve(context.cwd)}/${expanded}`).path;
}

/** Whether `path` is `root` or below it (both absolute and real). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}
