// runAgentLoop: the ReAct loop over an injected ModelClient and ToolExecutor. It streams model
// events, runs tool calls, appends to the history it is given, emits typed AgentEvents and returns a
// typed Terminal. It knows nothing about hooks, permissions, disk or terminals; Stop-hook style
// "keep going" reaches it through the `onStop` callback.
import type {
  Message,
  ModelClient,
  ModelError,
  ModelEvent,
  StopReason,
  TextBlock,
  ToolSchema,
  ToolUseBlock,
  Usage,
} from "../model/index.js";
import type { ToolExecutor } from "../tools/index.js";
import { errorMessage, tendHeap } from "../util/index.js";
import type { AgentEvent, Terminal } from "./events.js";
import { runToolBatch } from "./tool-batch.js";

export type StopDecision =
  | { type: "end" }
  /** Continue the turn with `reason` as the next user message. `notes`: news the agent must see (a
   *  background agent finished), which does not count as a Stop-hook continuation. */
  | { type: "continue"; reason: string; source?: "hook" | "notes" }
  | { type: "stop"; reason: string };

export type LoopOptions = {
  model: ModelClient;
  tools: ToolExecutor;
  /** Rebuilt before every request (memory and instructions may change between turns). */
  system: () => Promise<string> | string;
  toolSchemas: () => ToolSchema[];
  /** The conversation; the loop appends assistant and tool-result messages in place. */
  messages: Message[];
  maxTurns: number;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** Outbound copy of the history for one request (trimming); history itself stays untouched. */
  prepareMessages?: (messages: Message[]) => Message[];
  /** Called when the model wants to stop; may continue the turn with an instruction. `stopHookActive`:
   *  an earlier stop of this run was continued that way (tool rounds since do not change it, as in Claude
   *  Code, so a hook that lets a continued agent stop ends the run). The caller owns any cap on
   *  continuations (the hooks engine's Stop block limit); maxTurns bounds the loop. */
  onStop?: (lastText: string, stopHookActive: boolean) => Promise<StopDecision>;
  /** Notes that arrived while tools ran (a background agent finished): sent with the tool results. */
  drainNotes?: () => string[];
  /** Runs before every model request (the session's auto-compaction check). */
  beforeRequest?: () => Promise<void>;
  /** Checked before every request after the first: a reason ends the run (a spend cap reached). */
  budgetExceeded?: () => string | undefined;
  /** Called once when the provider rejects a request as too long; true = history was compacted, retry. */
  onContextOverflow?: () => Promise<boolean>;
  maxConcurrency?: number;
};

type ModelTurn =
  | {
      ok: true;
      message: Extract<Message, { role: "assistant" }>;
      model: string;
      messageId?: string;
      stopReason: StopReason;
      usage: Usage;
      durationMs: number;
    }
  | { ok: false; error: ModelError };

async function streamOnce(options: LoopOptions, system: string): Promise<ModelTurn> {
  const messages = options.prepareMessages ? options.prepareMessages(options.messages) : options.messages;
  let end: Extract<ModelEvent, { type: "message-end" }> | undefined;
  let started: Extract<ModelEvent, { type: "message-start" }> | undefined;
  try {
    for await (const event of options.model.stream({
      system,
      messages,
      tools: options.toolSchemas(),
      signal: options.signal,
    })) {
      if (event.type === "text-delta") options.emit({ type: "text-delta", text: event.text });
      else if (event.type === "thinking-delta") options.emit({ type: "thinking-delta", text: event.text });
      else if (event.type === "message-start") {
        // The earlier requests' bodies are garbage and the model is still answering: the heap is
        // tended now, while the loop would wait anyway (util/large-garbage).
        tendHeap();
        started = event;
        options.emit({ type: "message-start", model: event.model, ...(event.id ? { id: event.id } : {}) });
      } else if (event.type === "tool-call-delta")
        options.emit({ type: "tool-call-delta", id: event.id, name: event.name });
      else if (event.type === "retry") {
        const { type: _type, ...retry } = event;
        options.emit({ type: "model-retry", ...retry });
      } else if (event.type === "error") return { ok: false, error: event.error };
      else if (event.type === "message-end") end = event;
    }
  } catch (error) {
    const aborted = options.signal.aborted;
    return {
      ok: false,
      error: {
        kind: aborted ? "aborted" : "unknown",
        message: errorMessage(error),
      },
    };
  }
  if (!end)
    return { ok: false, error: { kind: "stream_cut", message: "the model stream ended without a message" } };
  return {
    ok: true,
    message: end.message,
    model: started?.model ?? options.model.model,
    ...(started?.id ? { messageId: started.id } : {}),
    stopReason: end.stopReason,
    usage: end.usage,
    durationMs: end.durationMs,
  };
}

function textOf(message: Extract<Message, { role: "assistant" }>): string {
  return message.content
    .filter((block): block is TextBlock => block.type === "text")
    .map((block) => block.text)
    .join("");
}

const MAX_CUTS_IN_A_ROW = 3;

/** Results for the tool calls of a response cut off at max_tokens: none of them ran. */
function cutOffResults(calls: ToolUseBlock[]): Extract<Message, { role: "user" }> {
  return {
    role: "user",
    content: calls.map((call) => ({
      type: "tool_result" as const,
      tool_use_id: call.id,
      content:
        "Not run: your response was cut off at the output token limit (max_tokens) before this tool call was complete. " +
        "Continue from where you stopped, and split large content into smaller steps (for example several Edit calls, or Write a file in parts).",
      is_error: true,
    })),
  };
}

/** What the loop carries from one request to the next. */
type LoopState = {
  /** The newest non-empty text of the model: the run's answer so far. */
  lastText: string;
  /** Stop-hook continuations so far (notes do not count). */
  stopContinuations: number;
  /** A context overflow is compacted away once per run. */
  overflowRetried: boolean;
  cutsInARow: number;
};

