// Writes the plugin keys Claude Code writes — `extraKnownMarketplaces.<name>` and
// `enabledPlugins["plugin@marketplace"]` — into one settings file, keeping everything else in it;
// the scope picks the file as Claude Code's `--scope` does (user: ~/.claude/settings.json, project:
// .claude/settings.json, local: .claude/settings.local.json).
import { join } from "node:path";
import { UsageError } from "../util/index.js";
import { readSettingsObject, writeSettingsObject } from "./settings-file-edit.js";

export const PLUGIN_SCOPES = ["user", "project", "local"] as const;
export type PluginSettingsScope = (typeof PLUGIN_SCOPES)[number];

export function pluginSettingsPath(
  scope: PluginSettingsScope,
  where: { cwd: string; homeDir: string },
): string {
  if (scope === "user") return join(where.homeDir, ".claude", "settings.json");
  return join(where.cwd, ".claude", scope === "project" ? "settings.json" : "settings.local.json");
}

/** Sets (or, with `undefined`, removes) `key.name` in the file; returns the value it had. */
export async function setPluginSetting(
  path: string,
  key: "enabledPlugins" | "extraKnownMarketplaces",
  name: string,
  value: unknown,
): Promise<unknown> {
  const settings = await readSettingsObject(path, `"${key}"`);
  const current = settings[key] ?? {};
  if (typeof current !== "object" || current === null || Array.isArray(current))
    throw new UsageError(`${path}: "${key}" must be an object`);
  const entries = { ...(current as Record<string, unknown>) };
  const before = entries[name];
  if (value === undefined) delete entries[name];
  else entries[name] = value;
  settings[key] = entries;
  await writeSettingsObject(path, settings);
  return before;
}
