// Which tools an agent gets: its `tools` allowlist (absent: every tool the parent has) minus its
// `disallowedTools`. Entries are tool names, `*`, `mcp__server` or `mcp__server__*` (every tool of
// that server) and `mcp__*` (every MCP tool). Old tool names map as in Claude Code 2.1.197 (`Task` →
// Agent, `KillShell`/`KillBash`/`BashOutput` → TaskStop); names of tools Claude Code no longer has
// (`TodoWrite`, `MultiEdit`, `LS` …) give nothing there and here, and are reported. The Agent tool goes,
// with TaskOutput and TaskStop, to a first-level subagent without `tools` or listing Agent/Task (its
// own, for agents one level deeper: subagents.ts); the agents it starts get none.
import { nearest } from "../util/index.js";
import type { AgentDefinition } from "./agent-definition.js";

/** Claude Code 2.1.197's old tool names, and what they stand for (reagent calls Claude Code's
 *  ListMcpResourcesTool and ReadMcpResourceTool by their former names). */
const LEGACY_NAMES: Readonly<Record<string, string>> = {
  Task: "Agent",
  KillShell: "TaskStop",
  KillBash: "TaskStop",
  BashOutput: "TaskStop",
  ListMcpResourcesTool: "ListMcpResources",
  ReadMcpResourceTool: "ReadMcpResource",
};

/** Tool names Claude Code 2.1.197 no longer has (they give nothing there), and what to write instead. */
const GONE: Readonly<Record<string, string>> = {
  TodoWrite: "TaskCreate, TaskUpdate",
  TodoRead: "TaskList, TaskGet",
  MultiEdit: "Edit",
  LS: "Glob",
  NotebookRead: "Read",
};

/** Claude Code tools reagent has none of: they give nothing here. */
const NOT_HERE = new Set([
  "NotebookEdit",
  "EnterPlanMode",
  "EnterWorktree",
  "ExitWorktree",
  "LSP",
  "Monitor",
  "ToolSearch",
  "SendMessage",
]);

/** Questions to the person stay with the main conversation, as in Claude Code: no subagent gets them. */
const MAIN_ONLY = new Set(["AskUserQuestion", "ExitPlanMode"]);

/** The tools that start and manage subagents: a subagent has its own (bound to its own agents). */
export const DELEGATION_TOOLS: ReadonlySet<string> = new Set(["Agent", "TaskOutput", "TaskStop"]);

const bare = (entry: string) => entry.replace(/\(.*\)$/, "");

function entryCovers(entry: string, toolName: string): boolean {
  const name = bare(entry);
  if (name === "*" || name === toolName) return true;
  if (LEGACY_NAMES[name] === toolName) return true;
  if (name === "mcp__*") return toolName.startsWith("mcp__");
  if (name.startsWith("mcp__")) {
    const server = name.replace(/__\*$/, "");
    if (!server.slice(5).includes("__")) return toolName.startsWith(`${server}__`);
  }
  return false;
}

/** Whether `agent` may be offered (and run) `toolName` of its parent's; the delegation tools it may
 *  have are its own (agentMayDelegate). */
export function agentMayUse(agent: AgentDefinition, toolName: string): boolean {
  if (DELEGATION_TOOLS.has(toolName) || MAIN_ONLY.has(toolName)) return false;
  if (agent.tools && !agent.tools.some((entry) => entryCovers(entry, toolName))) return false;
  return !agent.disallowedTools.some((entry) => entryCovers(entry, toolName));
}

/** Whether a first-level subagent gets the Agent tool (with TaskOutput and TaskStop), as in Claude Code:
 *  when it has no `tools` list or lists Agent (or Task, or `*`), and does not disallow it. */
export function agentMayDelegate(agent: AgentDefinition): boolean {
  const listed = !agent.tools || agent.tools.some((entry) => entryCovers(entry, "Agent"));
  return listed && !agent.disallowedTools.some((entry) => entryCovers(entry, "Agent"));
}

/** The agent types a subagent may start: those named in `Agent(a, b)` / `Task(a)`, else every one. */
export function delegateTypes(agent: AgentDefinition): string[] | undefined {
  const named = (agent.tools ?? [])
    .filter((entry) => /^(Agent|Task)\(.+\)$/.test(entry.trim()))
    .flatMap((entry) => entry.slice(entry.indexOf("(") + 1, -1).split(/[\s,]+/))
    .filter((name) => name !== "");
  return named.length > 0 ? named : undefined;
}

/** Entries of `tools` / `disallowedTools` that name no tool the session has (typos, missing servers).
 *  Claude Code's own names, old and gone, are not typos (agentToolNotes reports the gone ones). */
export function unknownToolEntries(agent: AgentDefinition, available: readonly string[]): string[] {
  return [...(agent.tools ?? []), ...agent.disallowedTools].filter((entry) => {
    const name = bare(entry);
    if (
      DELEGATION_TOOLS.has(name) ||
      MAIN_ONLY.has(name) ||
      name in LEGACY_NAMES ||
      name in GONE ||
      NOT_HERE.has(name)
    )
      return false;
    return !available.some((toolName) => entryCovers(entry, toolName));
  });
}

/** The warning for `tools` entries that are Claude Code's but give no tool, or undefined. */
function goneToolsWarning(agent: AgentDefinition): string | undefined {
  const names = (agent.tools ?? []).map(bare);
  const gone = names.filter((name) => name in GONE);
  const missing = names.filter((name) => NOT_HERE.has(name));
  if (gone.length === 0 && missing.length === 0) return undefined;
  const parts: string[] = [];
  if (gone.length > 0)
    parts.push(
      `${gone.join(", ")} give${gone.length === 1 ? "s" : ""} no tool, as in Claude Code 2.1.197, which has none of that name any more (write ${gone.map((name) => GONE[name]).join("; ")} instead)`,
    );
  if (missing.length > 0)
    parts.push(
      `${missing.join(", ")}: Claude Code tool${missing.length === 1 ? "" : "s"} reagent does not have`,
    );
  const where = agent.path ? ` (${agent.path})` : agent.source === "cli" ? " (--agents)" : "";
  return `agent ${agent.name}${where}: ${parts.join("; ")}`;
}

/** The warning for an agent's unknown tool entries, with the nearest tool name for a typo. */
function unknownToolsWarning(
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

/** Everything to report about an agent's tool entries: typos and Claude Code names that give nothing.
 *  `ignoreMcp`: MCP tool names are not judged (the servers are not started). */
export function agentToolWarnings(
  agent: AgentDefinition,
  available: readonly string[],
  options: { ignoreMcp?: boolean } = {},
): string[] {
  const unknown = unknownToolEntries(agent, available).filter(
    (entry) => !(options.ignoreMcp && entry.startsWith("mcp__")),
  );
  const gone = goneToolsWarning(agent);
  return [
    ...(unknown.length > 0 ? [unknownToolsWarning(agent, unknown, available)] : []),
    ...(gone ? [gone] : []),
  ];
}
