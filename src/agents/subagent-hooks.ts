// The hooks a subagent's Session sees: its tool events come from the parent's hooks engine scoped to
// the agent (payloads carry agent_id and agent_type); its Stop is SubagentStop; the session-level
// events that belong to the main conversation (UserPromptSubmit/Expansion, SessionStart, SessionEnd,
// StopFailure) do not fire.
import type { AgentHooks, HookEventName, SessionHooks, ToolHooks } from "../hooks/index.js";

const empty = { additionalContext: [], notices: [] };

export function subagentSessionHooks(
  agent: AgentHooks,
  parent: Pick<SessionHooks, "has" | "notification">,
  transcriptPath: () => string | null,
): SessionHooks & ToolHooks {
  return {
    preToolUse: (input) => agent.preToolUse(input),
    postToolUse: (input) => agent.postToolUse(input),
    postToolUseFailure: (input) => agent.postToolUseFailure(input),
    ...(agent.postToolBatch ? { postToolBatch: agent.postToolBatch } : {}),
    ...(agent.cwdChanged ? { cwdChanged: agent.cwdChanged } : {}),
    ...(agent.permissionDenied ? { permissionDenied: agent.permissionDenied } : {}),
    has: (event: HookEventName) => agent.has(event === "Stop" ? "SubagentStop" : event),
    userPromptSubmit: async () => empty,
    userPromptExpansion: async () => empty,
    stop: (input) =>
      agent.subagentStop({
        stopHookActive: input.stopHookActive,
        lastAssistantMessage: input.lastAssistantMessage,
        transcriptPath: transcriptPath(),
        signal: input.signal,
      }),
    sessionStart: async () => ({ ...empty, envExports: {} }),
    sessionEnd: async () => ({ notices: [] }),
    preCompact: (trigger, instructions) => agent.preCompact(trigger, instructions),
    postCompact: (trigger, summary) => agent.postCompact(trigger, summary),
    notification: (message, type) => parent.notification(message, type),
    // A subagent's API failure ends the Agent call with an error result; the parent's turn goes on.
    stopFailure: async () => ({ notices: [] }),
  };
}
