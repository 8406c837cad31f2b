// The hooks of one subagent: its tool events and lifecycle (SubagentStart, SubagentStop, compaction),
// every payload carrying agent_id and agent_type; its agent file's own hooks run beside the configured
// ones for its events. SubagentStop blocks are counted per agent across its runs' stops.
import type { HookConfig } from "./config-types.js";
import { createDispatcher, type Dispatcher, type DispatchOptions } from "./dispatch.js";
import type { EventRunner } from "./event-runner.js";
import { compactEvents, stopEvent } from "./stop-events.js";
import { toolEvents } from "./tool-events.js";
import type { AgentHooks, HookScope } from "./types.js";

/** The payload fields of a call made inside a subagent (a worktree agent's `cwd` is its worktree;
 *  `permission_mode` is the subagent's own). */
export function scopeFields(scope: HookScope | undefined): Record<string, string> {
  if (!scope) return {};
  return {
    agent_id: scope.agentId,
    agent_type: scope.agentType,
    ...(scope.cwd ? { cwd: scope.cwd } : {}),
    ...(scope.permissionMode ? { permission_mode: scope.permissionMode() } : {}),
  };
}

/** Makes `forAgent`: `options` are the engine's (a subagent's own hooks are dispatched like the
 *  configured ones), `dispatcher` the configured hooks'. */
export function agentHooksFactory(options: DispatchOptions, dispatcher: Dispatcher, runner: EventRunner) {
  /** SubagentStop blocks honoured in the current run, per agent. */
  const agentStops = new Map<string, { blocks: number }>();

  /** A subagent's hooks; `agentConfig` holds its agent file's own hooks, which run beside the
   *  configured ones for its events only (never when hooks are disabled). */
  return function forAgent(scope: HookScope, agentConfig?: HookConfig): AgentHooks {
    let stops = agentStops.get(scope.agentId);
    if (!stops) {
      stops = { blocks: 0 };
      agentStops.set(scope.agentId, stops);
    }
    const counter = stops;
    const own =
      agentConfig && agentConfig.handlers.length > 0 && !options.config.disabledBy
        ? createDispatcher({ ...options, config: agentConfig })
        : undefined;
    return {
      ...toolEvents(runner, scopeFields(scope), own),
      has: (event) => dispatcher.has(event) || (own?.has(event) ?? false),
      async subagentStart(signal) {
        const merged = await runner.run({ event: "SubagentStart", fields: scopeFields(scope), signal }, own);
        return { additionalContext: merged.additionalContext, notices: merged.notices };
      },
      subagentStop(input) {
        const fields = {
          stop_hook_active: input.stopHookActive,
          ...scopeFields(scope),
          agent_transcript_path: input.transcriptPath,
          last_assistant_message: input.lastAssistantMessage,
        };
        return stopEvent(runner, "SubagentStop", fields, counter, input.signal, own);
      },
      ...compactEvents(runner, () => scopeFields(scope), own),
    };
  };
}
