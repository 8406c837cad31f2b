// Loads the session's agent definitions: `--agents JSON` (an error there is a usage error, exit 2),
// then the agent files of the project and the user, then the built-in agents.
import type { AgentDefinition } from "../agents/agent-definition.js";
import { parseAgentsJson } from "../agents/agents-json.js";
import { discoverAgents } from "../agents/discover-agents.js";
import { UsageError } from "../util/errors.js";

export async function loadAgentDefinitions(options: {
  cwd: string;
  homeDir: string;
  agentsJson?: string;
}): Promise<{ agents: AgentDefinition[]; warnings: string[] }> {
  let extra: AgentDefinition[] = [];
  const warnings: string[] = [];
  if (options.agentsJson !== undefined) {
    const parsed = parseAgentsJson(options.agentsJson);
    if (parsed.kind === "error") throw new UsageError(parsed.message);
    extra = parsed.agents;
    warnings.push(...parsed.warnings);
  }
  const found = await discoverAgents({ cwd: options.cwd, homeDir: options.homeDir, extra });
  return { agents: found.agents, warnings: [...warnings, ...found.warnings] };
}
