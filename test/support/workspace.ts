// Temp-workspace helper: a real directory under the OS temp folder, removed by cleanup().
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export type Workspace = { dir: string; write(path: string, content: string): string; cleanup(): void };

export function createWorkspace(files: Record<string, string> = {}): Workspace {
  const dir = mkdtempSync(join(tmpdir(), "reagent-test-"));
  const workspace: Workspace = {
    dir,
    write(path, content) {
      const full = join(dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      return full;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
  for (const [path, content] of Object.entries(files)) workspace.write(path, content);
  return workspace;
}
