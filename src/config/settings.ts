// Settings files merged in order: ~/.claude/settings.json → ~/.agents/settings.json (user) →
// .claude/settings.json → .agents/settings.json (project) → .claude/settings.local.json →
// .agents/settings.local.json (local) → --settings FILE|JSON, plus the compact hooks file
// .agents/hooks.json (project). `--setting-sources` picks the scopes. Later scalars win, `env` merges by
// key, hook and rule arrays concatenate (the hooks and permissions modules read the layers).
// Known fields are type-checked; errors name file and field.
// Key typos are not silently ignored: near-misses of the keys reagent reads warn,
// a case-only variant of a permissions key is an error; other keys Claude Code uses stay silent.

import { join, relative, resolve } from "node:path";
import { z } from "zod";
import { PERMISSION_MODES } from "../contracts/index.js";
import { formatZodError, nearest, UsageError } from "../util/index.js";
import { type BudgetSettings, budgetSchema, mergeBudgetSettings } from "./budget-settings.js";
import { parseJsonText, readJsonFile } from "./json-file.js";
import {
  mergeRedactSecrets,
  mergeSandboxSettings,
  type SandboxSettings,
  sandboxSchema,
} from "./sandbox-settings.js";

/** Where a layer comes from: `--setting-sources` picks among user, project and local; `flag` is
 *  `--settings`, always applied. */
export type SettingsScope = "user" | "project" | "local" | "flag";
export const SETTING_SOURCES = ["user", "project", "local"] as const;

/** The settings files reagent reads, in layer order (the ones that exist are loaded). */
export function settingsFiles(
  projectDir: string,
  homeDir: string,
): Array<{ path: string; scope: SettingsScope }> {
  return [
    { path: join(homeDir, ".claude", "settings.json"), scope: "user" },
    { path: join(homeDir, ".agents", "settings.json"), scope: "user" },
    { path: join(projectDir, ".claude", "settings.json"), scope: "project" },
    { path: join(projectDir, ".agents", "settings.json"), scope: "project" },
    { path: join(projectDir, ".claude", "settings.local.json"), scope: "local" },
    { path: join(projectDir, ".agents", "settings.local.json"), scope: "local" },
  ];
}
export type SettingSource = (typeof SETTING_SOURCES)[number];

/** Which user- and project-level files (instructions, skills, commands, MCP configs) `--setting-sources`
 *  keeps (absent: all). */
export function settingLevels(sources: readonly SettingSource[] | undefined) {
  return { user: !sources || sources.includes("user"), project: !sources || sources.includes("project") };
}

/** One settings file as read: `data` is validated (known fields typed; other keys kept as they are). */
export type SettingsLayer<Data = SettingsData> = {
  source: string;
  data: Data;
  scope: SettingsScope;
  /** The absolute path of the file (absent for inline `--settings` JSON). */
  path?: string;
};

const permissionsSchema = z
  .object({
    allow: z.array(z.string()).optional(),
    deny: z.array(z.string()).optional(),
    ask: z.array(z.string()).optional(),
    defaultMode: z.enum(PERMISSION_MODES).optional(),
    additionalDirectories: z.array(z.string()).optional(),
  })
  .loose();

const webFetchSchema = z.strictObject({
  /** Let WebFetch reach loopback, private (RFC 1918), IPv6 unique-local and CGNAT addresses. */
  allowPrivateNetwork: z.boolean().optional(),
  /** The model that condenses fetched pages (a small, fast one); default: the session's model. */
  model: z.string().min(1).optional(),
});

const webSearchSchema = z.strictObject({
  /** Which backend WebSearch uses; default: Anthropic's server search on Anthropic, else the first key set. */
  provider: z.enum(["anthropic", "brave", "tavily", "searxng", "off"]).optional(),
  /** A SearXNG instance (instead of SEARXNG_URL). */
  searxngUrl: z.url({ protocol: /^https?$/ }).optional(),
});

const statusLineSchema = z
  .object({
    type: z.literal("command"),
    command: z.string().trim().min(1),
    /** Extra columns before the line (Claude Code's `padding`, default 0). */
    padding: z.number().int().nonnegative().optional(),
  })
  .loose();

