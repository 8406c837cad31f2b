// Stage 3 of the ToolRunner: the permission gate. It gets the (possibly rewritten) input, the real
// paths the call touches and the PreToolUse verdict (allow skips the prompt but never a deny rule;
// ask forces the prompt). A deny is a `permission_denied` result; a user's "no" also ends the turn.
import type { ToolUseBlock } from "../../model/types.js";
import type { PermissionGate } from "../../permissions/types.js";
import type { ToolExecution } from "../execution.js";
import type { Tool, ToolContext } from "../tool.js";
import { type CallNotes, failure, type PermissionDenial } from "./call-outcome.js";
import type { HookVerdict } from "./pre-tool-use-stage.js";

export type PermissionStage = {
  gate?: PermissionGate;
  onDenial?: (denial: PermissionDenial) => void;
};

/** Undefined when the call may run; otherwise the denied call's execution. */
export async function checkPermission(
  stage: PermissionStage,
  call: ToolUseBlock,
  tool: Tool,
  input: Record<string, unknown>,
  context: ToolContext,
  hook: HookVerdict,
  carried: CallNotes,
): Promise<ToolExecution | undefined> {
  if (!stage.gate) return undefined;
  const decision = await stage.gate.check({
    toolName: tool.name,
    input,
    toolUseId: call.id,
    readOnly: tool.isReadOnly(input),
    paths: tool.paths ? await tool.paths(input, context) : [],
    shellCwd: context.shell.cwd,
    ...hook,
    signal: context.signal,
  });
  if (decision.behavior === "allow") return undefined;
  stage.onDenial?.({ tool_name: tool.name, tool_use_id: call.id, tool_input: input });
  const control = decision.endTurn
    ? { type: "stop" as const, by: "user" as const, reason: decision.message }
    : carried.control;
  return failure(call, "permission_denied", decision.message, {
    notes: carried.notes,
    control,
    summary: carried.summary,
  });
}
