// How Read, Write and Edit get at a file's text: the disk (every mode's default), or an editor's
// buffers when reagent runs inside one (ACP's fs/read_text_file and fs/write_text_file, so the model
// sees unsaved changes and the editor tracks what it writes). Existence, type and freshness checks
// stay on the disk either way; only the text goes through this port.
import { promises as fs } from "node:fs";
import { writeFileAtomic } from "../util/index.js";

export interface FileAccess {
  /** The file's text (throws an error with `code: "ENOENT"` when it does not exist). */
  readText(absolutePath: string): Promise<string>;
  /** Replaces the file's whole text; `mode` is the old file's, kept where the backend can. */
  writeText(absolutePath: string, text: string, options?: { mode?: number }): Promise<void>;
}

export const diskFileAccess: FileAccess = {
  readText: (absolutePath) => fs.readFile(absolutePath, "utf8"),
  writeText: (absolutePath, text, options = {}) => writeFileAtomic(absolutePath, text, options),
};

/** A "no such file" error as node:fs throws it, for backends that learn it another way. */
export function notFoundError(absolutePath: string, why: string): Error {
  return Object.assign(new Error(`${absolutePath}: ${why}`), { code: "ENOENT" });
}