const settingsSchema = z
  .object({
    model: z.string().optional(),
    provider: z.enum(["anthropic", "openai", "openai-responses", "bedrock"]).optional(),
    /** A shell command whose stdout is the API key (Claude Code's setting). */
    apiKeyHelper: z.string().trim().min(1).optional(),
    maxTurns: z.number().int().positive().optional(),
    effort: z.enum(["low", "medium", "high", "max"]).optional(),
    /** Prices for models reagent does not know (US dollars per million tokens). */
    modelPricing: z
      .record(
        z.string(),
        z.object({
          input: z.number().nonnegative(),
          output: z.number().nonnegative(),
          cacheWrite: z.number().nonnegative().optional(),
          cacheRead: z.number().nonnegative().optional(),
          /** US dollars per server-side web search request. */
          webSearch: z.number().nonnegative().optional(),
        }),
      )
      .optional(),
    contextWindow: z.number().int().positive().optional(),
    permissions: permissionsSchema.optional(),
    hooks: z.unknown().optional(),
    disableAllHooks: z.boolean().optional(),
    // Claude Code files sometimes write numbers or booleans; they reach the environment as text.
    env: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    requireTrust: z.boolean().optional(),
    webFetch: webFetchSchema.optional(),
    webSearch: webSearchSchema.optional(),
    /** The OS sandbox (Claude Code's names; see sandbox-settings.ts for what a folder may set). */
    sandbox: sandboxSchema.optional(),
    /** Secrets in tool, hook and MCP output are replaced before the model sees them (default true). */
    redactSecrets: z.boolean().optional(),
    /** The REPL's status line from a command (Claude Code's shape; see app/status-line.ts). */
    statusLine: statusLineSchema.optional(),
    /** The output style's name (built-in, `output-styles/*.md`, or `plugin:name`). */
    outputStyle: z.string().trim().min(1).optional(),
    /** Spend caps (budget-settings.ts: the lowest of any layer counts). */
    budget: budgetSchema.optional(),
    /** Checkpoints before each prompt's first change, for /rewind (Claude Code's name; default true). */
    fileCheckpointingEnabled: z.boolean().optional(),
    /** Claude Code's plugin switches: `"plugin@marketplace": true | false` (a version list counts as on). */
    enabledPlugins: z.record(z.string(), z.union([z.boolean(), z.array(z.string())])).optional(),
    /** Marketplaces by name: `{"source": {"source": "directory" | "file" | "github" | "git", …}}`. */
    extraKnownMarketplaces: z
      .record(z.string(), z.object({ source: z.object({ source: z.string() }).loose() }).loose())
      .optional(),
  })
  .loose();

/** One settings file's content after validation. */
type SettingsData = z.infer<typeof settingsSchema>;
type SettingsFile = SettingsData;

/** The merged view of the layers (permission rules and hooks are read per layer). */
type Settings = {
  model?: string;
  provider?: SettingsFile["provider"];
  /** The command of the latest layer that names one. */
  apiKeyHelper?: string;
  maxTurns?: number;
  contextWindow?: number;
  permissions?: { defaultMode?: NonNullable<SettingsFile["permissions"]>["defaultMode"] };
  disableAllHooks?: boolean;
  /** Every layer's `env`, later layers winning key by key; values as text. */
  env?: Record<string, string>;
  /** Headless runs refuse untrusted folder configuration; read from user settings and --settings only. */
  requireTrust?: boolean;
  /** `webFetch` of every layer, later layers winning key by key (see tools/web). */
  webFetch?: SettingsFile["webFetch"];
  webSearch?: SettingsFile["webSearch"];
  effort?: SettingsFile["effort"];
  /** `modelPricing` of every layer, later layers winning model by model. */
  modelPricing?: SettingsFile["modelPricing"];
  /** Every layer's `sandbox`, a folder's files only narrowing it (sandbox-settings.ts). */
  sandbox: SandboxSettings;
  redactSecrets: boolean;
  /** The latest layer's `statusLine`, and the scope of the file it came from (folder trust). */
  statusLine?: NonNullable<SettingsFile["statusLine"]> & { scope: SettingsScope; source: string };
  outputStyle?: string;
  /** Every layer's `budget`, each cap the lowest any layer sets (budget-settings.ts). */
  budget: BudgetSettings;
  fileCheckpointingEnabled?: boolean;
};

/** Top-level keys reagent reads; near-misses of these (≤ 2 edits) are warned about. */
const USED_KEYS = [
  "permissions",
  "hooks",
  "model",
  "maxTurns",
  "contextWindow",
  "disableAllHooks",
  "provider",
  "env",
  "requireTrust",
  "webFetch",
  "webSearch",
  "effort",
  "modelPricing",
  "apiKeyHelper",
  "sandbox",
  "redactSecrets",
  "statusLine",
  "outputStyle",
  "budget",
  "fileCheckpointingEnabled",
  "enabledPlugins",
  "extraKnownMarketplaces",
];
/** Claude Code keys close to one reagent reads that are not typos of it. */
const OTHER_CLAUDE_KEYS = ["outputStyles"];
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
    if (USED_KEYS.includes(key) || OTHER_CLAUDE_KEYS.includes(key)) continue;
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

function validate(source: string, data: unknown): SettingsData {
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new UsageError(`${source}: settings must be a JSON object`);
  const parsed = settingsSchema.safeParse(data);
  if (!parsed.success)
    throw new UsageError(`${source}: ${formatZodError(parsed.error)}; fix the field(s) named`);
  return parsed.data;
}

