// Placeholders: the empty folders created on the host where a protected path (`.claude`,
// `.git/hooks` …) is missing, so the sandbox can mount them read-only and a command cannot create
// them. Each is written to this process's record before it exists, held while any command uses it,
// removed after the last one (only while it is still an empty folder: a real user folder is never
// removed), and a run killed before it could clean up is swept at the next start-up.
import { appendFileSync, lstatSync, readdirSync, readFileSync, rmdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { createFolderSync, ensureFolderSync, errnoCode, errnoReason } from "../util/index.js";
import {
  currentProcess,
  isRunning,
  type ProcessIdentity,
  recordName,
  recordOwner,
} from "./process-identity.js";

type PlaceholderLease = { paths: readonly string[]; release(): PlaceholderCleanup };

export type PlaceholderCleanup = {
  removed: string[];
  /** Left in place: someone put something inside, or another run still uses it. */
  kept: Array<{ path: string; reason: string }>;
};

type Acquired = { kind: "held"; lease: PlaceholderLease } | { kind: "failed"; reason: string };

type PlaceholderStore = {
  acquire(paths: readonly string[]): Acquired;
  /** The placeholders some command of this process holds now. */
  held(): string[];
  /** Removes what runs that are no longer running left behind (call once at start-up). */
  sweep(): PlaceholderCleanup;
};

export function createPlaceholderStore(
  recordsDir: string,
  self: ProcessIdentity = currentProcess(),
): PlaceholderStore {
  const recordFile = join(recordsDir, recordName(self));
  const held = new Map<string, number>();
  let folderReady = false;
  const record = (lines: string[]) => {
    if (!folderReady) {
      ensureFolderSync(recordsDir, 0o700);
      folderReady = true;
    }
    appendFileSync(recordFile, lines.join(""), { mode: 0o600 });
  };

  const release = (paths: readonly string[]): PlaceholderCleanup => {
    const cleanup: PlaceholderCleanup = { removed: [], kept: [] };
    const last = paths.filter((path) => {
      const count = (held.get(path) ?? 0) - 1;
      if (count > 0) held.set(path, count);
      else held.delete(path);
      return count <= 0;
    });
    if (last.length === 0) return cleanup;
    const others = livePaths(recordsDir, recordFile);
    for (const path of last) removePlaceholder(path, others, cleanup);
    if (held.size === 0) forget(recordFile);
    else record(last.map((path) => `-${JSON.stringify(path)}\n`));
    return cleanup;
  };

  return {
    acquire(paths) {
      const taken: string[] = [];
      const fresh: string[] = [];
      for (const path of paths) {
        const count = held.get(path);
        if (count === undefined) fresh.push(path);
        else {
          held.set(path, count + 1);
          taken.push(path);
        }
      }
      try {
        // Recorded before they exist, so a crash at any point leaves nothing unrecorded.
        if (fresh.length > 0) record(fresh.map((path) => `+${JSON.stringify(path)}\n`));
        const notOurs: string[] = [];
        for (const path of fresh) {
          // Something there already is the user's, unless some run's record says it is a placeholder.
          const ours =
            createFolderSync(path, 0o755) === "created" ||
            (isEmptyFolder(path) && recordedAnywhere(recordsDir, recordFile, path));
          if (ours) {
            held.set(path, 1);
            taken.push(path);
          } else notOurs.push(path);
        }
        if (notOurs.length > 0) record(notOurs.map((path) => `-${JSON.stringify(path)}\n`));
      } catch (error) {
        release(taken);
        return { kind: "failed", reason: `cannot create a placeholder folder: ${errnoReason(error)}` };
      }
      return { kind: "held", lease: leaseOnce(taken, release) };
    },

    held: () => [...held.keys()],

    sweep: () => sweepDeadRuns(recordsDir, recordFile),
  };
}

/** A lease on `paths` whose release frees them once, however often it is called. */
function leaseOnce(
  paths: string[],
  release: (paths: readonly string[]) => PlaceholderCleanup,
): PlaceholderLease {
  let released = false;
  return {
    paths,
    release: () => {
      if (released) return { removed: [], kept: [] };
      released = true;
      return release(paths);
    },
  };
}

/** Removes the placeholders of the records whose runs are gone (other than `own`), then the
 *  records; a path a live run also holds stays. */
function sweepDeadRuns(recordsDir: string, own: string): PlaceholderCleanup {
  const cleanup: PlaceholderCleanup = { removed: [], kept: [] };
  const records = recordFiles(recordsDir).filter((file) => file !== own);
  const dead = records.filter((file) => {
    const owner = recordOwner(file);
    return owner === null || !isRunning(owner);
  });
  const live = new Set(records.filter((file) => !dead.includes(file)).flatMap((file) => [...replay(file)]));
  for (const file of dead) {
    for (const path of replay(file)) removePlaceholder(path, live, cleanup);
    forget(file);
  }
  return cleanup;
}

function isEmptyFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory() && readdirSync(path).length === 0;
  } catch {
    return false;
  }
}

/** rmdir removes only an empty folder (never a symlink or a file): whatever someone put inside
 *  keeps the folder. */
function removePlaceholder(path: string, inUse: ReadonlySet<string>, cleanup: PlaceholderCleanup): void {
  if (inUse.has(path)) {
    cleanup.kept.push({ path, reason: "another reagent run still uses it" });
    return;
  }
  try {
    rmdirSync(path);
    cleanup.removed.push(path);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT") return;
    const reason = code === "ENOTEMPTY" || code === "EEXIST" ? "it is no longer empty" : errnoReason(error);
    cleanup.kept.push({ path, reason: code === "ENOTDIR" ? "it is no longer a folder" : reason });
  }
}

function recordFiles(recordsDir: string): string[] {
  try {
    return readdirSync(recordsDir)
      .filter((name) => name.endsWith(".log"))
      .map((name) => join(recordsDir, name));
  } catch {
    return [];
  }
}

/** The paths a record still holds: `+path` adds, `-path` removes; a torn last line is skipped
 *  (it was written before its folder was made, so nothing was made). */
function replay(file: string): Set<string> {
  const paths = new Set<string>();
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return paths;
  }
  for (const line of text.split("\n")) {
    const sign = line[0];
    if (sign !== "+" && sign !== "-") continue;
    let path: unknown;
    try {
      path = JSON.parse(line.slice(1));
    } catch {
      continue;
    }
    if (typeof path !== "string") continue;
    if (sign === "+") paths.add(path);
    else paths.delete(path);
  }
  return paths;
}

/** Paths held by other runs that are still running. */
function livePaths(recordsDir: string, own: string): Set<string> {
  const live = new Set<string>();
  for (const file of recordFiles(recordsDir)) {
    if (file === own) continue;
    const owner = recordOwner(file);
    if (owner !== null && isRunning(owner)) for (const path of replay(file)) live.add(path);
  }
  return live;
}

function recordedAnywhere(recordsDir: string, own: string, path: string): boolean {
  return recordFiles(recordsDir).some((file) => file !== own && replay(file).has(path));
}

function forget(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
