// Stage 5 of the ToolRunner: PostToolUse after a success, PostToolUseFailure after a failure. A hook
// may replace what the model sees (updatedToolOutput), add a block reason or context (notes next to
// the result), or ask to stop the turn. The result's error flag and code never change here.
import type { ToolHooks } from "../../hooks/index.js";
import type { ToolUseBlock } from "../../model/index.js";
import { systemNote } from "../../util/index.js";
import type { ToolExecution } from "../execution.js";
import type { Tool } from "../tool.js";
import { type CallNotes, stopControl } from "./call-outcome.js";
import type { Executed } from "./execute-stage.js";

export async function runPostToolUse(
  hooks: ToolHooks | undefined,
  call: ToolUseBlock,
  tool: Tool,
  input: Record<string, unknown>,
  executed: Executed,
  carried: CallNotes,
  signal: AbortSignal,
): Promise<ToolExecution> {
  const { result, durationMs } = executed;
  let content = result.content;
  const notes = [...carried.notes];
  let control = carried.control;
  if (!result.isError) notes.push(...(result.context ?? []));
  if (hooks) {
    const base = { toolName: tool.name, toolInput: input, toolUseId: call.id, signal, durationMs };
    const event = result.isError ? "PostToolUseFailure" : "PostToolUse";
    const post = result.isError
      ? await hooks.postToolUseFailure({ ...base, error: result.content })
      : await hooks.postToolUse({
          ...base,
          toolResponse: result.data ?? result.content,
          toolResult: result.content,
          isError: false,
        });
    if (post.updatedToolOutput !== undefined) content = post.updatedToolOutput;
    if (post.blockReason) notes.push(systemNote(event, post.blockReason, tool.name));
    for (const text of post.additionalContext) notes.push(systemNote(event, text, tool.name));
    control ??= stopControl(post.stop);
  }
  return {
    result: {
      type: "tool_result",
      tool_use_id: call.id,
      content,
      // Images ride along with the text (a hook's updatedToolOutput replaces the text only).
      ...(!result.isError && result.images?.length ? { images: result.images } : {}),
      ...(result.isError ? { is_error: true } : {}),
    },
    notes,
    control,
    code: result.isError ? result.code : undefined,
    data: result.data,
    ...(result.usage ? { usage: result.usage } : {}),
    summary: carried.summary,
  };
}
