// Settings files merged in DESIGN.md §5 order: user → .claude/settings.json → .agents/settings.json →
// .claude/settings.local.json → .agents/settings.local.json → --settings FILE|JSON, plus the compact
// hooks file .agents/hooks.json. Later scalars win; hook and rule arrays concatenate (the hooks and
// permissions modules read the layers). Known fields are type-checked; errors name file and field.
// Key typos are not silently ignored (DESIGN.md §6): near-misses of the keys reagent reads warn,
// a case-only variant of a permissions key is an error; other keys Claude Code uses stay silent.
import { join, relative } from "node:path";
import { z } from "zod";
import { nearest } from "../util/edit-distance.js";
import { UsageError } from "../util/errors.js";
import { formatZodError } from "../util/format-zod-error.js";
import { parseJsonText, readJsonFile } from "./json-file.js";

export type SettingsLayer = { source: string; data: Record<string, unknown> };

const permissionsSchema = z
  .object({
    allow: z.array(z.string()).optional(),
    deny: z.array(z.string()).optional(),
    ask: z.array(z.string()).optional(),
    defaultMode: z.enum(["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk"]).optional(),
    additionalDirectories: z.array(z.string()).optional(),
  })
  .loose();

const settingsSchema = z
  .object({
    model: z.string().optional(),
    provider: z.enum(["anthropic", "openai"]).optional(),
    maxTurns: z.number().int().positive().optional(),
    contextWindow: z.number().int().positive().optional(),
    permissions: permissionsSchema.optional(),
    hooks: z.unknown().optional(),
    disableAllHooks: z.boolean().optional(),
    env: z.record(z.string(), z.string()).optional(),
  })
  .loose();

export type Settings = z.infer<typeof settingsSchema>;

/** Top-level keys reagent reads; near-misses of these (≤ 2 edits) are warned about. */
const USED_KEYS = [
  "permissions",
  "hooks",
  "model",
  "maxTurns",
  "contextWindow",
  "disableAllHooks",
  "provider",
];
const PERMISSION_KEYS = [
  "allow",
  "deny",
  "ask",
  "defaultMode",
  "additionalDirectories",
  "disableBypassPermissionsMode",
];

/** Warns about near-miss keys; throws when a permissions key differs only in case (a lost rule). */
function checkKeys(source: string, data: Record<string, unknown>, warnings: string[]): void {
  for (const key of Object.keys(data)) {
    if (USED_KEYS.includes(key)) continue;
    const near = nearest(key, USED_KEYS, 2);
    if (!near) continue;
    if (near === "permissions" && key.toLowerCase() === near)
      throw new UsageError(
        `${source}: "${key}": keys are case-sensitive; rename it to "permissions" (its rules are not applied as written)`,
      );
    warnings.push(`${source}: unknown setting "${key}" is ignored; did you mean "${near}"?`);
  }
  const permissions = data.permissions;
  if (!permissions || typeof permissions !== "object") return;
  for (const key of Object.keys(permissions)) {
    if (PERMISSION_KEYS.includes(key)) continue;
    const twin = PERMISSION_KEYS.find((name) => name.toLowerCase() === key.toLowerCase());
    if (twin)
      throw new UsageError(
        `${source}: permissions.${key}: keys are case-sensitive; rename it to "${twin}" (its rules are not applied as written)`,
      );
    const near = nearest(key, PERMISSION_KEYS, Math.max(2, Math.floor(key.length / 2)));
    const hint = near ? `did you mean ${near}?` : `known keys: ${PERMISSION_KEYS.join(", ")}`;
    warnings.push(`${source}: unknown key permissions.${key} is ignored; ${hint}`);
  }
}

function validate(source: string, data: unknown): Record<string, unknown> {
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new UsageError(`${source}: settings must be a JSON object`);
  const parsed = settingsSchema.safeParse(data);
  if (!parsed.success)
    throw new UsageError(`${source}: ${formatZodError(parsed.error)}; fix the field(s) named`);
  return data as Record<string, unknown>;
}

export type LoadedSettings = {
  layers: SettingsLayer[];
  compactHooks: SettingsLayer[];
  merged: Settings;
  /** Where "don't ask again" rules are written. */
  localSettingsPath: string;
  /** Likely typos in setting keys, each naming the file, the key and a suggestion; shown once at start-up. */
  warnings: string[];
};

export function loadSettings(options: {
  projectDir: string;
  homeDir: string;
  extra?: string[];
}): LoadedSettings {
  const display = (path: string) =>
    path.startsWith(options.projectDir)
      ? relative(options.projectDir, path) || "."
      : path.replace(options.homeDir, "~");
  const files = [
    join(options.homeDir, ".agents", "settings.json"),
    join(options.projectDir, ".claude", "settings.json"),
    join(options.projectDir, ".agents", "settings.json"),
    join(options.projectDir, ".claude", "settings.local.json"),
    join(options.projectDir, ".agents", "settings.local.json"),
  ];
  const layers: SettingsLayer[] = [];
  const warnings: string[] = [];
  const add = (source: string, data: unknown) => {
    const valid = validate(source, data);
    checkKeys(source, valid, warnings);
    layers.push({ source, data: valid });
  };
  for (const path of files) {
    const file = readJsonFile(path, display(path));
    if (file) add(file.path, file.data);
  }
  for (const value of options.extra ?? []) {
    const inline = value.trimStart().startsWith("{");
    const file = inline
      ? { path: "--settings", data: parseJsonText(value, "--settings") }
      : readJsonFile(value);
    if (!file) throw new UsageError(`--settings ${value}: file not found`);
    add(file.path, file.data);
  }
  const compactHooks: SettingsLayer[] = [];
  const hooksPath = join(options.projectDir, ".agents", "hooks.json");
  const hooksFile = readJsonFile(hooksPath, display(hooksPath));
  if (hooksFile) {
    if (!hooksFile.data || typeof hooksFile.data !== "object" || Array.isArray(hooksFile.data))
      throw new UsageError(`${hooksFile.path}: hooks file must be a JSON object`);
    compactHooks.push({ source: hooksFile.path, data: hooksFile.data as Record<string, unknown> });
  }
  const merged: Settings = {};
  for (const layer of layers) {
    const { permissions, ...rest } = layer.data as Settings;
    Object.assign(merged, rest);
    if (permissions?.defaultMode)
      merged.permissions = { ...merged.permissions, defaultMode: permissions.defaultMode };
  }
  return {
    layers,
    compactHooks,
    merged,
    localSettingsPath: join(options.projectDir, ".agents", "settings.local.json"),
    warnings,
  };
}
