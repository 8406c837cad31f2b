// The output-style folders of the run's plugins, for the output-styles loader: each plugin's
// `output-styles/` (and the manifest's `outputStyles` paths); a style in one is named `plugin:style`.
import type { PluginSet } from "./plugin-types.js";

export function pluginOutputStyleDirs(
  set: PluginSet,
): Array<{ plugin: string; directory: string; scope: string }> {
  return set.plugins.flatMap((plugin) =>
    plugin.outputStyleDirs.map((directory) => ({ plugin: plugin.name, directory, scope: plugin.scope })),
  );
}
