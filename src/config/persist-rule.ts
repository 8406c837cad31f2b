// Saves "yes, and don't ask again" permission rules (and rules added or removed with /permissions):
// edits `permissions.allow|deny|ask` of a settings file (normally `.agents/settings.local.json`),
// creating it when missing, keeping all other content and the file's mode, skipping duplicates, and
// replacing the file atomically (settings-file-edit.ts). A file that does not
// parse, or whose `permissions.allow` is not a list, is an error and is left untouched.
import { join } from "node:path";
import { UsageError } from "../util/index.js";
import { readSettingsObject, writeSettingsObject } from "./settings-file-edit.js";

/** The local settings file "don't ask again" rules go to, for a project root. */
export function localSettingsPath(projectRoot: string): string {
  return join(projectRoot, ".agents", "settings.local.json");
}

type Behavior = "allow" | "deny" | "ask";

/** Reads the settings file, lets `change` edit `permissions[behavior]`, and writes it back atomically
 *  when the list changed. Returns whether it changed. */
async function editRuleList(
  settingsPath: string,
  behavior: Behavior,
  change: (rules: unknown[]) => unknown[],
): Promise<boolean> {
  const settings = await readSettingsObject(settingsPath, "permission rules");
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
  await writeSettingsObject(settingsPath, settings);
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
