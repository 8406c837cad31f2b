// MCP servers Claude Code keeps in ~/.claude.json: those added with `claude mcp add --scope user`
// (the top-level `mcpServers`) and with its default local scope (`projects[<folder>].mcpServers`, for
// this folder only). The file is Claude Code's own state, rewritten by it all the time: read-only
// here, and anything wrong in it is a warning naming what is skipped, never a start-up error.
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { errnoCode, errorMessage, isNotFound } from "../util/index.js";
import type { McpServerEntry } from "./mcp-config.js";
import { parseServerEntry } from "./mcp-config-server.js";

type ClaudeJsonServers = {
  /** `claude mcp add --scope user`: every project. */
  user: Record<string, McpServerEntry>;
  /** `claude mcp add` (local scope): this folder only. */
  local: Record<string, McpServerEntry>;
  warnings: string[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function claudeJsonServers(options: {
  homeDir: string;
  projectDir: string;
  env: Record<string, string | undefined>;
}): ClaudeJsonServers {
  const result: ClaudeJsonServers = { user: {}, local: {}, warnings: [] };
  const path = join(options.homeDir, ".claude.json");
  let document: unknown;
  try {
    const text = readFileSync(path, "utf8");
    // The file can be megabytes of Claude Code's state: parse it only when it names servers at all.
    if (!text.includes('"mcpServers"')) return result;
    document = JSON.parse(text);
  } catch (error) {
    if (!isNotFound(error))
      result.warnings.push(
        `~/.claude.json: its MCP servers are not used (${errnoCode(error) ?? errorMessage(error)})`,
      );
    return result;
  }
  if (!isObject(document)) return result;
  const take = (servers: unknown, source: string, into: Record<string, McpServerEntry>) => {
    if (!isObject(servers)) return;
    for (const [name, raw] of Object.entries(servers)) {
      try {
        into[name] = {
          ...parseServerEntry(name, raw, { source, baseDir: options.projectDir, env: options.env }),
          source,
        };
      } catch (error) {
        result.warnings.push(`${errorMessage(error)} (server skipped)`);
      }
    }
  };
  take(document.mcpServers, "~/.claude.json", result.user);
  if (isObject(document.projects)) {
    // Claude Code keys the folder as it saw it; the real path is tried too (a symlinked checkout).
    let real = options.projectDir;
    try {
      real = realpathSync(options.projectDir);
    } catch {
      // the folder as given
    }
    const entry = document.projects[options.projectDir] ?? document.projects[real];
    if (isObject(entry))
      take(entry.mcpServers, `~/.claude.json (projects["${options.projectDir}"])`, result.local);
  }
  return result;
}
