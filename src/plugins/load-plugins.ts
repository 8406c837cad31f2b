// The run's plugins: every `--plugin-dir` folder first (they win over an installed plugin of the same
// name), then each plugin `enabledPlugins` turns on, found through its marketplace (`extraKnownMarketplaces`,
// or the marketplaces Claude Code itself recorded in ~/.claude/plugins/known_marketplaces.json).
// Each plugin that cannot be found or read is one problem naming its id or path; the others load.
import { join, resolve } from "node:path";
import { loadPlugin } from "./load-plugin.js";
import {
  type Fetching,
  MARKETPLACE_PATH,
  type Marketplace,
  marketplaceFolder,
  pluginFolderOf,
  readMarketplace,
} from "./marketplace.js";
import { readMarketplaceSource } from "./marketplace-source.js";
import {
  type EnabledPlugin,
  enabledPlugins,
  type KnownMarketplace,
  knownMarketplaces,
  type PluginLayer,
  splitPluginId,
} from "./plugin-settings.js";
import type { LoadedPlugin, PluginSet } from "./plugin-types.js";
import { isObject, readJson } from "./read-json.js";

type LoadPluginsInput = Fetching & {
  layers: readonly PluginLayer[];
  /** `--plugin-dir` folders, relative to cwd. */
  pluginDirs: readonly string[];
  /** `--plugin-dir-no-mcp` folders (the SDK's `skipMcpDiscovery`): loaded without their MCP servers. */
  pluginDirsNoMcp?: readonly string[];
};

export function loadPlugins(input: LoadPluginsInput): PluginSet {
  const plugins: LoadedPlugin[] = [];
  const problems: string[] = [];
  const notices: string[] = [];
  const add = (plugin: LoadedPlugin) => {
    const earlier = plugins.find((other) => other.name === plugin.name);
    if (earlier)
      notices.push(`plugin ${plugin.id} (${plugin.root}) is shadowed by ${earlier.id} (${earlier.root})`);
    else plugins.push(plugin);
  };
  const inline = [
    ...input.pluginDirs.map((dir) => ({ dir, mcp: true })),
    ...(input.pluginDirsNoMcp ?? []).map((dir) => ({ dir, mcp: false })),
  ];
  for (const { dir, mcp } of inline) {
    const loaded = loadPlugin({ root: resolve(input.cwd, dir), scope: "cli", marketplace: "inline" });
    if ("problem" in loaded) problems.push(`--plugin-dir ${dir}: ${loaded.problem}`);
    else if (mcp) add(loaded.plugin);
    else {
      const { mcp: _servers, ...plugin } = loaded.plugin;
      add(plugin);
    }
  }
  const open = marketplaceOpener(marketplacesFor(input.layers, input.homeDir), input, notices);
  for (const wanted of enabledPlugins(input.layers).values()) {
    if (!wanted.enabled) continue;
    const found = loadEnabledPlugin(wanted, open, input, notices);
    if ("problem" in found) problems.push(found.problem);
    else add(found.plugin);
  }
  return { plugins, problems, notices };
}

type OpenMarketplace = (name: string) => Marketplace | string;

/** Opens a marketplace by name once (fetching it if it is remote): its plugin list, or the problem. */
function marketplaceOpener(
  markets: Map<string, KnownMarketplace>,
  fetching: Fetching,
  notices: string[],
): OpenMarketplace {
  const opened = new Map<string, Marketplace | string>();
  return (name) => {
    const cached = opened.get(name);
    if (cached !== undefined) return cached;
    const known = markets.get(name);
    let result: Marketplace | string;
    if (!known)
      result = `marketplace "${name}" is not known (add it to extraKnownMarketplaces or run \`reagent plugin marketplace add <source>\`)`;
    else {
      const source = readMarketplaceSource(known.entry);
      const folder =
        typeof source === "string"
          ? { ok: false as const, problem: `${known.file}: extraKnownMarketplaces.${name}: ${source}` }
          : marketplaceFolder(name, source, fetching);
      if (!folder.ok) result = folder.problem;
      else {
        if (folder.notice) notices.push(folder.notice);
        result = readMarketplace(folder.dir, folder.file);
      }
    }
    opened.set(name, result);
    return result;
  };
}

/** One plugin `enabledPlugins` turns on (`plugin@marketplace`), from its marketplace's folder. */
function loadEnabledPlugin(
  wanted: EnabledPlugin,
  open: OpenMarketplace,
  fetching: Fetching,
  notices: string[],
): { plugin: LoadedPlugin } | { problem: string } {
  const id = splitPluginId(wanted.id);
  if (!id) return { problem: `${wanted.file}: enabledPlugins "${wanted.id}": expected "plugin@marketplace"` };
  const market = open(id.marketplace);
  if (typeof market === "string") return { problem: `plugin ${wanted.id} (${wanted.file}): ${market}` };
  const entry = market.plugins.find((plugin) => plugin.name === id.name);
  if (!entry)
    return { problem: `plugin ${wanted.id} (${wanted.file}): ${market.file} lists no plugin "${id.name}"` };
  const folder = pluginFolderOf(market, entry, fetching);
  if (!folder.ok) return { problem: `plugin ${wanted.id}: ${folder.problem}` };
  if (folder.notice) notices.push(folder.notice);
  const loaded = loadPlugin({
    root: folder.dir,
    scope: wanted.scope,
    enabledIn: wanted.file,
    marketplace: id.marketplace,
  });
  if ("problem" in loaded) return { problem: `plugin ${wanted.id}: ${loaded.problem}` };
  return { plugin: { ...loaded.plugin, id: wanted.id } };
}

/** Every marketplace a name can mean: Claude Code's own record, then the settings layers (later win). */
export function marketplacesFor(
  layers: readonly PluginLayer[],
  homeDir: string,
): Map<string, KnownMarketplace> {
  return new Map([...claudeKnownMarketplaces(homeDir), ...knownMarketplaces(layers)]);
}

/** The marketplaces `claude plugin marketplace add` recorded for the user
 *  (~/.claude/plugins/known_marketplaces.json), each used from the folder Claude Code keeps it in
 *  (`installLocation`) when that exists; settings' extraKnownMarketplaces win over them. */
function claudeKnownMarketplaces(homeDir: string): Map<string, KnownMarketplace> {
  const file = join(homeDir, ".claude", "plugins", "known_marketplaces.json");
  const read = readJson(file);
  const known = new Map<string, KnownMarketplace>();
  if (read.kind !== "data" || !isObject(read.data)) return known;
  for (const [name, entry] of Object.entries(read.data)) {
    if (!isObject(entry)) continue;
    const location = typeof entry.installLocation === "string" ? entry.installLocation : undefined;
    const local = location && readJson(join(location, MARKETPLACE_PATH)).kind === "data";
    const source = local ? { source: "directory", path: location } : entry.source;
    known.set(name, { name, entry: { source }, scope: "user", file });
  }
  return known;
}
