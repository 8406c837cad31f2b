// A marketplace: its folder (local, or the cached clone of a remote one) and its
// `.claude-plugin/marketplace.json` — `name`, `plugins: [{name, source, description, version}]` — where
// a plugin's `source` is a path relative to the marketplace (under `metadata.pluginRoot` when set) or
// a remote source (`github`, `git`/`url`) that is cloned into the plugin cache.
import { dirname, join, resolve } from "node:path";
import { ensureClone, type GitEnv } from "./git-cache.js";
import { cloneUrl, type MarketplaceSource, readMarketplaceSource } from "./marketplace-source.js";
import { isObject, readJson } from "./read-json.js";

type MarketplaceEntry = { name: string; source: unknown; description?: string; version?: string };
export type Marketplace = { name: string; dir: string; file: string; plugins: MarketplaceEntry[] };

export const MARKETPLACE_PATH = join(".claude-plugin", "marketplace.json");

/** reagent's plugin cache: clones of remote marketplaces and plugins. */
export const pluginCacheDir = (homeDir: string) => join(homeDir, ".agents", "plugins");

export type Fetching = { homeDir: string; cwd: string; env: GitEnv; refresh: boolean };

/** The local folder of a marketplace (cloning a remote one into the cache when needed). */
export function marketplaceFolder(
  name: string,
  source: MarketplaceSource,
  fetching: Fetching,
): { ok: true; dir: string; file: string; notice?: string } | { ok: false; problem: string } {
  if (source.source === "directory") {
    const dir = resolve(fetching.cwd, source.path);
    return { ok: true, dir, file: join(dir, MARKETPLACE_PATH) };
  }
  if (source.source === "file") {
    const file = resolve(fetching.cwd, source.path);
    // A marketplace.json inside .claude-plugin/: the marketplace's folder is the one above it.
    const parent = dirname(file);
    return { ok: true, dir: parent.endsWith(".claude-plugin") ? dirname(parent) : parent, file };
  }
  const url = cloneUrl(source) as string;
  const cloned = ensureClone(
    url,
    source.ref,
    join(pluginCacheDir(fetching.homeDir), "marketplaces", name),
    fetching.env,
    fetching.refresh,
  );
  if (!cloned.ok) return cloned;
  return {
    ok: true,
    dir: cloned.dir,
    file: join(cloned.dir, MARKETPLACE_PATH),
    ...(cloned.notice ? { notice: cloned.notice } : {}),
  };
}

export function readMarketplace(dir: string, file: string): Marketplace | string {
  const read = readJson(file);
  if (read.kind === "missing") return `${file}: marketplace file not found`;
  if (read.kind === "error") return read.message;
  const data = read.data;
  if (!isObject(data) || typeof data.name !== "string" || !Array.isArray(data.plugins))
    return `${file}: expected {"name": "…", "plugins": [{"name": "…", "source": "./…"}]}`;
  const pluginRoot =
    isObject(data.metadata) && typeof data.metadata.pluginRoot === "string" ? data.metadata.pluginRoot : ".";
  const plugins: MarketplaceEntry[] = [];
  for (const [index, entry] of data.plugins.entries()) {
    if (!isObject(entry) || typeof entry.name !== "string" || entry.source === undefined)
      return `${file}: plugins[${index}] needs "name" and "source"`;
    const source =
      typeof entry.source === "string" && !/^\w+:\/\//.test(entry.source)
        ? join(pluginRoot, entry.source)
        : entry.source;
    plugins.push({
      name: entry.name,
      source,
      ...(typeof entry.description === "string" ? { description: entry.description } : {}),
      ...(typeof entry.version === "string" ? { version: entry.version } : {}),
    });
  }
  return { name: data.name, dir, file, plugins };
}

/** The folder of one plugin of a marketplace (a remote plugin source is cloned into the cache). */
export function pluginFolderOf(
  market: Marketplace,
  entry: MarketplaceEntry,
  fetching: Fetching,
): { ok: true; dir: string; notice?: string } | { ok: false; problem: string } {
  if (typeof entry.source === "string") return { ok: true, dir: resolve(market.dir, entry.source) };
  const remote =
    isObject(entry.source) && entry.source.source === "url"
      ? { ...entry.source, source: "git" }
      : entry.source;
  const source = readMarketplaceSource(remote);
  if (typeof source === "string")
    return { ok: false, problem: `${market.file}: plugin "${entry.name}": ${source}` };
  if (source.source === "directory" || source.source === "file")
    return { ok: true, dir: resolve(market.dir, source.path) };
  const dir = join(pluginCacheDir(fetching.homeDir), "repos", market.name, entry.name);
  return ensureClone(cloneUrl(source) as string, source.ref, dir, fetching.env, fetching.refresh);
}
