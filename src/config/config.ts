// The one configuration object a run is built from: the settings layers as loaded and validated
// (settings.ts), their merged scalars, and the permission rules and extra directories of every layer
// with the file each came from. Deeply frozen: nothing downstream can change what the files said.
// The composition root (cli/compose.ts) reads it without casts.
import { RULE_BEHAVIORS, type RuleBehavior } from "../contracts/index.js";
import { type LoadedSettings, loadSettings } from "./settings.js";

/** A permission rule as written, and the settings file it came from. */
type ConfiguredRule = { readonly rule: string; readonly source: string };

export type Config = Readonly<LoadedSettings> & {
  readonly permissions: {
    /** Every layer's rules in layer order (deny > ask > allow is the gate's business). */
    readonly rules: Readonly<Record<RuleBehavior, readonly ConfiguredRule[]>>;
    /** Every layer's `permissions.additionalDirectories`, in layer order, as written. */
    readonly additionalDirectories: readonly string[];
  };
};

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The run's configuration from loaded settings (frozen in place: the settings object itself too). */
export function configFrom(settings: LoadedSettings): Config {
  const rules: Record<RuleBehavior, ConfiguredRule[]> = { allow: [], deny: [], ask: [] };
  const additionalDirectories: string[] = [];
  for (const layer of settings.layers) {
    const permissions = layer.data.permissions;
    for (const behavior of RULE_BEHAVIORS)
      for (const rule of permissions?.[behavior] ?? []) rules[behavior].push({ rule, source: layer.source });
    additionalDirectories.push(...(permissions?.additionalDirectories ?? []));
  }
  return deepFreeze({ ...settings, permissions: { rules, additionalDirectories } });
}

export function loadConfig(options: Parameters<typeof loadSettings>[0]): Config {
  return configFrom(loadSettings(options));
}
