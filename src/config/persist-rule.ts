// Saves "yes, and don't ask again" permission rules (and rules added or removed with /permissions):
// edits `permissions.allow|deny|ask` of a settings file (normally `.agents/settings.local.json`),
// creating it when missing, keeping all other content and the file's mode, skipping duplicates, and
// replacing the file atomically (util/atomic-write.ts). A file that does not
// parse, or whose `permissions.allow` is not a list, is an error and is left untouched.
import { readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.js";
import { ensureFolderSync } from "../util/ensure-folder-sync.js";
import { errnoCode } from "../util/errno.js";
import { errorMessage, UsageError } from "../util/errors.js";

/** The local settings file "don't ask again" rules go to, for a project root. */
export function localSettingsPath(projectRoot: string): string {
  return join(projectRoot, ".agents", "settings.local.json");
}

async function readSettings(settingsPath: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(settingsPath, "utf8");
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return {};
    throw error;
  }
  if (text.trim() === "") return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = errorMessage(error);
    throw new UsageError(
      `${settingsPath}: invalid JSON (${reason}); fix the file before saving permission rules to it.`,
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new UsageError(`${settingsPath}: the settings file must contain a JSON object.`);
  }
  return data as Record<string, unknown>;
}

type Behavior = "allow" | "deny" | "ask";

/** Reads the settings file, lets `change` edit `permissions[behavior]`, and writes it back atomically
 *  when the list changed. Returns whether it changed. */
async function editRuleList(
  settingsPath: string,
  behavior: Behavior,
  change: (rules: unknown[]) => unknown[],
): Promise<boolean> {
  const settings = await readSettings(settingsPath);
  const permissions = settings.permissions ?? {};
  if (typeof permissions !== "object" || permissions === null || Array.isArray(permissions)) {
    throw new UsageError(`${settingsPath}: "permissions" must be an object.`);
  }
  const record = permissions as Record<string, unknown>;
  const current = record[behavior] ?? [];
  if (!Array.isArray(current))
    throw new UsageError(`${settingsPath}: "permissions.${behavior}" must be a list.`);
  const next = change(current);
  if (next.length === current.length && next.every((rule, index) => rule === current[index])) return false;
  settings.permissions = { ...record, [behavior]: next };
  ensureFolderSync(dirname(settingsPath));
  const existing = await stat(settingsPath).catch(() => undefined);
  await writeFileAtomic(
    settingsPath,
    `${JSON.stringify(settings, null, 2)}\n`,
    existing ? { mode: existing.mode } : {},
  );
  return true;
}

/** Appends a rule to `permissions[behavior]` (no duplicates). */
export async function persistRule(settingsPath: string, behavior: Behavior, rule: string): Promise<void> {
  await editRuleList(settingsPath, behavior, (rules) => (rules.includes(rule) ? rules : [...rules, rule]));
}

export async function persistAllowRule(settingsPath: string, rule: string): Promise<void> {
  await persistRule(settingsPath, "allow", rule);
}

/** Removes a rule from `permissions[behavior]`; returns whether the file held it. */
export async function removePersistedRule(
  settingsPath: string,
  behavior: Behavior,
  rule: string,
): Promise<boolean> {
  return editRuleList(settingsPath, behavior, (rules) => rules.filter((entry) => entry !== rule));
}
