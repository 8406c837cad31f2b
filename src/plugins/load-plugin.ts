// One plugin folder → its components: the default folders (`commands/`, `agents/`, `skills/`,
// `output-styles/`) that exist plus the manifest's extra paths, its hooks (`hooks/hooks.json` and the
// manifest's `hooks`) and MCP servers (`.mcp.json` and the manifest's `mcpServers`), each document with
// ${CLAUDE_PLUGIN_ROOT} expanded and each server renamed `plugin_<plugin>_<server>`. A missing folder
// or a file that does not parse is a problem naming its path; the plugin is then not loaded at all
// (half a plugin — its commands without its guard hook — would be worse than none).
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { expandPluginRoot } from "./expand-plugin-root.js";
import { readManifest } from "./plugin-manifest.js";
import type { LoadedPlugin, PluginFolder, PluginHooksFile } from "./plugin-types.js";
import { isObject, readJson } from "./read-json.js";

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

export function loadPlugin(
  folder: Omit<PluginFolder, "name" | "id"> & { marketplace: string },
): { plugin: LoadedPlugin } | { problem: string } {
  const { root } = folder;
  if (!isFolder(root)) return { problem: `${root}: plugin folder not found` };
  const read = readManifest(root);
  if ("problem" in read) return read;
  const { manifest } = read;
  const dirs = (defaults: string, extra: string[]) =>
    [join(root, defaults), ...extra.map((path) => resolve(root, path))].filter(
      (path, index, all) => all.indexOf(path) === index && isFolder(path),
    );
  const hooks: PluginHooksFile[] = [];
  const hookFiles = [join(root, "hooks", "hooks.json"), ...manifest.hooks];
  for (const entry of hookFiles) {
    const source =
      typeof entry === "string" ? resolve(root, entry) : join(root, ".claude-plugin", "plugin.json");
    let document: unknown = entry;
    if (typeof entry === "string") {
      const file = readJson(source);
      if (file.kind === "error") return { problem: file.message };
      if (file.kind === "missing") {
        if (entry === hookFiles[0]) continue;
        return { problem: `${source}: hooks file named in the manifest not found` };
      }
      document = file.data;
    }
    if (!isObject(document) || (document.hooks !== undefined && !isObject(document.hooks)))
      return { problem: `${source}: expected {"hooks": {"PreToolUse": [...], ...}}` };
    // A file of bare event keys is accepted as well as the documented {"hooks": {...}} shape.
    const events =
      document.hooks ?? Object.fromEntries(Object.entries(document).filter(([key]) => key !== "description"));
    hooks.push({
      source: `plugin ${manifest.name}: ${source}`,
      data: { hooks: expandPluginRoot(events, root) },
    });
  }
  const mcp = mcpServers(root, manifest.name, manifest.mcpServers);
  if ("problem" in mcp) return mcp;
  return {
    plugin: {
      ...folder,
      name: manifest.name,
      id: `${manifest.name}@${folder.marketplace}`,
      ...(manifest.version ? { version: manifest.version } : {}),
      ...(manifest.description ? { description: manifest.description } : {}),
      commandDirs: dirs("commands", manifest.commands),
      agentDirs: dirs("agents", manifest.agents),
      skillDirs: dirs("skills", manifest.skills),
      outputStyleDirs: dirs("output-styles", manifest.outputStyles),
      hooks,
      ...(mcp.servers ? { mcp: mcp.servers } : {}),
    },
  };
}

function mcpServers(
  root: string,
  plugin: string,
  declared: string | Record<string, unknown> | undefined,
): { servers?: LoadedPlugin["mcp"] } | { problem: string } {
  const servers: Record<string, unknown> = {};
  let source: string | undefined;
  const add = (path: string, document: unknown) => {
    const wrapped = isObject(document) && "mcpServers" in document;
    const map = wrapped ? document.mcpServers : document;
    if (!isObject(map)) return `${path}: expected {"mcpServers": {"name": {"command": "…"}}}`;
    for (const [name, server] of Object.entries(map))
      servers[`plugin_${plugin}_${name}`] = expandPluginRoot(server, root);
    source ??= path;
    return undefined;
  };
  for (const entry of [".mcp.json", ...(declared === undefined ? [] : [declared])]) {
    if (typeof entry !== "string") {
      const problem = add(join(root, ".claude-plugin", "plugin.json"), entry);
      if (problem) return { problem };
      continue;
    }
    const path = resolve(root, entry);
    const file = readJson(path);
    if (file.kind === "error") return { problem: file.message };
    if (file.kind === "missing") {
      if (entry === ".mcp.json") continue;
      return { problem: `${path}: MCP servers file named in the manifest not found` };
    }
    const problem = add(path, file.data);
    if (problem) return { problem };
  }
  return source === undefined ? {} : { servers: { source, servers } };
}