export type LoadedSettings = {
  layers: SettingsLayer[];
  /** The compact `.agents/hooks.json` files (the hooks module validates their content). */
  compactHooks: Array<SettingsLayer<Record<string, unknown>>>;
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
  /** `--setting-sources`: the scopes to read (default all); `--settings` always applies. */
  sources?: readonly SettingSource[];
}): LoadedSettings {
  const display = (path: string) =>
    path.startsWith(options.projectDir)
      ? relative(options.projectDir, path) || "."
      : path.replace(options.homeDir, "~");
  const files = settingsFiles(options.projectDir, options.homeDir);
  const sources = new Set<SettingsScope>(options.sources ?? SETTING_SOURCES);
  const layers: SettingsLayer[] = [];
  const warnings: string[] = [];
  const add = (source: string, data: unknown, scope: SettingsScope, path?: string) => {
    const valid = validate(source, data);
    checkKeys(source, valid, warnings);
    if (valid.requireTrust !== undefined && (scope === "project" || scope === "local"))
      warnings.push(
        `${source}: "requireTrust" is read only from user settings (~/.claude/settings.json, ~/.agents/settings.json) and --settings; a folder cannot opt itself out of the trust check`,
      );
    layers.push({ source, data: valid, scope, ...(path ? { path } : {}) });
  };
  // Run in the home folder, ~/.claude/settings.json is both the user and the project file: read once.
  const seen = new Set<string>();
  for (const { path, scope } of files) {
    if (seen.has(path)) continue;
    seen.add(path);
    if (!sources.has(scope)) continue;
    const file = readJsonFile(path, display(path));
    if (file) add(file.path, file.data, scope, path);
  }
  for (const value of options.extra ?? []) {
    const inline = value.trimStart().startsWith("{");
    const file = inline
      ? { path: "--settings", data: parseJsonText(value, "--settings") }
      : readJsonFile(value);
    if (!file) throw new UsageError(`--settings ${value}: file not found`);
    add(file.path, file.data, "flag", inline ? undefined : resolve(options.projectDir, value));
  }
  warnings.push(...mergeSandboxSettings(sandboxLayers(layers)).warnings);
  warnings.push(...mergeRedactSecrets(sandboxLayers(layers)).warnings);
  const compactHooks: Array<SettingsLayer<Record<string, unknown>>> = [];
  const hooksPath = join(options.projectDir, ".agents", "hooks.json");
  const hooksFile = sources.has("project") ? readJsonFile(hooksPath, display(hooksPath)) : undefined;
  if (hooksFile) {
    const data = hooksFile.data;
    if (!isJsonObject(data)) throw new UsageError(`${hooksFile.path}: hooks file must be a JSON object`);
    compactHooks.push({
      source: hooksFile.path,
      data,
      scope: "project",
      path: hooksPath,
    });
  }
  return {
    layers,
    compactHooks,
    merged: mergeLayers(layers),
    localSettingsPath: join(options.projectDir, ".agents", "settings.local.json"),
    warnings,
  };
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const sandboxLayers = (layers: readonly SettingsLayer[]) =>
  layers.map(({ source, scope, data }) => ({
    source,
    scope,
    sandbox: data.sandbox,
    redactSecrets: data.redactSecrets,
  }));

/** Later scalars win; `env` merges key by key. */
export function mergeLayers(layers: readonly SettingsLayer[]): Settings {
  const merged: Settings = {
    sandbox: mergeSandboxSettings(sandboxLayers(layers)).sandbox,
    redactSecrets: mergeRedactSecrets(sandboxLayers(layers)).redactSecrets,
    budget: mergeBudgetSettings(layers.map(({ source, data }) => ({ source, budget: data.budget }))),
  };
  for (const layer of layers) {
    const data = layer.data;
    const { permissions, env, requireTrust } = data;
    for (const key of [
      "model",
      "provider",
      "maxTurns",
      "contextWindow",
      "disableAllHooks",
      "effort",
      "apiKeyHelper",
      "outputStyle",
      "fileCheckpointingEnabled",
    ] as const)
      if (data[key] !== undefined) Object.assign(merged, { [key]: data[key] });
    if (permissions?.defaultMode)
      merged.permissions = { ...merged.permissions, defaultMode: permissions.defaultMode };
    if (env) merged.env = { ...merged.env, ...stringValues(env) };
    if (requireTrust !== undefined && (layer.scope === "user" || layer.scope === "flag"))
      merged.requireTrust = requireTrust;
    if (data.webFetch) merged.webFetch = { ...merged.webFetch, ...data.webFetch };
    if (data.webSearch) merged.webSearch = { ...merged.webSearch, ...data.webSearch };
    if (data.modelPricing) merged.modelPricing = { ...merged.modelPricing, ...data.modelPricing };
    if (data.statusLine) merged.statusLine = { ...data.statusLine, scope: layer.scope, source: layer.source };
  }
  return merged;
}

function stringValues(env: Record<string, string | number | boolean>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value)]));
}
