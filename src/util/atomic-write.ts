// The one atomic file replacement: write a temporary file in the target's folder, flush it, then
// rename it over the target, so a crash or kill never leaves a half-written file and readers see the
// old content or the new, never a mix. The target gets a new inode (a hard link to the old file keeps
// the old content). Mode bits are applied exactly as given (the umask does not change them).
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

/** Writes `content` to `filePath` atomically; `mode` (e.g. the old file's) is applied to the result. */
export async function writeFileAtomic(
  filePath: string,
  content: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  const directory = path.dirname(filePath);
  const temporary = path.join(directory, `.${path.basename(filePath)}.${randomBytes(6).toString("hex")}.tmp`);
  const mode = options.mode ?? 0o666;
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(temporary, "wx", mode);
    await handle.writeFile(content);
    await handle.sync();
    if (options.mode !== undefined) await handle.chmod(options.mode & 0o7777);
    await handle.close();
    handle = undefined;
    await fs.rename(temporary, filePath);
  } catch (error) {
    await handle?.close().catch(() => {});
    await fs.rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
  await syncFolder(directory);
}

/** Flushes the folder entry of the rename; best effort (some file systems refuse to sync a folder). */
async function syncFolder(directory: string): Promise<void> {
  const handle = await fs.open(directory, "r").catch(() => undefined);
  await handle?.sync().catch(() => {});
  await handle?.close().catch(() => {});
}
