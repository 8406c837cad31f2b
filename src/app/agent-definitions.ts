// Loads the session's agent definitions: `--agents JSON` (an error there is a usage error, exit 2),
// then the agent files of the project and the user, then the built-in agents. An agent's own
// `hooks` are validated here like a settings file's (its `Stop` hooks are SubagentStop hooks, as in
// Claude Code); an agent whose hooks are invalid is skipped — its guard hooks could not run.
import type { AgentDefinition } from "../agents/index.js";
import { type AgentFile, mergeAgents, parseAgentsJson, readAgentFiles } from "../agents/index.js";
import { type HookConfig, HookConfigError, loadHookConfig } from "../hooks/index.js";
import { errorMessage, UsageError } from "../util/index.js";

export type LoadedAgents = {
  agents: AgentDefinition[];
  warnings: string[];
  /** The hooks of agents that have their own, by agent name. */
  hookConfigs: Map<string, HookConfig>;
};

/** An agent's `Stop` hooks fire when it finishes: they are its SubagentStop hooks. */
function stopAsSubagentStop(hooks: Record<string, unknown>): Record<string, unknown> {
  if (!("Stop" in hooks)) return hooks;
  const { Stop: stop, ...rest } = hooks;
  const asList = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
  return { ...rest, SubagentStop: [...asList(rest.SubagentStop), ...asList(stop)] };
}

/** Validates the agents' own hooks; an agent whose hooks are invalid is left out with a warning. */
export function agentHooks(
  agents: AgentDefinition[],
  projectDir: string,
  warnings: string[],
  /** The folder's configuration is not trusted: its agent files' hooks may not run. */
  folderWithheld = false,
): { agents: AgentDefinition[]; hookConfigs: Map<string, HookConfig> } {
  const hookConfigs = new Map<string, HookConfig>();
  const kept = agents.filter((agent) => {
    if (!agent.hooks) return true;
    const source = agent.path ?? `--agents (agent ${agent.name})`;
    if (folderWithheld && agent.source === "project") {
      // Running it without its guard hooks would not be safe either.
      warnings.push(
        `Agent skipped: ${source} has its own hooks, and this folder's configuration is not trusted (run \`reagent trust\` here to use it).`,
      );
      return false;
    }
    try {
      const config = loadHookConfig({
        settings: [
          {
            source,
            data: { hooks: stopAsSubagentStop(agent.hooks) },
            // A project agent file's hooks are the folder's: they run in the sandbox when it is on.
            scope: agent.source === "project" ? "project" : "user",
          },
        ],
        compactFiles: [],
        disabled: false,
        projectDir,
      });
      hookConfigs.set(agent.name, config);
      warnings.push(...config.warnings.map((warning) => `Agent ${agent.name}: ${warning}`));
      return true;
    } catch (error) {
      const detail = error instanceof HookConfigError ? error.message : `${source}: ${errorMessage(error)}`;
      warnings.push(`Agent skipped: ${detail} (its hooks must be valid for it to run).`);
      return false;
    }
  });
  return { agents: kept, hookConfigs };
}

export async function loadAgentDefinitions(options: {
  cwd: string;
  homeDir: string;
  agentsJson?: string;
  /** The folder's configuration is not trusted (folder trust): its agents' hooks may not run. */
  folderWithheld?: boolean;
  /** The agent files as already read at start-up (for the folder-trust check); read here otherwise. */
  files?: readonly AgentFile[];
}): Promise<LoadedAgents> {
  let extra: AgentDefinition[] = [];
  const warnings: string[] = [];
  if (options.agentsJson !== undefined) {
    const parsed = parseAgentsJson(options.agentsJson);
    if (parsed.kind === "error") throw new UsageError(parsed.message);
    extra = parsed.agents;
    warnings.push(...parsed.warnings);
  }
  const files = options.files ?? (await readAgentFiles({ cwd: options.cwd, homeDir: options.homeDir }));
  const found = mergeAgents(files, extra);
  warnings.push(...found.warnings);
  const { agents, hookConfigs } = agentHooks(found.agents, options.cwd, warnings, options.folderWithheld);
  return { agents, warnings, hookConfigs };
}
