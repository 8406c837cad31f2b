// Stage 2 of the ToolRunner: the PreToolUse hooks. A hook deny ends the call here (final, no
// prompt); a hook allow or ask is handed on to the permission gate; an updatedInput the tool's
// schema accepts replaces the input (an invalid one is a visible hook error and the original runs);
// hook context and `continue: false` ride along with whatever the call ends as.
import type { HookNotice, ToolHooks } from "../../hooks/index.js";
import type { ToolUseBlock } from "../../model/index.js";
import type { PermissionRequest } from "../../permissions/index.js";
import { formatZodError, systemNote } from "../../util/index.js";
import type { ToolExecution } from "../execution.js";
import type { Tool, ToolContext } from "../tool.js";
import { type CallNotes, failure, type PermissionDenial, stopControl } from "./call-outcome.js";
import { absolutePaths } from "./validate-call.js";

type PreToolUseResult =
  | { type: "denied"; execution: ToolExecution }
  | {
      type: "proceed";
      /** The input the call runs with (the hook's rewrite when there was a valid one). */
      input: Record<string, unknown>;
      /** What the hooks decided, for the gate: allow skips the prompt, ask forces it. */
      hook: HookVerdict;
      carried: CallNotes;
    };

export type HookVerdict = Pick<PermissionRequest, "hookDecision" | "hookReason">;

type PreToolUseStage = {
  hooks?: ToolHooks;
  onDenial?: (denial: PermissionDenial) => void;
  onNotice?: (notice: HookNotice) => void;
};

export async function runPreToolUse(
  stage: PreToolUseStage,
  call: ToolUseBlock,
  tool: Tool,
  input: Record<string, unknown>,
  context: ToolContext,
): Promise<PreToolUseResult> {
  const carried: CallNotes = { notes: [] };
  if (!stage.hooks) return { type: "proceed", input, hook: { hookDecision: "none" }, carried };
  const pre = await stage.hooks.preToolUse({
    toolName: tool.name,
    toolInput: input,
    toolUseId: call.id,
    signal: context.signal,
  });
  for (const text of pre.additionalContext) carried.notes.push(systemNote("PreToolUse", text, tool.name));
  carried.control = stopControl(pre.stop);
  if (pre.decision === "deny") {
    const reason = pre.reason?.trim() || "blocked by a PreToolUse hook";
    stage.onDenial?.({
      tool_name: tool.name,
      tool_use_id: call.id,
      tool_input: input,
      reason: `Tool call denied by a PreToolUse hook: ${reason}`,
    });
    return {
      type: "denied",
      execution: failure(call, "hook_denied", `Tool call denied by a PreToolUse hook: ${reason}`, {
        notes: carried.notes,
        control: carried.control,
      }),
    };
  }
  let runInput = input;
  if (pre.updatedInput) {
    const updated = tool.schema.safeParse(pre.updatedInput);
    if (updated.success) {
      runInput = absolutePaths(tool, updated.data as Record<string, unknown>, context);
      const key = tool.summary?.(runInput);
      carried.summary = `${tool.name}(${key ?? "…"}) [input rewritten by a PreToolUse hook]`;
    } else
      stage.onNotice?.({
        kind: "error",
        event: "PreToolUse",
        hook: "updatedInput",
        source: "PreToolUse hooks",
        text: `hook error: updatedInput for ${tool.name} is invalid (${formatZodError(updated.error)}); the original input was kept`,
      });
  }
  const hook: HookVerdict = { hookDecision: pre.decision, hookReason: pre.reason };
  return { type: "proceed", input: runInput, hook, carried };
}
