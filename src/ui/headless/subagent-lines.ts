// Headless output for subagents: stream-json lines (Claude Code's shapes: a subagent's assistant and
// user messages carry `parent_tool_use_id`, the Agent call that started it; `system/task_started` and
// `system/task_notification` frame each run) and the stderr activity lines, marked with the agent.
import type { SessionEvent } from "../../session/index.js";

type SubagentEvent = Extract<SessionEvent, { type: "subagent-start" | "subagent-event" | "subagent-end" }>;

/** `system/task_started` and `system/task_notification`, Claude Code's frames around a subagent run. */
export function subagentFrame(event: Extract<SubagentEvent, { type: "subagent-start" | "subagent-end" }>) {
  const { agent } = event;
  if (event.type === "subagent-start")
    return {
      type: "system",
      subtype: "task_started",
      task_id: agent.agentId,
      tool_use_id: agent.parentToolUseId,
      description: agent.description,
      subagent_type: agent.agentType,
      task_type: "local_agent",
      is_backgrounded: agent.background,
    };
  return {
    type: "system",
    subtype: "task_notification",
    task_id: agent.agentId,
    tool_use_id: agent.parentToolUseId,
    status: event.end.status,
    summary: `Agent "${agent.description}" ${event.end.status}`,
    usage: {
      total_tokens: event.end.usage.input_tokens + event.end.usage.output_tokens,
      tool_uses: event.end.toolUses,
      duration_ms: event.end.durationMs,
    },
    ...(event.end.worktree
      ? { worktree_path: event.end.worktree.path, worktree_branch: event.end.worktree.branch }
      : {}),
  };
}

export function subagentActivityLine(
  event: SubagentEvent,
  verbose: boolean,
  inner: (event: SessionEvent, verbose: boolean) => string | undefined,
): string | undefined {
  const { agent } = event;
  const who = `${agent.agentType} ${agent.agentId.slice(0, 8)}`;
  switch (event.type) {
    case "subagent-start":
      return verbose || agent.background
        ? `● agent ${who} started${agent.background ? " in the background" : ""}: ${agent.description}`
        : undefined;
    case "subagent-event": {
      const line = inner(event.event, verbose);
      return line ? `  ↳ [${who}] ${line}` : undefined;
    }
    case "subagent-end": {
      const where = event.end.worktree
        ? ` (changes kept in ${event.end.worktree.path}, branch ${event.end.worktree.branch})`
        : "";
      return verbose || agent.background || event.end.worktree
        ? `● agent ${who} ${event.end.status} after ${event.end.toolUses} tool calls, ${Math.round(event.end.durationMs / 100) / 10}s${where}`
        : undefined;
    }
  }
}
