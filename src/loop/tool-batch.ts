// Runs the tool calls of one model response. All read-only: concurrently (bounded), otherwise in
// the model's order. Results always come back in the model's order, and every call gets exactly
// one result — also when the turn is aborted or ended early (skipped calls say why).
import type { Message, ToolResultBlock, ToolUseBlock } from "../model/index.js";
import type { ToolExecution, ToolExecutor, TurnControl } from "../tools/index.js";
import { errorMessage } from "../util/index.js";
import type { AgentEvent } from "./events.js";

type BatchOptions = {
  tools: ToolExecutor;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  maxConcurrency?: number;
};

function skipped(call: ToolUseBlock, why: string): ToolExecution {
  return {
    result: {
      type: "tool_result",
      tool_use_id: call.id,
      content: `Tool call skipped: ${why}.`,
      is_error: true,
    },
    notes: [],
    code: "skipped",
  };
}

/** Runs one call through the executor between its tool-call-start and tool-call-end events; a tool
 *  that throws becomes a `tool_crashed` result. Also used for the calls a user makes from the prompt. */
export async function runToolCall(
  call: ToolUseBlock,
  options: Omit<BatchOptions, "maxConcurrency">,
): Promise<ToolExecution> {
  const summary = options.tools.summary(call);
  options.emit({ type: "tool-call-start", call, summary });
  const started = Date.now();
  let execution: ToolExecution;
  try {
    execution = await options.tools.run(call, options.signal);
  } catch (error) {
    const message = errorMessage(error);
    execution = {
      result: {
        type: "tool_result",
        tool_use_id: call.id,
        content: `Tool crashed: ${message}`,
        is_error: true,
      },
      notes: [],
      code: "tool_crashed",
    };
  }
  options.emit({
    type: "tool-call-end",
    call,
    summary: execution.summary ?? summary,
    isError: execution.result.is_error === true,
    code: execution.code,
    content: execution.result.content,
    durationMs: Math.max(0, Date.now() - started - (execution.waitedMs ?? 0)),
    data: execution.data,
    ...(execution.usage ? { usage: execution.usage } : {}),
  });
  return execution;
}

export async function runToolBatch(
  calls: ToolUseBlock[],
  options: BatchOptions,
): Promise<{ message: Extract<Message, { role: "user" }>; control?: TurnControl }> {
  const executions: Array<ToolExecution | undefined> = new Array(calls.length);
  let control: TurnControl | undefined;
  const concurrent = calls.length > 1 && calls.every((call) => options.tools.isReadOnly(call));
  if (concurrent) {
    let next = 0;
    const worker = async () => {
      while (next < calls.length && !options.signal.aborted) {
        const index = next++;
        const call = calls[index];
        if (call) executions[index] = await runToolCall(call, options);
      }
    };
    const width = Math.min(options.maxConcurrency ?? 8, calls.length);
    await Promise.all(Array.from({ length: width }, worker));
  } else {
    for (const [index, call] of calls.entries()) {
      if (options.signal.aborted || control) break;
      executions[index] = await runToolCall(call, options);
      control = executions[index]?.control;
    }
  }
  for (const execution of executions) control ??= execution?.control;
  const results: ToolResultBlock[] = [];
  const notes: string[] = [];
  for (const [index, call] of calls.entries()) {
    const why = options.signal.aborted
      ? "the turn was aborted before it ran"
      : `the turn ended before it ran (${control?.reason ?? "stopped"})`;
    const execution = executions[index] ?? skipped(call, why);
    results.push(execution.result);
    notes.push(...execution.notes);
  }
  // PostToolBatch: once the whole batch resolved (not when the turn was aborted).
  const after =
    options.tools.afterBatch && !options.signal.aborted
      ? await options.tools.afterBatch(calls, options.signal)
      : undefined;
  if (after) {
    notes.push(...after.notes);
    control ??= after.control;
  }
  const content: Array<ToolResultBlock | { type: "text"; text: string }> = [...results];
  for (const note of notes) content.push({ type: "text", text: note });
  return { message: { role: "user", content }, control };
}
