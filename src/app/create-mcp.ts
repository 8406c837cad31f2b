// The run's MCP servers: configuration from the plugins, .mcp.json, the user's files, MCP_CONFIG and --mcp-config
// (only the last with --strict-mcp-config; the folder's own file only when trusted), all connected in
// parallel when any is configured — the MCP SDK is loaded only then. A server that fails is one
// warning line; the others keep working.
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  loadMcpConfig,
  McpConfigError,
  type McpServerEntry,
  type ProjectMcpFile,
  parseMcpConfigText,
  readMcpTimeouts,
  settingLevels,
} from "../config/index.js";
import type { McpManager, McpProcesses } from "../mcp/index.js";
import { loadMcpManager } from "../mcp/index.js";
import { projectKey } from "../transcript/index.js";
import type { Basics } from "./app.js";
import { configStep } from "./config-step.js";
import type { RunOptions } from "./run-options.js";

export async function createMcp(
  basics: Basics,
  options: Pick<RunOptions, "mcpConfig"> &
    Partial<Pick<RunOptions, "strictMcpConfig" | "settingSources" | "inputFormat" | "mcpServers">>,
  warnings: string[],
  /** How stdio servers start (the project's own in the sandbox when it is on). */
  processes: McpProcesses,
  /** The project's .mcp.json as start-up already read it. */
  projectFile?: ProjectMcpFile,
): Promise<McpManager | undefined> {
  const { env, cwd, tracer } = basics;
  const levels = settingLevels(options.settingSources);
  const strict = options.strictMcpConfig === true;
  const config = configStep(() =>
    loadMcpConfig({
      projectDir: cwd,
      homeDir: env.homeDir,
      env: env.all,
      configFiles: strict ? options.mcpConfig : [...env.mcpConfig, ...options.mcpConfig],
      files: strict
        ? { user: false, project: false }
        : { user: levels.user, project: levels.project && !basics.folderWithheld },
      projectFile,
    }),
  );
  warnings.push(...config.warnings);
  const brought = options.mcpServers;
  const servers = { ...(strict ? {} : pluginServers(basics, warnings)), ...config.servers };
  for (const [name, spec] of Object.entries(brought?.servers ?? {}))
    servers[name] = { ...spec, source: brought?.source ?? "the front-end" };
  if (Object.keys(servers).length === 0) return undefined;
  const createMcpManager = await loadMcpManager();
  const manager = createMcpManager({
    servers,
    cwd,
    baseEnv: env.all,
    processes,
    // One log folder per project, so same-named servers of two projects never share a log.
    logDir: join(tmpdir(), "reagent-mcp-logs", projectKey(cwd)),
    ...readMcpTimeouts(env.all),
    tracer,
    // In a stream-json run the SDK's own servers connect once its control channel is listening.
    deferSdkServers: options.inputFormat === "stream-json",
    onServerFailed: (failure) => warnings.push(`MCP server "${failure.server}" failed: ${failure.reason}`),
  });
  await manager.connectAll();
  return manager;
}

/** The MCP servers of the run's plugins (named `plugin_<plugin>_<server>`); a plugin whose servers do
 *  not validate is one warning, the others load. */
function pluginServers(basics: Basics, warnings: string[]): Record<string, McpServerEntry> {
  const servers: Record<string, McpServerEntry> = {};
  for (const plugin of basics.plugins.plugins) {
    if (!plugin.mcp) continue;
    const text = JSON.stringify({ mcpServers: plugin.mcp.servers });
    try {
      Object.assign(servers, parseMcpConfigText(text, plugin.mcp.source, plugin.root, basics.env.all));
    } catch (error) {
      if (!(error instanceof McpConfigError)) throw error;
      warnings.push(`plugin ${plugin.id}: its MCP servers are not loaded: ${error.message}`);
    }
  }
  return servers;
}
