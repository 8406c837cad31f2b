// Reads the small text files the system prompt is built from (instruction files, imports, memory,
// git HEAD) and remembers them by mtime and size, so rebuilding the prompt every turn costs one
// stat per file and re-reads only what changed. Missing files are a normal outcome, not an error.
import { type Stats, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { errnoCode, errorMessage, isNotFound } from "../util/index.js";

/** Files larger than this are read only up to this many bytes (`cut` says so). */
const MAX_FILE_READ_BYTES = 256 * 1024;

export type FileRead =
  | { kind: "missing" }
  | { kind: "ok"; text: string; cut: boolean }
  | { kind: "error"; message: string };

export interface FileCache {
  read(path: string): Promise<FileRead>;
  /** How many times a file was actually read from disk (not served from the cache). */
  readonly reads: number;
}

type Entry = { mtimeMs: number; ctimeMs: number; size: number; text: string; cut: boolean; binary?: boolean };

const BINARY: FileRead = { kind: "error", message: "is a binary file, not text" };

function describe(error: unknown): string {
  const code = errnoCode(error);
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return errorMessage(error);
}

async function readBounded(path: string, limit: number): Promise<{ text: string; cut: boolean }> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    const cut = length > limit;
    return { text: buffer.subarray(0, Math.min(length, limit)).toString("utf8"), cut };
  } finally {
    await handle.close();
  }
}

export function createFileCache(maxBytes = MAX_FILE_READ_BYTES): FileCache {
  const entries = new Map<string, Entry>();
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    async read(path) {
      // The per-turn freshness check is a synchronous stat: much cheaper than a promise round trip.
      let info: Stats | undefined;
      try {
        info = statSync(path, { throwIfNoEntry: false });
      } catch (error) {
        entries.delete(path);
        if (isNotFound(error)) return { kind: "missing" };
        return { kind: "error", message: describe(error) };
      }
      if (!info) {
        entries.delete(path);
        return { kind: "missing" };
      }
      if (info.isDirectory()) {
        entries.delete(path);
        return { kind: "error", message: "is a directory, not a file" };
      }
      if (!info.isFile()) {
        // Reading a FIFO or a device (/dev/zero) would block or never end.
        entries.delete(path);
        return { kind: "error", message: "is not a regular file (a pipe, socket or device)" };
      }
      const cached = entries.get(path);
      if (
        cached &&
        cached.mtimeMs === info.mtimeMs &&
        cached.ctimeMs === info.ctimeMs &&
        cached.size === info.size
      ) {
        return cached.binary ? BINARY : { kind: "ok", text: cached.text, cut: cached.cut };
      }
      try {
        reads += 1;
        const { text, cut } = await readBounded(path, maxBytes);
        const binary = text.includes("\u0000");
        entries.set(path, {
          mtimeMs: info.mtimeMs,
          ctimeMs: info.ctimeMs,
          size: info.size,
          text,
          cut,
          binary,
        });
        return binary ? BINARY : { kind: "ok", text, cut };
      } catch (error) {
        entries.delete(path);
        if (isNotFound(error)) return { kind: "missing" };
        return { kind: "error", message: describe(error) };
      }
    },
  };
}
