// Gathers what the `system/init` line and the SDK's initialize reply report about a running
// session: model, tools, MCP servers and their status, commands, skills, agents, the API key's source.

import type { App } from "../app/index.js";
import type { CommandRegistry } from "../commands/index.js";
import type { McpServerStatus } from "../mcp/index.js";
import type { InitFacts } from "../ui/headless/index.js";
import { packageVersion } from "../util/index.js";

/** Claude Code's MCP status words: connected, failed, pending, disabled. */
function mcpStatusWord(state: McpServerStatus["state"]): string {
  switch (state.kind) {
    case "connected":
      return "connected";
    case "pending":
      return "pending";
    case "closed":
      return "disabled";
    default:
      return "failed";
  }
}

export function initFacts(runtime: App, commands: CommandRegistry): InitFacts {
  const { session } = runtime;
  return {
    sessionId: runtime.sessionId,
    cwd: runtime.cwd,
    model: session.model.model,
    provider: session.model.provider,
    tools: session.options.registry.names(),
    mcpServers: (runtime.mcp?.status() ?? []).map((server) => ({
      name: server.name,
      status: mcpStatusWord(server.state),
      ...(server.source ? { source: server.source } : {}),
    })),
    permissionMode: runtime.gate.mode,
    slashCommands: commands.list().map((command) => command.name),
    skills: runtime.skills.map((skill) => skill.name),
    agents: runtime.agents.agents.map((agent) => agent.name),
    plugins: runtime.plugins.plugins.map((plugin) => ({
      name: plugin.name,
      path: plugin.root,
      ...(plugin.version ? { version: plugin.version } : {}),
    })),
    apiKeySource:
      session.model.provider === "anthropic" && runtime.env.anthropicApiKey ? "ANTHROPIC_API_KEY" : "none",
    version: packageVersion(),
    outputStyle: runtime.outputStyles.active().name,
    sandbox: {
      layer: runtime.sandbox.layer,
      ...(runtime.sandbox.mechanism ? { mechanism: runtime.sandbox.mechanism } : {}),
      ...(runtime.sandbox.unavailable ? { reason: runtime.sandbox.unavailable.reason } : {}),
    },
  };
}
