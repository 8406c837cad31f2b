// A plugin's hooks as hook-config sources: its hooks files in the settings shape, named after the
// plugin (so `reagent hooks list` shows where they come from), with CLAUDE_PLUGIN_ROOT in their
// environment, the folder's own (sandboxed, trust-gated) when a project or local settings file enabled
// the plugin. A plugin whose hooks do not validate is reported and its hooks left out; the rest load.
import { HookConfigError, loadHookConfig } from "../hooks/index.js";
import type { PluginSet } from "../plugins/index.js";
import { errorMessage } from "../util/index.js";

type PluginHookSource = {
  source: string;
  data: unknown;
  scope: "user" | "project" | "local";
  env: Record<string, string>;
};

export function pluginHookSources(
  set: PluginSet,
  projectDir: string,
  validateRule: (rule: string) => string | null,
  warnings: string[],
): PluginHookSource[] {
  const sources: PluginHookSource[] = [];
  for (const plugin of set.plugins) {
    const scope: PluginHookSource["scope"] =
      plugin.scope === "project" || plugin.scope === "local" ? plugin.scope : "user";
    const own = plugin.hooks.map(
      (file): PluginHookSource => ({
        source: file.source,
        data: file.data,
        scope,
        env: { CLAUDE_PLUGIN_ROOT: plugin.root },
      }),
    );
    try {
      loadHookConfig({ settings: own, compactFiles: [], disabled: false, projectDir, validateRule });
      sources.push(...own);
    } catch (error) {
      const problem = error instanceof HookConfigError ? error.message : errorMessage(error);
      warnings.push(`plugin ${plugin.id}: its hooks are not loaded: ${problem}`);
    }
  }
  return sources;
}
