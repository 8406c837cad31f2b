// Session-only agent definitions in Claude Code's shape,
// `{"reviewer": {"description": "…", "prompt": "…", "tools": ["Read"], "model": "sonnet"}}`: from
// `--agents JSON` or the Agent SDK's `agents` option. Errors name where they came from, the agent and
// the field; the CLI turns them into a usage error (exit 2).
import type { AgentDefinition } from "./agent-definition.js";
import { readAgentFields } from "./agent-fields.js";

type AgentsJsonResult =
  | { kind: "ok"; agents: AgentDefinition[]; warnings: string[] }
  | { kind: "error"; message: string };

export function parseAgentsJson(text: string): AgentsJsonResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { kind: "error", message: `--agents: invalid JSON (${(error as Error).message})` };
  }
  return readAgentsObject(data, "--agents");
}

/** Agents by name as an object; `origin` (`--agents`, `initialize`) starts every message. */
export function readAgentsObject(data: unknown, origin: string): AgentsJsonResult {
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return {
      kind: "error",
      message: `${origin}: expected an object of agents by name, e.g. {"reviewer": {"description": "…", "prompt": "…"}}`,
    };
  const agents: AgentDefinition[] = [];
  const warnings: string[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return {
        kind: "error",
        message: `${origin}: agent "${name}" must be an object with description and prompt`,
      };
    const fields = value as Record<string, unknown>;
    if (typeof fields.prompt !== "string" || fields.prompt.trim() === "")
      return {
        kind: "error",
        message: `${origin}: agent "${name}", field "prompt": the agent's system prompt is required`,
      };
    const result = readAgentFields({ ...fields, name: fields.name ?? name }, { source: "cli" });
    if (result.kind === "error")
      return {
        kind: "error",
        message: `${origin}: agent "${name}", field "${result.field}": ${result.message}`,
      };
    agents.push(result.definition);
    for (const warning of result.warnings) warnings.push(`${origin}: agent "${name}": ${warning.message}`);
  }
  return { kind: "ok", agents, warnings };
}
