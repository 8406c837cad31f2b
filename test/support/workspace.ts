// Temp-workspace helper: a real folder (temp-folder.ts) with files written into it, and a cleanup.
import { join } from "node:path";
import { removeFolder, tempFolder, writeTree } from "./temp-folder.js";

export type Workspace = { dir: string; write(path: string, content: string): string; cleanup(): void };

export function createWorkspace(files: Record<string, string> = {}): Workspace {
  const dir = tempFolder();
  writeTree(dir, files);
  return {
    dir,
    write(path, content) {
      writeTree(dir, { [path]: content });
      return join(dir, path);
    },
    cleanup: () => removeFolder(dir),
  };
}
