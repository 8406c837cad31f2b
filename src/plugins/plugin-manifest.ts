// `.claude-plugin/plugin.json`, Claude Code's plugin manifest: the name (the namespace of the plugin's
// commands, agents and skills), version and description, extra component paths (`commands`, `agents`,
// `skills`, `outputStyles`: a path or a list, relative to the plugin's folder), `hooks` (a path or an
// inline hooks document) and `mcpServers` (a path or an inline server map). The manifest is optional:
// without one the folder's name is the plugin's name and only the default folders count.
import { basename, join } from "node:path";
import { isObject, readJson } from "./read-json.js";

type PluginManifest = {
  name: string;
  version?: string;
  description?: string;
  commands: string[];
  agents: string[];
  skills: string[];
  outputStyles: string[];
  /** Paths of hooks files, or inline hooks documents. */
  hooks: Array<string | Record<string, unknown>>;
  /** A path of an MCP servers file, or an inline server map. */
  mcpServers?: string | Record<string, unknown>;
};

const MANIFEST_PATH = join(".claude-plugin", "plugin.json");
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function readManifest(root: string): { manifest: PluginManifest } | { problem: string } {
  const path = join(root, MANIFEST_PATH);
  const read = readJson(path);
  if (read.kind === "error") return { problem: read.message };
  const data = read.kind === "data" ? read.data : {};
  if (!isObject(data)) return { problem: `${path}: the manifest must be a JSON object` };
  const name = data.name ?? basename(root);
  if (typeof name !== "string" || !NAME.test(name))
    return {
      problem: `${path}: "name" must be letters, digits, ".", "_" or "-" (got ${JSON.stringify(name)})`,
    };
  const paths = (key: string): string[] | string => {
    const value = data[key];
    if (value === undefined) return [];
    if (typeof value === "string") return [value];
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
    return `${path}: "${key}" must be a path or a list of paths`;
  };
  const lists = {
    commands: paths("commands"),
    agents: paths("agents"),
    skills: paths("skills"),
    outputStyles: paths("outputStyles"),
  };
  for (const value of Object.values(lists)) if (typeof value === "string") return { problem: value };
  const hooks = data.hooks === undefined ? [] : Array.isArray(data.hooks) ? data.hooks : [data.hooks];
  if (!hooks.every((item) => typeof item === "string" || isObject(item)))
    return { problem: `${path}: "hooks" must be a path, a list of paths or a hooks object` };
  const mcp = data.mcpServers;
  if (mcp !== undefined && typeof mcp !== "string" && !isObject(mcp))
    return { problem: `${path}: "mcpServers" must be a path or an object of servers` };
  return {
    manifest: {
      name,
      ...(typeof data.version === "string" ? { version: data.version } : {}),
      ...(typeof data.description === "string" ? { description: data.description } : {}),
      ...(lists as Pick<PluginManifest, "commands" | "agents" | "skills" | "outputStyles">),
      hooks: hooks as PluginManifest["hooks"],
      ...(mcp !== undefined ? { mcpServers: mcp as PluginManifest["mcpServers"] } : {}),
    },
  };
}
