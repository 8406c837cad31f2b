// MCP server configuration: reads the Claude Code format `{"mcpServers": {...}}` from the user file
// (~/.agents/mcp.json), Claude Code's ~/.claude.json (claude-json-mcp.ts), the project file
// (.mcp.json), MCP_CONFIG files and --mcp-config values (file
// or inline JSON), validates each server, expands ${VAR} / ${VAR:-default} from the env passed in, and
// merges them (later sources win per server name). Connecting is left to src/mcp/.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { errnoCode, errorMessage, isNotFound } from "../util/index.js";
import { claudeJsonServers } from "./claude-json-mcp.js";
import type { McpServerConfig } from "./mcp-config-server.js";
import { McpConfigError, parseServerEntry } from "./mcp-config-server.js";

export type { McpServerConfig } from "./mcp-config-server.js";
export { McpConfigError } from "./mcp-config-server.js";

/** A configured server plus where it came from (a file path, or "--mcp-config (inline JSON)"). */
export type McpServerEntry = McpServerConfig & { source: string };

type McpConfig = {
  servers: Record<string, McpServerEntry>;
  /** Problems that skipped a server without stopping the run (~/.claude.json is Claude Code's file). */
  warnings: string[];
};

type LoadMcpConfigOptions = {
  projectDir: string;
  homeDir: string;
  env: Record<string, string | undefined>;
  /** MCP_CONFIG entries (see splitMcpConfigList) followed by --mcp-config values; a value starting with
   *  "{" is inline JSON, anything else a file path (relative to projectDir). */
  configFiles?: string[];
  /** Read the user and project config files (false: `--strict-mcp-config`, only `configFiles`). */
  files?: { user: boolean; project: boolean };
  /** The project's .mcp.json as start-up already read it (readProjectMcpFile); read here when absent. */
  projectFile?: ProjectMcpFile;
};

/** The project's .mcp.json as read once at start-up: folder trust judges it and the run loads it.
 *  Neither `text` nor `error`: there is no such file. */
export type ProjectMcpFile = { text?: string; error?: unknown };

export function readProjectMcpFile(projectDir: string): ProjectMcpFile {
  try {
    return { text: readFileSync(projectMcpConfigPath(projectDir), "utf8") };
  } catch (error) {
    return isNotFound(error) ? {} : { error };
  }
}

const INLINE_SOURCE = "--mcp-config (inline JSON)";

/** Splits an MCP_CONFIG value ("a.json,b.json") into file paths, dropping empty items. */
export function splitMcpConfigList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function userMcpConfigPath(homeDir: string): string {
  return join(homeDir, ".agents", "mcp.json");
}

export function projectMcpConfigPath(projectDir: string): string {
  return join(projectDir, ".mcp.json");
}

/** Loads and merges every MCP config source. Throws McpConfigError (the CLI exits 2) on any invalid one. */
export function loadMcpConfig(options: LoadMcpConfigOptions): McpConfig {
  const servers: Record<string, McpServerEntry> = {};
  const add = (parsed: Record<string, McpServerEntry>) => Object.assign(servers, parsed);

  const files = options.files ?? { user: true, project: true };
  // Claude Code's own servers (~/.claude.json): its user scope lowest, its local scope (this folder,
  // the user's own) over the project's .mcp.json, as in Claude Code.
  const claude = files.user ? claudeJsonServers(options) : { user: {}, local: {}, warnings: [] };
  add(claude.user);
  for (const [path, read, already] of [
    [userMcpConfigPath(options.homeDir), files.user, undefined],
    [projectMcpConfigPath(options.projectDir), files.project, options.projectFile],
  ] as const) {
    if (!read) continue;
    const text = readConfigFile(path, false, already);
    if (text !== undefined) add(parseMcpConfigText(text, path, dirname(path), options.env));
  }
  add(claude.local);

  for (const value of options.configFiles ?? []) {
    const trimmed = value.trim();
    if (trimmed.startsWith("{")) {
      add(parseMcpConfigText(trimmed, INLINE_SOURCE, options.projectDir, options.env));
      continue;
    }
    const path = isAbsolute(trimmed) ? trimmed : resolve(options.projectDir, trimmed);
    const text = readConfigFile(path, true) as string;
    add(parseMcpConfigText(text, path, dirname(path), options.env));
  }
  return { servers, warnings: claude.warnings };
}

/** Parses one config document. `baseDir` resolves relative `cwd` values of stdio servers. */
export function parseMcpConfigText(
  text: string,
  source: string,
  baseDir: string,
  env: Record<string, string | undefined>,
): Record<string, McpServerEntry> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new McpConfigError(
      `${source}: invalid JSON (${errorMessage(error)}). Fix the file or remove it.`,
      source,
    );
  }
  if (!isObject(document) || !isObject(document.mcpServers)) {
    throw new McpConfigError(
      `${source}: expected an object with an "mcpServers" object, e.g. {"mcpServers": {"name": {"command": "…"}}}.`,
      source,
      undefined,
      "mcpServers",
    );
  }
  const result: Record<string, McpServerEntry> = {};
  for (const [name, raw] of Object.entries(document.mcpServers)) {
    result[name] = { ...parseServerEntry(name, raw, { source, baseDir, env }), source };
  }
  return result;
}

/** Reads one config file. The user and project files are optional: absent (ENOENT) or unreachable
 *  because a parent is not a folder (ENOTDIR, e.g. HOME=/dev/null) counts as "no file". Files the
 *  user named (MCP_CONFIG, --mcp-config) must be readable. */
function readConfigFile(path: string, required: boolean, already?: ProjectMcpFile): string | undefined {
  try {
    if (already === undefined) return readFileSync(path, "utf8");
    if (already.error !== undefined) throw already.error;
    return already.text;
  } catch (error) {
    const code = errnoCode(error);
    if (!required && isNotFound(error)) return undefined;
    const advice = required
      ? "Check the path given in MCP_CONFIG or --mcp-config."
      : "Fix its permissions or remove it.";
    throw new McpConfigError(
      `${path}: cannot read MCP config (${code ?? errorMessage(error)}). ${advice}`,
      path,
    );
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type McpTimeouts = { connectTimeoutMs?: number; callTimeoutMs?: number };

/** Reads MCP_TIMEOUT (server start-up limit, ms) and MCP_TOOL_TIMEOUT (per-call limit, ms), the
 *  variables Claude Code uses. Unset means the manager's defaults (10 s and 120 s). */
export function readMcpTimeouts(env: Record<string, string | undefined>): McpTimeouts {
  const read = (variable: string): number | undefined => {
    const value = env[variable]?.trim();
    if (value === undefined || value === "") return undefined;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed <= 0) {
      throw new McpConfigError(
        `${variable}=${value}: expected a positive whole number of milliseconds, e.g. ${variable}=30000.`,
        variable,
      );
    }
    return parsed;
  };
  return { connectTimeoutMs: read("MCP_TIMEOUT"), callTimeoutMs: read("MCP_TOOL_TIMEOUT") };
}
