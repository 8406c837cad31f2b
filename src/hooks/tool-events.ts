// The hook events of one tool call and of the gate's questions, for the main conversation or inside a
// subagent (`extra`: its agent_id and agent_type in every payload): PreToolUse, PostToolUse,
// PostToolUseFailure, PostToolBatch, PermissionDenied, CwdChanged and PermissionRequest. Each builds
// its payload fields and maps the merged result to the event's typed outcome; running is the runner's.
import type { Dispatcher } from "./dispatch.js";
import type { EventRunner } from "./event-runner.js";
import { batchEvents } from "./lifecycle-events.js";
import { blocks, type MergedOutcome, permissionDecision, stopOf } from "./merge.js";
import type {
  PermissionHooks,
  PermissionRequestOutcome,
  PostToolUseOutcome,
  PreToolUseOutcome,
  ToolHooks,
} from "./types.js";

function toolFields(input: { toolName: string; toolInput: Record<string, unknown>; toolUseId: string }) {
  return {
    tool_name: input.toolName,
    tool_input: input.toolInput,
    tool_use_id: input.toolUseId,
  };
}

function postOutcome(merged: MergedOutcome): PostToolUseOutcome {
  const outcome: PostToolUseOutcome = {
    additionalContext: merged.additionalContext,
    notices: merged.notices,
    ...stopOf(merged),
  };
  if (blocks(merged) && merged.reason) outcome.blockReason = merged.reason;
  if (merged.updatedToolOutput !== undefined) outcome.updatedToolOutput = merged.updatedToolOutput;
  return outcome;
}

/** Tool events; inside a subagent `extra` holds its payload fields and `own` its agent's hooks. */
export function toolEvents(runner: EventRunner, extra: Record<string, string>, own?: Dispatcher): ToolHooks {
  const run = runner.run;
  return {
    async preToolUse(input): Promise<PreToolUseOutcome> {
      const tool = { name: input.toolName, input: input.toolInput };
      const merged = await run(
        { event: "PreToolUse", fields: { ...toolFields(input), ...extra }, tool, signal: input.signal },
        own,
      );
      const outcome: PreToolUseOutcome = {
        decision: permissionDecision(merged),
        additionalContext: merged.additionalContext,
        notices: merged.notices,
        ...stopOf(merged),
      };
      if (merged.reason) outcome.reason = merged.reason;
      // The runner validates updatedInput against the tool's schema (it owns the tool).
      if (merged.updatedInput) outcome.updatedInput = merged.updatedInput;
      return outcome;
    },

    async postToolUse(input) {
      const fields = {
        ...toolFields(input),
        tool_response: input.toolResponse,
        duration_ms: input.durationMs,
        tool_result: input.toolResult,
        tool_is_error: input.isError,
        ...extra,
      };
      const tool = { name: input.toolName, input: input.toolInput };
      return postOutcome(await run({ event: "PostToolUse", fields, tool, signal: input.signal }, own));
    },

    async postToolUseFailure(input) {
      const fields = { ...toolFields(input), error: input.error, duration_ms: input.durationMs, ...extra };
      const tool = { name: input.toolName, input: input.toolInput };
      return postOutcome(await run({ event: "PostToolUseFailure", fields, tool, signal: input.signal }, own));
    },

    ...batchEvents((request) => run(request, own), extra),

    async permissionDenied(input) {
      const fields = { ...toolFields(input), reason: input.reason, ...extra };
      const tool = { name: input.toolName, input: input.toolInput };
      const merged = await run({ event: "PermissionDenied", fields, tool }, own);
      return { retry: merged.retry === true, notices: merged.notices };
    },
    // CwdChanged hooks may write CLAUDE_ENV_FILE (a direnv reload): its variables apply to later calls.
    async cwdChanged(oldCwd, newCwd, inherited = () => undefined) {
      const fields = { old_cwd: oldCwd, new_cwd: newCwd, ...extra };
      const { merged, env } = await runner.withEnvFile({ event: "CwdChanged", fields }, inherited, own);
      return { notices: merged.notices, envExports: env.exports, envUnset: env.unset };
    },
  };
}

/** PermissionRequest (main conversation only): a hook may answer the gate's question; "ask" leaves it
 *  to the person. */
export function permissionEvents(runner: EventRunner): PermissionHooks {
  return {
    async permissionRequest(input): Promise<PermissionRequestOutcome> {
      const merged = await runner.run({
        event: "PermissionRequest",
        fields: { ...toolFields(input), permission_suggestions: input.suggestions },
        tool: { name: input.toolName, input: input.toolInput },
        signal: input.signal,
      });
      const answer = permissionDecision(merged);
      const decision = answer === "ask" ? "none" : answer;
      const outcome: PermissionRequestOutcome = { decision, notices: merged.notices, ...stopOf(merged) };
      if (merged.reason) outcome.reason = merged.reason;
      if (decision === "allow" && merged.updatedInput) outcome.updatedInput = merged.updatedInput;
      return outcome;
    },
  };
}
