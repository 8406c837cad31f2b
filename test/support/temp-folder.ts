// The one temp-folder helper of the test suite: a fresh real folder under the OS temp folder (by its
// real path, so tests compare paths the way the code under test resolves them), a tree of files
// written into it, and its removal. Every test that needs a folder on disk starts here.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A new, empty folder named `reagent-<label>-XXXXXX` under the OS temp folder. */
export function tempFolder(label = "test"): string {
  return realpathSync(mkdtempSync(join(tmpdir(), `reagent-${label}-`)));
}

/** Removes a folder made by tempFolder with everything in it (a missing folder is fine). */
export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** Writes `files` (relative path → content) under `root`, creating folders as needed. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [relative, content] of Object.entries(files)) {
    const target = join(root, relative);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}
