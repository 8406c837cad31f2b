// Test helper: creates a real temporary directory tree from a { "relative/path": "content" } map.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export async function makeTempDir(prefix = "reagent-prompt-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const path = join(root, relative);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  }
}
