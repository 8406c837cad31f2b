// Which tools an agent gets: its `tools` allowlist (absent: every tool the parent has) minus its
// `disallowedTools`. Entries are tool names, `*`, `mcp__server` or `mcp__server__*` (every tool of
// that server) and `mcp__*` (every MCP tool). The tools that start or manage subagents are never
// given to a subagent: subagents cannot start subagents.
import type { AgentDefinition } from "./agent-definition.js";

/** Tools only the main agent has (the Agent tool — also known as Task — and background agent control). */
export const MAIN_AGENT_ONLY_TOOLS: ReadonlySet<string> = new Set(["Agent", "TaskOutput", "TaskStop"]);

function entryCovers(entry: string, toolName: string): boolean {
  const name = entry.replace(/\(.*\)$/, "");
  if (name === "*" || name === toolName) return true;
  if (name === "Task") return toolName === "Agent";
  if (name === "mcp__*") return toolName.startsWith("mcp__");
  if (name.startsWith("mcp__")) {
    const server = name.replace(/__\*$/, "");
    if (!server.slice(5).includes("__")) return toolName.startsWith(`${server}__`);
  }
  return false;
}

/** Whether `agent` may be offered (and run) `toolName`. */
export function agentMayUse(agent: AgentDefinition, toolName: string): boolean {
  if (MAIN_AGENT_ONLY_TOOLS.has(toolName)) return false;
  if (agent.tools && !agent.tools.some((entry) => entryCovers(entry, toolName))) return false;
  return !agent.disallowedTools.some((entry) => entryCovers(entry, toolName));
}

/** Entries of `tools` / `disallowedTools` that name no tool the session has (typos, missing servers). */
export function unknownToolEntries(agent: AgentDefinition, available: readonly string[]): string[] {
  return [...(agent.tools ?? []), ...agent.disallowedTools].filter(
    (entry) =>
      !["Agent", "Task", "TaskOutput", "TaskStop"].includes(entry.replace(/\(.*\)$/, "")) &&
      !available.some((toolName) => entryCovers(entry, toolName)),
  );
}
