// The per-session record of what Read has shown (path, size, mtime, range), used by Write and Edit
// to refuse overwriting a file the model has not seen or that changed on disk since.
import type { FileSnapshot, FileStateStore } from "./tool.js";

export function createFileStateStore(): FileStateStore {
  const snapshots = new Map<string, FileSnapshot>();
  return {
    get: (absolutePath) => snapshots.get(absolutePath),
    set: (snapshot) => {
      snapshots.set(snapshot.path, snapshot);
    },
  };
}

type Freshness =
  | { state: "fresh" }
  | { state: "not_read_yet" }
  | { state: "file_changed"; snapshot: FileSnapshot };

/** Compares the remembered snapshot with the file's current size and mtime. */
function checkFreshness(
  store: FileStateStore,
  realPath: string,
  current: { size: number; mtimeMs: number },
): Freshness {
  const snapshot = store.get(realPath);
  if (!snapshot) return { state: "not_read_yet" };
  if (snapshot.size !== current.size || snapshot.mtimeMs !== current.mtimeMs) {
    return { state: "file_changed", snapshot };
  }
  return { state: "fresh" };
}

/** Records the state of a file this session just wrote, so consecutive edits need no re-read. */
export function rememberWritten(
  store: FileStateStore,
  realPath: string,
  stat: { size: number; mtimeMs: number },
): void {
  store.set({ path: realPath, size: stat.size, mtimeMs: stat.mtimeMs, readAt: Date.now() });
}

/** The coded failure Write/Edit return for a stale or unread file, or undefined when fresh. */
export function staleFileFailure(
  store: FileStateStore,
  realPath: string,
  current: { size: number; mtimeMs: number },
  shown: string,
): { code: "not_read_yet" | "file_changed"; message: string } | undefined {
  const freshness = checkFreshness(store, realPath, current);
  if (freshness.state === "not_read_yet") {
    return {
      code: "not_read_yet",
      message: `${shown} has not been read in this session. Read it first, then retry.`,
    };
  }
  if (freshness.state === "file_changed") {
    return {
      code: "file_changed",
      message: `${shown} has changed on disk since it was read (by the user, a formatter or another process). Read it again, then retry.`,
    };
  }
  return undefined;
}
