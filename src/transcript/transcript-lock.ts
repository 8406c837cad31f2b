// The per-session lock: `<session-id>.lock` next to the transcript, holding the pid of the one process
// that writes the session. It is created atomically (a complete temp file hard-linked into place, or
// `wx`), released at close and by the owner's exit handler; a lock whose process is gone is stale and
// is taken over. Deciding what to tell the user about a busy session is left to the caller.
import { closeSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { errnoCode, errnoReason } from "../util/index.js";

export type SessionLock = {
  readonly path: string;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
};

type LockOutcome =
  | { type: "acquired"; lock: SessionLock }
  /** A live process holds it (`pid` undefined: the lock file holds no readable pid yet). */
  | { type: "busy"; path: string; pid: number | undefined }
  | { type: "failed"; path: string; reason: string };

export type LockOptions = {
  pid: number;
  /** Whether a process is running; by default `process.kill(pid, 0)` (ESRCH: gone; EPERM: alive). */
  isAlive?: (pid: number) => boolean;
};

export function sessionLockPath(dir: string, sessionId: string): string {
  return join(dir, `${sessionId}.lock`);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === "EPERM";
  }
}

/** The pid recorded in a lock file; undefined when it is empty or unreadable, null when it is gone. */
function readOwner(path: string): number | undefined | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return errnoCode(error) === "ENOENT" ? null : undefined;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Creates the lock file with its content in one step; false when it already exists. */
function create(path: string, pid: number): boolean {
  const content = `${pid}\n`;
  const temp = `${path}.${pid}.tmp`;
  try {
    writeWhole(temp, content, "w");
    try {
      linkSync(temp, path);
      return true;
    } catch (error) {
      if (errnoCode(error) === "EEXIST") return false;
      // File systems without hard links: an exclusive create (briefly empty; see readOwner).
      try {
        writeWhole(path, content, "wx");
        return true;
      } catch (fallbackError) {
        if (errnoCode(fallbackError) === "EEXIST") return false;
        throw fallbackError;
      }
    }
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Never created, or already gone.
    }
  }
}

function writeWhole(path: string, content: string, flags: "w" | "wx"): void {
  const fd = openSync(path, flags, 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

/** The pid of the live process other than `self` that holds the session's lock, if any (the
 *  /resume picker marks such a session). */
export function sessionLockHolder(
  dir: string,
  sessionId: string,
  self: number,
  isAlive: (pid: number) => boolean = processIsAlive,
): number | undefined {
  const owner = readOwner(sessionLockPath(dir, sessionId));
  return typeof owner === "number" && owner !== self && isAlive(owner) ? owner : undefined;
}

/** Takes the session's lock in `dir` (which must exist) for process `options.pid`. */
export function acquireSessionLock(dir: string, sessionId: string, options: LockOptions): LockOutcome {
  const path = sessionLockPath(dir, sessionId);
  const isAlive = options.isAlive ?? processIsAlive;
  // A few rounds: each either creates the lock, finds a live owner, or clears one stale lock.
  for (let round = 0; round < 5; round++) {
    try {
      if (create(path, options.pid)) return { type: "acquired", lock: heldLock(path, options.pid) };
    } catch (error) {
      return { type: "failed", path, reason: errnoReason(error) };
    }
    const owner = readOwner(path);
    if (owner === null) continue;
    // Our own pid can only be left over from an earlier process that had it. A lock without a pid is
    // being written right now, unless it has been like that for a while (a crash mid-write).
    if (owner === undefined ? !longAbandoned(path) : owner !== options.pid && isAlive(owner))
      return { type: "busy", path, pid: owner };
    // Stale: remove it unless it changed hands meanwhile, then try again.
    if (readOwner(path) !== owner) continue;
    try {
      unlinkSync(path);
    } catch (error) {
      if (errnoCode(error) !== "ENOENT") return { type: "failed", path, reason: errnoReason(error) };
    }
  }
  return { type: "failed", path, reason: "the lock kept changing hands" };
}

function longAbandoned(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > 10_000;
  } catch {
    return true;
  }
}

function heldLock(path: string, pid: number): SessionLock {
  let held = true;
  return {
    path,
    release() {
      if (!held) return;
      held = false;
      // Never remove a lock another process has taken over since.
      if (readOwner(path) !== pid) return;
      try {
        unlinkSync(path);
      } catch {
        // Already gone; nothing to release.
      }
    },
  };
}