type Reply = Extract<ModelTurn, { ok: true }>;

export async function runAgentLoop(options: LoopOptions): Promise<Terminal> {
  const finish = (terminal: Terminal): Terminal => {
    options.emit({ type: "loop-end", terminal });
    return terminal;
  };
  const state: LoopState = { lastText: "", stopContinuations: 0, overflowRetried: false, cutsInARow: 0 };
  for (let turn = 1; ; turn++) {
    const refused = refusedTurn(options, turn, state.lastText);
    if (refused) return finish(refused);
    options.emit({ type: "turn-start", turn });
    await options.beforeRequest?.();
    const system = await options.system();
    const response = await streamOnce(options, system);
    if (!response.ok) {
      const failed = await afterFailure(options, state, response.error);
      if (failed !== "compacted") return finish(failed);
      turn--;
      continue;
    }
    const terminal = await afterReply(options, state, response);
    if (terminal) return finish(terminal);
  }
}

/** Why the next request is not sent (aborted, out of turns, over budget), or undefined to send it. */
function refusedTurn(options: LoopOptions, turn: number, lastText: string): Terminal | undefined {
  if (options.signal.aborted) return { reason: "aborted", text: lastText };
  if (turn > options.maxTurns) return { reason: "max_turns", turns: options.maxTurns, text: lastText };
  const overBudget = turn > 1 ? options.budgetExceeded?.() : undefined;
  if (overBudget) return { reason: "max_budget", message: overBudget, text: lastText };
  return undefined;
}

/** A failed request ends the run, except a first context overflow the session compacted away. */
async function afterFailure(
  options: LoopOptions,
  state: LoopState,
  error: ModelError,
): Promise<Terminal | "compacted"> {
  if (options.signal.aborted || error.kind === "aborted") return { reason: "aborted", text: state.lastText };
  if (error.kind === "context_length" && !state.overflowRetried && options.onContextOverflow) {
    state.overflowRetried = true;
    if (await options.onContextOverflow()) return "compacted";
  }
  return { reason: "error", error, text: state.lastText };
}

/** Records the reply, then runs its tool calls or asks whether to stop; a terminal ends the run. */
async function afterReply(
  options: LoopOptions,
  state: LoopState,
  response: Reply,
): Promise<Terminal | undefined> {
  // Every change to the history is followed by an event (a transcript subscriber relies on it).
  options.messages.push(response.message);
  options.emit({
    type: "assistant-message",
    message: response.message,
    model: response.model,
    ...(response.messageId ? { messageId: response.messageId } : {}),
    usage: response.usage,
    stopReason: response.stopReason,
    durationMs: response.durationMs,
  });
  const text = textOf(response.message);
  if (text) state.lastText = text;
  const calls = response.message.content.filter((block): block is ToolUseBlock => block.type === "tool_use");
  const cut = response.stopReason === "max_tokens";
  state.cutsInARow = cut ? state.cutsInARow + 1 : 0;
  if (cut) options.emit({ type: "output-truncated", skippedCalls: calls.length });
  if (cut && calls.length > 0) return skipCutOffCalls(options, state, calls);
  if (calls.length === 0) return decideStop(options, state, cut);
  return runCalls(options, calls, state.lastText);
}

/** The last call of a cut-off reply may be half-formed: none of them runs; the model is told and goes on. */
function skipCutOffCalls(
  options: LoopOptions,
  state: LoopState,
  calls: ToolUseBlock[],
): Terminal | undefined {
  const message = cutOffResults(calls);
  options.messages.push(message);
  options.emit({ type: "tool-results", message });
  if (state.cutsInARow < MAX_CUTS_IN_A_ROW) return undefined;
  return {
    reason: "error",
    error: {
      kind: "unknown",
      message: `the model's output was cut off at its token limit ${MAX_CUTS_IN_A_ROW} times in a row; ask for smaller steps`,
    },
    text: state.lastText,
  };
}

/** The model wants to stop: `onStop` may end the run, stop it, or continue it with a message. */
async function decideStop(
  options: LoopOptions,
  state: LoopState,
  cut: boolean,
): Promise<Terminal | undefined> {
  const { lastText } = state;
  const completed: Terminal = { reason: "completed", text: lastText, ...(cut ? { truncated: true } : {}) };
  if (!options.onStop) return completed;
  const decision = await options.onStop(lastText, state.stopContinuations > 0);
  if (decision.type === "stop")
    return { reason: "stopped_by_hook", message: decision.reason, text: lastText };
  if (decision.type === "end") return completed;
  if (decision.source === "notes") {
    options.messages.push({ role: "user", content: [{ type: "text", text: decision.reason }] });
    return undefined;
  }
  state.stopContinuations++;
  options.messages.push({ role: "user", content: [{ type: "text", text: decision.reason }] });
  options.emit({ type: "stop-continued", reason: decision.reason, count: state.stopContinuations });
  return undefined;
}

/** Runs the reply's tool calls and sends their results (with any notes) back. */
async function runCalls(
  options: LoopOptions,
  calls: ToolUseBlock[],
  lastText: string,
): Promise<Terminal | undefined> {
  const batch = await runToolBatch(calls, options);
  for (const note of options.drainNotes?.() ?? []) batch.message.content.push({ type: "text", text: note });
  options.messages.push(batch.message);
  options.emit({ type: "tool-results", message: batch.message });
  if (batch.control) {
    const reason = batch.control.by === "hook" ? "stopped_by_hook" : "declined";
    return { reason, message: batch.control.reason, text: lastText };
  }
  if (options.signal.aborted) return { reason: "aborted", text: lastText };
  return undefined;
}
