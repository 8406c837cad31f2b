// Which tools an agent gets: its `tools` allowlist (absent: every tool the parent has) minus its
// `disallowedTools`. Entries are tool names, `*`, `mcp__server` or `mcp__server__*` (every tool of
// that server) and `mcp__*` (every MCP tool). Claude Code tool names reagent has no tool of that name
// for stand for their counterparts (MultiEdit → Edit, TodoWrite → the task tools …), so agent files
// written for Claude Code keep their meaning. The tools that start or manage subagents are never
// given to a subagent: subagents cannot start subagents.
import { nearest } from "../util/edit-distance.js";
import type { AgentDefinition } from "./agent-definition.js";

const TASK_TOOLS = ["TaskCreate", "TaskUpdate", "TaskList", "TaskGet"];
/** Claude Code tools reagent has no tool of that name for, and what stands for them here (in `tools`
 *  they give the counterpart; in `disallowedTools` they take it away, the safe reading). */
const CLAUDE_CODE_COUNTERPARTS: Readonly<Record<string, readonly string[]>> = {
  MultiEdit: ["Edit"],
  NotebookRead: ["Read"],
  LS: ["Glob"],
  TodoWrite: TASK_TOOLS,
  TodoRead: ["TaskList", "TaskGet"],
  NotebookEdit: [],
  BashOutput: [],
  KillShell: [],
  KillBash: [],
  ExitPlanMode: [],
  EnterPlanMode: [],
  AskUserQuestion: [],
  ListMcpResourcesTool: [],
  ReadMcpResourceTool: [],
};

/** Tools only the main agent has (the Agent tool — also known as Task — and background agent control). */
export const MAIN_AGENT_ONLY_TOOLS: ReadonlySet<string> = new Set(["Agent", "TaskOutput", "TaskStop"]);

function entryCovers(entry: string, toolName: string): boolean {
  const name = entry.replace(/\(.*\)$/, "");
  if (name === "*" || name === toolName) return true;
  if (name === "Task") return toolName === "Agent";
  if (CLAUDE_CODE_COUNTERPARTS[name]?.includes(toolName)) return true;
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

/** Entries of `tools` / `disallowedTools` that name no tool the session has (typos, missing servers).
 *  Claude Code tool names reagent knows (CLAUDE_CODE_COUNTERPARTS) are not unknown. */
export function unknownToolEntries(agent: AgentDefinition, available: readonly string[]): string[] {
  return [...(agent.tools ?? []), ...agent.disallowedTools].filter((entry) => {
    const name = entry.replace(/\(.*\)$/, "");
    if (["Agent", "Task", "TaskOutput", "TaskStop"].includes(name) || name in CLAUDE_CODE_COUNTERPARTS)
      return false;
    return !available.some((toolName) => entryCovers(entry, toolName));
  });
}

/** The warning for an agent's unknown tool entries, with the nearest tool name for a typo. */
export function unknownToolsWarning(
  agent: AgentDefinition,
  unknown: readonly string[],
  available: readonly string[],
): string {
  const named = unknown.map((entry) => {
    const near = entry.startsWith("mcp__") ? undefined : nearest(entry, available, 2);
    return `"${entry}"${near ? ` (did you mean "${near}"?)` : ""}`;
  });
  const where = agent.path ? ` (${agent.path})` : agent.source === "cli" ? " (--agents)" : "";
  return `agent ${agent.name}${where}: no tool is named ${named.join(", ")}; ${unknown.length === 1 ? "that entry matches" : "those entries match"} nothing`;
}
