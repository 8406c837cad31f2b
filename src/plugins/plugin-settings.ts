// What the settings layers say about plugins, in Claude Code's keys: `extraKnownMarketplaces`
// (`{name: {source: {...}}}`) and `enabledPlugins` (`{"plugin@marketplace": true | false}`; a list of
// versions counts as on). Later layers win, as for every other setting.
import type { PluginScope } from "./plugin-types.js";
import { isObject } from "./read-json.js";

export type PluginLayer = {
  source: string;
  scope: Exclude<PluginScope, "cli">;
  data: Record<string, unknown>;
};

export type KnownMarketplace = { name: string; entry: unknown; scope: PluginLayer["scope"]; file: string };
export type EnabledPlugin = { id: string; enabled: boolean; scope: PluginLayer["scope"]; file: string };

export function knownMarketplaces(layers: readonly PluginLayer[]): Map<string, KnownMarketplace> {
  const known = new Map<string, KnownMarketplace>();
  for (const layer of layers) {
    const markets = layer.data.extraKnownMarketplaces;
    if (!isObject(markets)) continue;
    for (const [name, entry] of Object.entries(markets))
      known.set(name, { name, entry, scope: layer.scope, file: layer.source });
  }
  return known;
}

export function enabledPlugins(layers: readonly PluginLayer[]): Map<string, EnabledPlugin> {
  const enabled = new Map<string, EnabledPlugin>();
  for (const layer of layers) {
    const plugins = layer.data.enabledPlugins;
    if (!isObject(plugins)) continue;
    for (const [id, value] of Object.entries(plugins))
      enabled.set(id, {
        id,
        enabled: value === true || Array.isArray(value),
        scope: layer.scope,
        file: layer.source,
      });
  }
  return enabled;
}

/** `name@marketplace` split at its last `@`. */
export function splitPluginId(id: string): { name: string; marketplace: string } | undefined {
  const at = id.lastIndexOf("@");
  if (at <= 0 || at === id.length - 1) return undefined;
  return { name: id.slice(0, at), marketplace: id.slice(at + 1) };
}
