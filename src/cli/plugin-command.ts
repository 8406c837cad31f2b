// `reagent plugin …`: marketplaces (add, list, remove, update) and plugins (install, uninstall, enable,
// disable, list), writing the settings keys Claude Code writes (`extraKnownMarketplaces`,
// `enabledPlugins`) into the file of the chosen scope. Remote marketplaces are cloned with the user's
// git into reagent's plugin cache; a refresh that fails keeps the cached copy and says so.
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { AppPorts } from "../app/index.js";
import { loadBasics } from "../app/index.js";
import {
  PLUGIN_SCOPES,
  type PluginSettingsScope,
  pluginSettingsPath,
  readEnv,
  readSettingsObject,
  setPluginSetting,
} from "../config/index.js";
import {
  describeSource,
  enabledPlugins,
  formatPluginList,
  type MarketplaceSource,
  marketplaceFolder,
  marketplacesFor,
  parseSourceArgument,
  pluginCacheDir,
  readMarketplace,
  readMarketplaceSource,
  splitPluginId,
} from "../plugins/index.js";
import { isOneOf, UsageError } from "../util/index.js";

type PluginCommandOptions = { scope?: string; pluginDirs?: string[] };
const out = (text: string) => process.stdout.write(`${text}\n`);
const warn = (text: string) => process.stderr.write(`reagent: warning: ${text}\n`);

function scopeOf(value: string | undefined): PluginSettingsScope {
  const scope = value ?? "user";
  if (!isOneOf(PLUGIN_SCOPES, scope)) throw new UsageError(`--scope ${scope}: use user, project or local`);
  return scope;
}

function context(ports: AppPorts, options: PluginCommandOptions = {}) {
  const basics = loadBasics({ settings: [], pluginDirs: options.pluginDirs ?? [] }, ports);
  const where = { cwd: ports.cwd, homeDir: readEnv(ports.env, ports.accountHome).homeDir };
  const fetching = (refresh: boolean) => ({ ...where, env: basics.env.all, refresh });
  return { basics, where, fetching, layers: basics.settings.layers };
}

/** Opens a marketplace by its source (refreshing a remote clone); its folder and marketplace.json. */
function openMarketplace(
  name: string,
  source: MarketplaceSource,
  fetching: ReturnType<ReturnType<typeof context>["fetching"]>,
) {
  const folder = marketplaceFolder(name, source, fetching);
  if (!folder.ok) throw new UsageError(folder.problem);
  if (folder.notice) warn(folder.notice);
  const market = readMarketplace(folder.dir, folder.file);
  if (typeof market === "string") throw new UsageError(market);
  return market;
}

export async function marketplaceAdd(
  text: string,
  options: PluginCommandOptions,
  ports: AppPorts,
): Promise<number> {
  const { where, fetching } = context(ports);
  const path = pluginSettingsPath(scopeOf(options.scope), where);
  const source = parseSourceArgument(text, ports.cwd);
  if (typeof source === "string") throw new UsageError(source);
  // A remote marketplace is cloned under a temporary name, then kept under the name it gives itself.
  const adding = `.adding-${process.pid}`;
  const staged = openMarketplace(adding, source, fetching(true));
  const name = staged.name;
  if (staged.dir.endsWith(adding)) {
    const final = join(pluginCacheDir(where.homeDir), "marketplaces", name);
    rmSync(final, { recursive: true, force: true });
    cpSync(staged.dir, final, { recursive: true });
    rmSync(staged.dir, { recursive: true, force: true });
  }
  await setPluginSetting(path, "extraKnownMarketplaces", name, { source });
  out(`Added marketplace ${name} (${describeSource(source)}, ${staged.plugins.length} plugins) to ${path}`);
  return 0;
}

export async function marketplaceList(ports: AppPorts): Promise<number> {
  const { layers, where, fetching } = context(ports);
  const known = marketplacesFor(layers, where.homeDir);
  if (known.size === 0) out("no marketplaces (reagent plugin marketplace add <source>)");
  for (const market of known.values()) {
    const source = readMarketplaceSource(market.entry);
    if (typeof source === "string") {
      out(`${market.name}  error: ${source} (${market.file})`);
      continue;
    }
    const folder = marketplaceFolder(market.name, source, fetching(false));
    const opened = folder.ok ? readMarketplace(folder.dir, folder.file) : folder.problem;
    const plugins =
      typeof opened === "string" ? `error: ${opened}` : opened.plugins.map((p) => p.name).join(", ");
    out(`${market.name}  ${describeSource(source)}  (${market.file})\n    ${plugins}`);
  }
  return 0;
}

