// The `sandbox` settings object in Claude Code's names, and how its layers combine: a folder's files
// (project and local scopes) may only narrow it — switch it on, refuse to start without it, take away
// the unsandboxed option or the auto-allow, add read-only or hidden paths — while widening
// (`allowWrite`, `allowRead`, `excludedCommands`, `credentials.envVars`, `readOnlyHomePaths`,
// switching it off) counts only from user settings and --settings. Also `redactSecrets`, which only
// those scopes turn off.
import { z } from "zod";
import type { SettingsScope } from "./settings.js";

const paths = z.array(z.string());

export const sandboxSchema = z
  .object({
    enabled: z.boolean().optional(),
    failIfUnavailable: z.boolean().optional(),
    allowUnsandboxedCommands: z.boolean().optional(),
    autoAllowBashIfSandboxed: z.boolean().optional(),
    excludedCommands: z.array(z.string().trim().min(1)).optional(),
    filesystem: z
      .strictObject({
        allowWrite: paths.optional(),
        denyWrite: paths.optional(),
        denyRead: paths.optional(),
        allowRead: paths.optional(),
      })
      .optional(),
    network: z.record(z.string(), z.unknown()).optional(),
    credentials: z.strictObject({ envVars: z.array(z.string().trim().min(1)).optional() }).optional(),
    readOnlyHomePaths: paths.optional(),
  })
  .loose();

type SandboxSettingsData = z.infer<typeof sandboxSchema>;

/** The merged `sandbox` settings (absent fields: Claude Code's defaults, applied by the app). */
export type SandboxSettings = {
  enabled: boolean;
  failIfUnavailable: boolean;
  allowUnsandboxedCommands: boolean;
  autoAllowBashIfSandboxed: boolean;
  excludedCommands: string[];
  filesystem: { allowWrite: string[]; denyWrite: string[]; denyRead: string[]; allowRead: string[] };
  credentialsEnvVars: string[];
  /** reagent's: more home folder entries the read-only profile keeps visible (toolchains, their config). */
  readOnlyHomePaths: string[];
  /** Where a network allow list was configured (not supported: there is no network inside). */
  networkConfiguredIn: string[];
};

const SANDBOX_DEFAULTS: SandboxSettings = {
  enabled: false,
  failIfUnavailable: false,
  allowUnsandboxedCommands: true,
  autoAllowBashIfSandboxed: true,
  excludedCommands: [],
  filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] },
  credentialsEnvVars: [],
  readOnlyHomePaths: [],
  networkConfiguredIn: [],
};

const KNOWN_KEYS = [
  "enabled",
  "failIfUnavailable",
  "allowUnsandboxedCommands",
  "autoAllowBashIfSandboxed",
  "excludedCommands",
  "filesystem",
  "network",
  "credentials",
  "readOnlyHomePaths",
];

/** Claude Code keys reagent does not act on: said, never silently ignored. */
const UNSUPPORTED_KEYS: Record<string, string> = {
  enableWeakerNestedSandbox: "reagent's sandbox has no weaker mode",
  ignoreViolations: "reagent does not report violations to ignore",
};

type Layer = { source: string; scope: SettingsScope; sandbox?: SandboxSettingsData; redactSecrets?: boolean };

const widens = (scope: SettingsScope) => scope === "user" || scope === "flag";

/** The layers' `sandbox` objects merged (later scalars win, lists add up), with what a folder's files
 *  may not do reported in `warnings`. */
export function mergeSandboxSettings(layers: readonly Layer[]): {
  sandbox: SandboxSettings;
  warnings: string[];
} {
  const merged: SandboxSettings = structuredClone(SANDBOX_DEFAULTS);
  const warnings: string[] = [];
  const refuse = (source: string, key: string, what: string) =>
    warnings.push(
      `${source}: "sandbox.${key}" ${what} is ignored: only your user settings (~/.claude/settings.json, ~/.agents/settings.json) and --settings may widen the sandbox`,
    );
  for (const { source, scope, sandbox } of layers) {
    if (sandbox === undefined) continue;
    const wide = widens(scope);
    for (const key of Object.keys(sandbox)) {
      if (key in UNSUPPORTED_KEYS)
        warnings.push(
          `${source}: "sandbox.${key}" is not supported (${UNSUPPORTED_KEYS[key]}); it is ignored`,
        );
      else if (!KNOWN_KEYS.includes(key))
        warnings.push(
          `${source}: unknown setting "sandbox.${key}" is ignored; known keys: ${KNOWN_KEYS.join(", ")}`,
        );
    }
    // Narrowing flags: true from any scope; false (the wide value) only from the user's own scopes.
    for (const key of ["enabled", "failIfUnavailable"] as const) {
      const value = sandbox[key];
      if (value === undefined) continue;
      if (value || wide) merged[key] = value;
      else if (merged[key]) refuse(source, key, "false");
    }
    for (const key of ["allowUnsandboxedCommands", "autoAllowBashIfSandboxed"] as const) {
      const value = sandbox[key];
      if (value === undefined) continue;
      if (!value || wide) merged[key] = value;
      else if (!merged[key]) refuse(source, key, "true");
    }
    const filesystem = sandbox.filesystem ?? {};
    merged.filesystem.denyWrite.push(...(filesystem.denyWrite ?? []));
    merged.filesystem.denyRead.push(...(filesystem.denyRead ?? []));
    const widening: Array<[string, readonly string[] | undefined, string[]]> = [
      ["filesystem.allowWrite", filesystem.allowWrite, merged.filesystem.allowWrite],
      ["filesystem.allowRead", filesystem.allowRead, merged.filesystem.allowRead],
      ["excludedCommands", sandbox.excludedCommands, merged.excludedCommands],
      ["credentials.envVars", sandbox.credentials?.envVars, merged.credentialsEnvVars],
      ["readOnlyHomePaths", sandbox.readOnlyHomePaths, merged.readOnlyHomePaths],
    ];
    for (const [key, values, into] of widening) {
      if (values === undefined || values.length === 0) continue;
      if (wide) into.push(...values);
      else refuse(source, key, `(${values.join(", ")})`);
    }
    if (sandbox.network !== undefined && Object.keys(sandbox.network).length > 0)
      merged.networkConfiguredIn.push(source);
  }
  return { sandbox: merged, warnings };
}

/** `redactSecrets` (default on): a folder's files cannot turn it off. */
export function mergeRedactSecrets(layers: readonly Layer[]): { redactSecrets: boolean; warnings: string[] } {
  let redactSecrets = true;
  const warnings: string[] = [];
  for (const { source, scope, redactSecrets: value } of layers) {
    if (value === undefined) continue;
    if (value || widens(scope)) redactSecrets = value;
    else
      warnings.push(
        `${source}: "redactSecrets": false is ignored: only your user settings and --settings may turn secret redaction off`,
      );
  }
  return { redactSecrets, warnings };
}
