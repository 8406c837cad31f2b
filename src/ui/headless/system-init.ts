// The `system/init` line that opens every turn of a stream-json run, shaped like Claude Code's
// (the Agent SDKs' SDKSystemMessage): cwd, model, tools, MCP servers with their status, slash
// commands, permission mode, skills, agents, plugins, the credential's source and the version, plus reagent's
// `provider` and `sandbox` (which containment layer is active). The caller gathers the facts; this
// file only shapes them.
import { randomUUID } from "node:crypto";

export type InitFacts = {
  sessionId: string;
  cwd: string;
  model: string;
  provider: string;
  tools: string[];
  mcpServers: Array<{ name: string; status: string; source?: string }>;
  permissionMode: string;
  slashCommands: string[];
  skills: string[];
  agents: string[];
  /** The loaded plugins (Claude Code's `{name, path}`, plus the version its manifest declares). */
  plugins: Array<{ name: string; path: string; version?: string }>;
  /** Where the API key came from (`ANTHROPIC_API_KEY`) or `none`. */
  apiKeySource: string;
  version: string;
  /** The active output style's name. */
  outputStyle: string;
  /** reagent's containment layer: `workspace-write` (the sandbox is on), `read-only` (only the read-only
   *  fast path runs in it) or `none` (with the reason none can start). */
  sandbox: { layer: string; mechanism?: string; reason?: string };
};

export function systemInitLine(facts: InitFacts): Record<string, unknown> {
  return {
    type: "system",
    subtype: "init",
    session_id: facts.sessionId,
    uuid: randomUUID(),
    cwd: facts.cwd,
    model: facts.model,
    provider: facts.provider,
    tools: facts.tools,
    mcp_servers: facts.mcpServers,
    permissionMode: facts.permissionMode,
    slash_commands: facts.slashCommands,
    skills: facts.skills,
    agents: facts.agents,
    plugins: facts.plugins,
    output_style: facts.outputStyle,
    apiKeySource: facts.apiKeySource,
    claude_code_version: facts.version,
    reagent_version: facts.version,
    sandbox: facts.sandbox,
  };
}
