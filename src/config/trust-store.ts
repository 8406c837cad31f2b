// Folder trust, the record: `~/.agents/trusted-folders.json` maps a folder (its real path) to the
// hash of the configuration the user trusted there and when. Written atomically (temporary file and
// rename) and readable only by the user. A record that cannot be read is treated as "nothing trusted"
// (the safe branch) and reported.
import { readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { ensureFolderSync, errnoReason, isNotFound, writeFileAtomic } from "../util/index.js";

type TrustRecord = { hash: string; trustedAt: string };
type TrustFile = { version: 1; folders: Record<string, TrustRecord> };

export function trustFilePath(homeDir: string): string {
  return join(homeDir, ".agents", "trusted-folders.json");
}

/** The key a folder is remembered by: its real path (a symlinked checkout is the same folder). */
export function folderKey(projectDir: string): string {
  try {
    return realpathSync(projectDir);
  } catch {
    return projectDir;
  }
}

function readTrustFile(path: string): { file: TrustFile; problem?: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (isNotFound(error)) return { file: { version: 1, folders: {} } };
    return { file: { version: 1, folders: {} }, problem: `cannot read ${path} (${errnoReason(error)})` };
  }
  try {
    const data = JSON.parse(text) as Partial<TrustFile>;
    if (data && typeof data.folders === "object" && data.folders !== null && !Array.isArray(data.folders))
      return { file: { version: 1, folders: data.folders } };
  } catch {
    // reported below
  }
  return { file: { version: 1, folders: {} }, problem: `${path} is damaged; no folder counts as trusted` };
}

export function readTrust(homeDir: string, projectDir: string): { record?: TrustRecord; problem?: string } {
  const { file, problem } = readTrustFile(trustFilePath(homeDir));
  const record = file.folders[folderKey(projectDir)];
  const valid = record && typeof record.hash === "string" ? record : undefined;
  return { ...(valid ? { record: valid } : {}), ...(problem ? { problem } : {}) };
}

/** Records (or, with `hash` undefined, forgets) the trusted configuration of a folder. */
export async function writeTrust(
  homeDir: string,
  projectDir: string,
  hash: string | undefined,
  now = new Date(),
): Promise<void> {
  const path = trustFilePath(homeDir);
  const { file } = readTrustFile(path);
  const key = folderKey(projectDir);
  if (hash === undefined) delete file.folders[key];
  else file.folders[key] = { hash, trustedAt: now.toISOString() };
  ensureFolderSync(dirname(path), 0o700);
  await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}
