// The commands, agent files and skill folders of the run's plugins, read by their owners' discovery
// with the plugin's name as namespace (`/plugin:command`, agent type `plugin:agent`, skill
// `plugin:skill`). A plugin a folder's settings enabled counts as the project's, else as the user's.
import type { AgentFile } from "../agents/index.js";
import { readAgentFiles } from "../agents/index.js";
import type { CustomCommand } from "../commands/index.js";
import { discoverCommands } from "../commands/index.js";
import type { LoadedPlugin, PluginSet } from "../plugins/index.js";
import type { SkillRoot } from "../skills/index.js";

const sourceOf = (plugin: LoadedPlugin) =>
  plugin.scope === "project" || plugin.scope === "local" ? ("project" as const) : ("user" as const);

function roots(set: PluginSet, folders: (plugin: LoadedPlugin) => string[]) {
  return set.plugins.flatMap((plugin) =>
    folders(plugin).map((directory) => ({ directory, source: sourceOf(plugin), plugin: plugin.name })),
  );
}

export async function pluginComponents(
  set: PluginSet,
  where: { cwd: string; homeDir: string },
): Promise<{
  commands: CustomCommand[];
  agentFiles: AgentFile[];
  skillRoots: SkillRoot[];
  warnings: string[];
}> {
  if (set.plugins.length === 0) return { commands: [], agentFiles: [], skillRoots: [], warnings: [] };
  const [commands, agentFiles] = await Promise.all([
    discoverCommands({ ...where, roots: roots(set, (plugin) => plugin.commandDirs) }),
    readAgentFiles({ ...where, roots: roots(set, (plugin) => plugin.agentDirs) }),
  ]);
  return {
    commands: commands.commands,
    agentFiles,
    skillRoots: roots(set, (plugin) => plugin.skillDirs),
    warnings: commands.warnings,
  };
}