export async function marketplaceUpdate(name: string | undefined, ports: AppPorts): Promise<number> {
  const { layers, where, fetching } = context(ports);
  for (const market of marketplacesFor(layers, where.homeDir).values()) {
    if (name !== undefined && market.name !== name) continue;
    const source = readMarketplaceSource(market.entry);
    if (typeof source === "string") throw new UsageError(`${market.file}: ${market.name}: ${source}`);
    const opened = openMarketplace(market.name, source, fetching(true));
    out(`${market.name}: ${opened.plugins.length} plugins`);
  }
  return 0;
}

/** Removes `key.name` from every settings file of the scopes (or the one given); false when none had it. */
async function removeEverywhere(
  key: "enabledPlugins" | "extraKnownMarketplaces",
  name: string,
  options: PluginCommandOptions,
  where: { cwd: string; homeDir: string },
): Promise<string[]> {
  const scopes = options.scope ? [scopeOf(options.scope)] : PLUGIN_SCOPES;
  const removed: string[] = [];
  for (const scope of scopes) {
    const path = pluginSettingsPath(scope, where);
    const data = await readSettingsObject(path, `"${key}"`);
    const entries = data[key];
    if (typeof entries !== "object" || entries === null || !(name in entries)) continue;
    await setPluginSetting(path, key, name, undefined);
    removed.push(path);
  }
  return removed;
}

export async function marketplaceRemove(
  name: string,
  options: PluginCommandOptions,
  ports: AppPorts,
): Promise<number> {
  const { where } = context(ports);
  const removed = await removeEverywhere("extraKnownMarketplaces", name, options, where);
  if (removed.length === 0)
    throw new UsageError(`marketplace ${name} is not in any settings file reagent writes`);
  rmSync(join(pluginCacheDir(where.homeDir), "marketplaces", name), { recursive: true, force: true });
  out(`Removed marketplace ${name} from ${removed.join(", ")}`);
  return 0;
}

export async function pluginInstall(
  spec: string,
  options: PluginCommandOptions,
  ports: AppPorts,
): Promise<number> {
  const { layers, where, fetching } = context(ports);
  const path = pluginSettingsPath(scopeOf(options.scope), where);
  const known = marketplacesFor(layers, where.homeDir);
  const split = splitPluginId(spec);
  const candidates = split ? [split.marketplace] : [...known.keys()];
  const found: string[] = [];
  for (const marketName of candidates) {
    const market = known.get(marketName);
    if (!market)
      throw new UsageError(
        `marketplace ${marketName} is not known; add it first: reagent plugin marketplace add <source>`,
      );
    const source = readMarketplaceSource(market.entry);
    if (typeof source === "string") throw new UsageError(`${market.file}: ${marketName}: ${source}`);
    const opened = openMarketplace(marketName, source, fetching(true));
    if (opened.plugins.some((plugin) => plugin.name === (split?.name ?? spec)))
      found.push(`${split?.name ?? spec}@${marketName}`);
  }
  if (found.length !== 1)
    throw new UsageError(
      found.length === 0
        ? `no known marketplace lists a plugin "${split?.name ?? spec}" (reagent plugin marketplace list shows them)`
        : `"${spec}" is in several marketplaces; name one: ${found.join(", ")}`,
    );
  const id = found[0] as string;
  await setPluginSetting(path, "enabledPlugins", id, true);
  const check = loadBasics({ settings: [] }, ports).plugins;
  const problem = check.problems.find((line) => line.includes(id));
  if (problem) warn(problem);
  out(`Installed ${id} (enabled in ${path})`);
  return 0;
}

export async function pluginSwitch(
  id: string,
  on: boolean,
  options: PluginCommandOptions,
  ports: AppPorts,
): Promise<number> {
  if (!splitPluginId(id)) throw new UsageError(`${id}: name the plugin as plugin@marketplace`);
  const { where } = context(ports);
  const path = pluginSettingsPath(scopeOf(options.scope), where);
  await setPluginSetting(path, "enabledPlugins", id, on);
  out(`${on ? "Enabled" : "Disabled"} ${id} in ${path}`);
  return 0;
}

export async function pluginUninstall(
  id: string,
  options: PluginCommandOptions,
  ports: AppPorts,
): Promise<number> {
  const { where } = context(ports);
  const removed = await removeEverywhere("enabledPlugins", id, options, where);
  if (removed.length === 0)
    throw new UsageError(`${id} is not installed in any settings file reagent writes`);
  out(`Uninstalled ${id} (removed from ${removed.join(", ")})`);
  return 0;
}

export async function pluginList(options: PluginCommandOptions, ports: AppPorts): Promise<number> {
  const { basics, layers } = context(ports, options);
  const disabled = [...enabledPlugins(layers).values()]
    .filter((entry) => !entry.enabled)
    .map((entry) => entry.id);
  out(formatPluginList(basics.plugins, disabled));
  return 0;
}
