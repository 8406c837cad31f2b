// Claude Code plugins: finding them (`--plugin-dir`, `enabledPlugins` through `extraKnownMarketplaces`,
// remote marketplaces cloned into reagent's cache) and reading each one's components as plain data.
// The owners of each component load them (app/ wires commands, agents, skills, hooks and MCP servers).

export { formatPluginList } from "./format-plugin-list.js";
export { loadPlugins, marketplacesFor } from "./load-plugins.js";
export { marketplaceFolder, pluginCacheDir, readMarketplace } from "./marketplace.js";
export {
  describeSource,
  type MarketplaceSource,
  parseSourceArgument,
  readMarketplaceSource,
} from "./marketplace-source.js";
export { pluginOutputStyleDirs } from "./output-styles.js";
export { enabledPlugins, splitPluginId } from "./plugin-settings.js";
export type { LoadedPlugin, PluginSet } from "./plugin-types.js";
