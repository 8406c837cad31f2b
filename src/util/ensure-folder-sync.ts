// Creating a folder and its missing parents without `mkdir({ recursive: true })`, which on Node 20
// can spin forever at full CPU when a parent cannot be made (e.g. HOME=/proc/self). Walks up to the
// nearest existing folder, then creates each missing one with a plain mkdir. Failures throw an Error
// whose message names the folder at fault; callers decide how to report it.
import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

const code = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;
const reason = (error: unknown) => code(error) ?? (error instanceof Error ? error.message : String(error));

/** Makes sure `directory` exists as a folder; new folders get `mode` (before the umask). */
export function ensureFolderSync(directory: string, mode = 0o777): void {
  const missing: string[] = [];
  let current = resolve(directory);
  for (;;) {
    let folder: boolean;
    try {
      folder = statSync(current).isDirectory();
    } catch (error) {
      if (code(error) !== "ENOENT" && code(error) !== "ENOTDIR")
        throw new Error(`cannot create folder ${directory}: ${current} is not accessible (${reason(error)})`);
      const parent = dirname(current);
      if (parent === current) throw new Error(`cannot create folder ${directory} (${reason(error)})`);
      missing.push(current);
      current = parent;
      continue;
    }
    if (folder) break;
    throw new Error(`cannot create folder ${directory}: ${current} is a file, not a folder`);
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      // Created meanwhile by someone else: fine when it is a folder.
      if (code(error) === "EEXIST" && isFolder(folder)) continue;
      throw new Error(`cannot create folder ${folder} (${reason(error)})`);
    }
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
