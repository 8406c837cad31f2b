// What each folder's last session applied of the folder's own configuration, and whether its
// commands ran in the sandbox: `~/.agents/applied-folders.json` maps a folder (its real path) to the
// trust-subject hash applied at session start, the workspace roots and the time. A later start
// compares against it, so configuration that appeared or changed while sandboxed commands ran is not
// applied until a person trusts it (app/folder-trust.ts). Written atomically, readable only by the user.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ensureFolderSync, errnoReason, isNotFound, writeFileAtomic } from "../util/index.js";
import { folderKey } from "./trust-store.js";

export type AppliedRecord = {
  /** The trust-subject hash of what the session applied (the empty subject's hash when there was none). */
  hash: string;
  /** The session's commands ran in the workspace-write sandbox. */
  sandboxed: boolean;
  /** The workspace roots of that session (real paths). */
  roots: string[];
  /** When it started (ISO time). */
  at: string;
};

type AppliedFile = { version: 1; folders: Record<string, AppliedRecord> };

export function appliedFilePath(homeDir: string): string {
  return join(homeDir, ".agents", "applied-folders.json");
}

function isRecord(value: unknown): value is AppliedRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<AppliedRecord>;
  return (
    typeof record.hash === "string" &&
    typeof record.sandboxed === "boolean" &&
    Array.isArray(record.roots) &&
    typeof record.at === "string"
  );
}

/** Every folder's record; an unreadable file is reported and counts as "every folder sandboxed
 *  with an unknown configuration" (`damaged`: the safe branch). */
export function readApplied(homeDir: string): {
  folders: Record<string, AppliedRecord>;
  problem?: string;
  damaged?: boolean;
} {
  const path = appliedFilePath(homeDir);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (isNotFound(error)) return { folders: {} };
    return { folders: {}, damaged: true, problem: `cannot read ${path} (${errnoReason(error)})` };
  }
  try {
    const data = JSON.parse(text) as Partial<AppliedFile>;
    if (data && typeof data.folders === "object" && data.folders !== null && !Array.isArray(data.folders)) {
      const folders: Record<string, AppliedRecord> = {};
      for (const [key, value] of Object.entries(data.folders)) if (isRecord(value)) folders[key] = value;
      return { folders };
    }
  } catch {
    // reported below
  }
  return { folders: {}, damaged: true, problem: `${path} is damaged` };
}

export function appliedFor(
  folders: Record<string, AppliedRecord>,
  projectDir: string,
): AppliedRecord | undefined {
  return folders[folderKey(projectDir)];
}

/** Records what this folder's session applied (at its start). */
export async function writeApplied(
  homeDir: string,
  projectDir: string,
  record: AppliedRecord,
): Promise<void> {
  const path = appliedFilePath(homeDir);
  const { folders } = readApplied(homeDir);
  folders[folderKey(projectDir)] = record;
  ensureFolderSync(dirname(path), 0o700);
  const file: AppliedFile = { version: 1, folders };
  await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}
