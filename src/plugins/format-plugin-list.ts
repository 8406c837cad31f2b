// The plugin listing of `reagent plugin list` and `/plugin`: each loaded plugin with its id, where it
// was enabled, version, folder and what it brings; then the switched-off ones and the problems.
import type { LoadedPlugin, PluginSet } from "./plugin-types.js";

function parts(plugin: LoadedPlugin): string {
  const count = (what: string, n: number) => (n > 0 ? [`${what}`] : []);
  const brings = [
    ...count("commands", plugin.commandDirs.length),
    ...count("agents", plugin.agentDirs.length),
    ...count("skills", plugin.skillDirs.length),
    ...count("hooks", plugin.hooks.length),
    ...count(`MCP servers (${Object.keys(plugin.mcp?.servers ?? {}).length})`, plugin.mcp ? 1 : 0),
    ...count("output styles", plugin.outputStyleDirs.length),
  ];
  return brings.length > 0 ? brings.join(", ") : "nothing reagent loads";
}

export function formatPluginList(set: PluginSet, disabled: readonly string[] = []): string {
  const lines: string[] = [];
  if (set.plugins.length === 0) lines.push("no plugins loaded (--plugin-dir, or enabledPlugins in settings)");
  for (const plugin of set.plugins) {
    const where = plugin.scope === "cli" ? "--plugin-dir" : `${plugin.scope}: ${plugin.enabledIn ?? ""}`;
    lines.push(`${plugin.id}${plugin.version ? ` ${plugin.version}` : ""}  (${where})`);
    lines.push(`    ${plugin.root}`);
    lines.push(`    ${parts(plugin)}`);
  }
  for (const id of disabled) lines.push(`${id}  (disabled)`);
  for (const problem of set.problems) lines.push(`error: ${problem}`);
  for (const notice of set.notices) lines.push(`note: ${notice}`);
  return lines.join("\n");
}
