// Edits a settings file reagent writes for the user (rules from "don't ask again" and /permissions,
// `outputStyle` from /output-style): read it as a JSON object (missing or empty: `{}`), change it,
// and replace it atomically (util/atomic-write.ts), keeping the file's mode and all other content.
// A file that does not parse or is not an object is an error and is left untouched.
import { readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ensureFolderSync, errnoCode, errorMessage, UsageError, writeFileAtomic } from "../util/index.js";
import type { SettingsLayer } from "./settings.js";

/** The file's settings object; `purpose` ("permission rules") is named when it cannot be read. */
export async function readSettingsObject(
  settingsPath: string,
  purpose: string,
): Promise<Record<string, unknown>> {
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
    throw new UsageError(
      `${settingsPath}: invalid JSON (${errorMessage(error)}); fix the file before saving ${purpose} to it.`,
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new UsageError(`${settingsPath}: the settings file must contain a JSON object.`);
  return data as Record<string, unknown>;
}

/** Replaces the file with `settings` (its folder made when missing, its mode kept). */
export async function writeSettingsObject(
  settingsPath: string,
  settings: Record<string, unknown>,
): Promise<void> {
  ensureFolderSync(dirname(settingsPath));
  const existing = await stat(settingsPath).catch(() => undefined);
  await writeFileAtomic(
    settingsPath,
    `${JSON.stringify(settings, null, 2)}\n`,
    existing ? { mode: existing.mode } : {},
  );
}

/** Sets one top-level setting (`outputStyle`) in the file. */
export async function persistSetting(settingsPath: string, key: string, value: unknown): Promise<void> {
  const settings = await readSettingsObject(settingsPath, `"${key}"`);
  if (settings[key] === value) return;
  await writeSettingsObject(settingsPath, { ...settings, [key]: value });
}

/** Where `/output-style` saves the choice: the project's local settings file that sets it already
 *  (`.agents/settings.local.json` is read after Claude Code's), else `.claude/settings.local.json`. */
export function outputStyleSettingsPath(layers: readonly SettingsLayer[], projectDir: string): string {
  const setting = layers.findLast(
    (layer) => layer.scope === "local" && layer.path !== undefined && layer.data.outputStyle !== undefined,
  );
  return setting?.path ?? join(projectDir, ".claude", "settings.local.json");
}
