// The records the plugins module hands to the rest of reagent: where a plugin came from, the folder it
// lives in, and its components as plain data (folders to search, hook and MCP documents with
// ${CLAUDE_PLUGIN_ROOT} already expanded). Loading the components is left to the modules that own
// them (commands, agents, skills, hooks, mcp); app/ wires them.

/** Which settings scope enabled a plugin; `cli` is `--plugin-dir` (the user's own, for this run). */
export type PluginScope = "user" | "project" | "local" | "flag" | "cli";

export type PluginFolder = {
  /** The plugin's name (plugin.json `name`, else its folder's name): the namespace of its parts. */
  name: string;
  /** `name@marketplace` (`name@inline` for --plugin-dir). */
  id: string;
  /** The plugin's folder (CLAUDE_PLUGIN_ROOT). */
  root: string;
  scope: PluginScope;
  /** The settings file that enabled it (absent for --plugin-dir). */
  enabledIn?: string;
};

/** One hooks document of a plugin in the settings shape (`{ "hooks": { Event: [groups] } }`). */
export type PluginHooksFile = { source: string; data: { hooks: unknown } };

export type LoadedPlugin = PluginFolder & {
  version?: string;
  description?: string;
  commandDirs: string[];
  agentDirs: string[];
  skillDirs: string[];
  outputStyleDirs: string[];
  hooks: PluginHooksFile[];
  /** MCP servers keyed `plugin_<plugin>_<server>`, with the file they came from. */
  mcp?: { source: string; servers: Record<string, unknown> };
};

export type PluginSet = {
  plugins: LoadedPlugin[];
  /** Broken or unresolvable plugins, each naming its path or id and what to do; said at start-up. */
  problems: string[];
  /** Things that did not stop a plugin from loading (a refresh that failed: the cached copy is used). */
  notices: string[];
};
