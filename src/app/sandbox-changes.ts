// The next session is not the sandbox's way out: at each start the record of what this folder's
// session applied is kept (config/applied-record.ts), and a headless start refuses the folder's
// configuration when it differs from what the last sandboxed session here applied, or when one of
// its files changed after a sandboxed session started in a folder whose workspace holds this one
// (whose commands could write here). A person's trust (`reagent trust`, the interactive question)
// lifts it; the interactive start asks anyway, as for any change.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { TrustSubject } from "../config/index.js";
import { type AppliedRecord, appliedFor, folderKey, readApplied, writeApplied } from "../config/index.js";
import { isInside } from "../util/index.js";

type Where = { cwd: string; homeDir: string };

/** Why the folder's configuration may have been written by sandboxed commands, or undefined. */
export function changedWhileSandboxed(where: Where, subject: TrustSubject): string | undefined {
  const { folders, damaged, problem } = readApplied(where.homeDir);
  if (damaged)
    return `${problem}, so whether this folder's configuration changed while commands ran in the sandbox cannot be told`;
  const own = appliedFor(folders, where.cwd);
  if (own?.sandboxed && own.hash !== subject.hash)
    return `this folder's configuration changed since a session here with the sandbox on (started ${own.at}), whose commands may have written it`;
  const real = folderKey(where.cwd);
  for (const [folder, record] of Object.entries(folders)) {
    if (folder === real || !record.sandboxed || !record.roots.some((root) => isInside(root, real))) continue;
    const since = Date.parse(record.at);
    for (const source of new Set(subject.items.map((item) => item.source))) {
      const changed = statSync(resolve(where.cwd, source), { throwIfNoEntry: false })?.ctimeMs;
      if (changed !== undefined && changed >= since)
        return `${source} changed after a session with the sandbox on started in ${folder} (${record.at}), whose commands could write here`;
    }
  }
  return undefined;
}

/** Records what this session applies (the caller skips it when the folder's configuration is
 *  withheld); a run of sandboxed sessions keeps the time the first one started. A folder no sandboxed
 *  session ever ran in gets no record (nothing is written to the home folder for it). */
export async function recordApplied(
  where: Where,
  applied: { hash: string; sandboxed: boolean; roots: readonly string[] },
  now = new Date(),
): Promise<void> {
  const previous = appliedFor(readApplied(where.homeDir).folders, where.cwd);
  if (previous === undefined && !applied.sandboxed) return;
  const at = previous?.sandboxed && applied.sandboxed ? previous.at : now.toISOString();
  const record: AppliedRecord = { ...applied, roots: [...applied.roots], at };
  if (previous && JSON.stringify(previous) === JSON.stringify(record)) return;
  await writeApplied(where.homeDir, where.cwd, record);
}
