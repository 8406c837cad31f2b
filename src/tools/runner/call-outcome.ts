// What a runner stage hands back when a call ends early, and the pieces every stage shares: the
// failure execution (a tool result the model sees, with a code), the denial record for the JSON
// result, and a hook's `continue: false` as a turn control. Stages never throw.
import type { StopRequest } from "../../hooks/index.js";
import type { ToolUseBlock } from "../../model/index.js";
import type { ToolExecution, TurnControl } from "../execution.js";
import type { ToolErrorCode } from "../tool-error-code.js";

/** A call the permission gate or a PreToolUse hook refused, as listed in the JSON result. */
/** A denied call as the JSON result lists it: Claude Code's three fields, plus reagent's `reason` (the
 *  gate's or the hook's message, which the model was also given). */
export type PermissionDenial = {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
  reason: string;
};

/** What the stages found out so far that the final execution carries along. */
export type CallNotes = {
  /** Hook context for the model, in the order the stages produced it. */
  notes: string[];
  /** A request to end the turn after this batch (hook `continue: false`, a user "no"). */
  control?: TurnControl;
  /** The one-line summary of what ran, when a PreToolUse hook rewrote the input. */
  summary?: string;
};

export function failure(
  call: ToolUseBlock,
  code: ToolErrorCode,
  content: string,
  extra: Partial<ToolExecution> = {},
): ToolExecution {
  return {
    result: { type: "tool_result", tool_use_id: call.id, content, is_error: true },
    notes: [],
    code,
    ...extra,
  };
}

/** The call was not run because the turn was interrupted before it started. */
export function interrupted(call: ToolUseBlock, toolName: string, notes: string[]): ToolExecution {
  return failure(call, "aborted", `${toolName} was not run: the turn was interrupted.`, { notes });
}

export function stopControl(stop: StopRequest | undefined): TurnControl | undefined {
  return stop ? { type: "stop", by: "hook", reason: stop.reason } : undefined;
}
