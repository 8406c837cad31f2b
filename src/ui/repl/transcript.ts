// The conversation as the REPL shows it, folded from SessionEvents by a pure reducer: finished
// entries (printed once, above the live area; finished markdown blocks of a streaming answer move
// there as soon as the next block starts), the assistant text still streaming, the tool calls still
// running with the tail of their live output, and the token count so far. Rendering is left to the
// view modules.
import { charsToTokens } from "../../util/index.js";
import type { Hunk } from "./diff-view.js";
import type { SessionEvent } from "./host.js";
import { splitFinishedBlocks } from "./streaming-blocks.js";
import { showsOneLine, type ToolStatus, toolStatus } from "./tool-outcome.js";
import { toolPatch } from "./tool-patch.js";

export type { ToolStatus };
export { toolStatus };

export type Entry =
  /** A prompt; `shell`: a `!command` the user ran (bash mode). */
  | { kind: "user"; id: number; text: string; shell?: boolean }
  | { kind: "assistant"; id: number; text: string }
  /** The model's thinking, shown collapsed ("Thought for 4s"); Ctrl+O and `/thinking` show it in full.
   *  A replayed conversation does not know how long it took (`seconds` absent). */
  | { kind: "thinking"; id: number; text: string; seconds?: number }
  | {
      kind: "tool";
      id: number;
      summary: string;
      status: ToolStatus;
      code?: string;
      content: string;
      /** Absent for calls replayed from a resumed session's history. */
      durationMs?: number;
      /** The change an Edit/Write made (or would have made, when replayed). */
      patch?: Hunk[];
      /** The call's input (the detailed view, Ctrl+O, shows it in full). */
      input?: Record<string, unknown>;
      /** One line, no output preview unless it failed (a subagent's step, a task-list call); the
       *  detailed view shows the output. */
      step?: boolean;
    }
  | {
      kind: "hook";
      id: number;
      level: "block" | "error" | "message" | "warning";
      label: string;
      text: string;
    }
  | { kind: "info"; id: number; text: string }
  /** A compaction summary (one dim line; the detailed view shows the text). */
  | { kind: "summary"; id: number; text: string }
  /** The line after a turn: "Worked for 12s · 3 tools · $0.04". */
  | { kind: "feedback"; id: number; text: string }
  | { kind: "warning"; id: number; text: string }
  | { kind: "error"; id: number; text: string };

export type EntryInput = Entry extends infer E ? (E extends Entry ? Omit<E, "id"> : never) : never;

type RunningTool = {
  id: string;
  summary: string;
  startedAt: number;
  /** Start order of the main agent's calls (the model's order), for printing them in that order. */
  seq?: number;
  /** The tail of its live output (Bash), at most LIVE_OUTPUT_CHARS. */
  output: string;
};

const LIVE_OUTPUT_CHARS = 4000;

export type TaskItem = Extract<SessionEvent, { type: "task-list" }>["tasks"][number];

export type Transcript = {
  entries: Entry[];
  streaming: string;
  /** Thinking streamed for the response in flight, and when it began. */
  thinking: string;
  thinkingSince?: number;
  running: RunningTool[];
  /** Output tokens reported for finished model responses in this turn. */
  outputTokens: number;
  /** Characters streamed for the response in flight (≈ 4 per token). */
  streamedChars: number;
  retry?: string;
  /** Tool calls that finished since the last turn ended (the feedback line counts them). */
  toolsThisTurn: number;
  nextId: number;
  /** The session's task list, shown live while any task is open. */
  tasks: readonly TaskItem[];
  /** Finished calls waiting for calls the model made before them (parallel calls finish in any
   *  order; they are printed in the model's order, as a resumed session replays them). */
  held: Array<{ seq: number; entry: EntryInput }>;
  nextSeq: number;
  /** The change of an Edit/Write the user refused in the dialog, by tool_use_id, until its call ends. */
  refused: Readonly<Record<string, Hunk[]>>;
};

export const emptyTranscript = (): Transcript => ({
  entries: [],
  streaming: "",
  thinking: "",
  running: [],
  outputTokens: 0,
  streamedChars: 0,
  toolsThisTurn: 0,
  nextId: 1,
  tasks: [],
  held: [],
  nextSeq: 0,
  refused: {},
});

export function addEntry(state: Transcript, entry: EntryInput): Transcript {
  return {
    ...state,
    entries: [...state.entries, { ...entry, id: state.nextId } as Entry],
    nextId: state.nextId + 1,
  };
}

/** Prints the held finished calls that no running call of the main agent precedes (all: `flush`). */
function releaseHeld(state: Transcript, flush = false): Transcript {
  const waiting = state.running.flatMap((tool) => (tool.seq === undefined ? [] : [tool.seq]));
  const first = flush || waiting.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...waiting);
  const ready = state.held.filter((held) => held.seq < first).sort((a, b) => a.seq - b.seq);
  if (ready.length === 0) return state;
  const next = ready.reduce((acc, held) => addEntry(acc, held.entry), state);
  return { ...next, held: state.held.filter((held) => held.seq >= first) };
}

/** A running tool's clock restarts when its permission dialog is answered (the wait is not its time). */
export function restartTool(state: Transcript, id: string, now: number): Transcript {
  return {
    ...state,
    running: state.running.map((tool) => (tool.id === id ? { ...tool, startedAt: now } : tool)),
  };
}

/** Tokens so far in this turn: reported output tokens plus an estimate for the text in flight. */
export function tokensSoFar(state: Transcript): number {
  return state.outputTokens + charsToTokens(state.streamedChars);
}

function flushThinking(state: Transcript, now: number): Transcript {
  if (state.thinkingSince === undefined) return state;
  const seconds = Math.max(1, Math.round((now - state.thinkingSince) / 1000));
  const next = addEntry(state, { kind: "thinking", text: state.thinking, seconds });
  return { ...next, thinking: "", thinkingSince: undefined };
}

function flushStreaming(state: Transcript): Transcript {
  if (state.streaming.trim() === "") return { ...state, streaming: "" };
  return { ...addEntry(state, { kind: "assistant", text: state.streaming.trim() }), streaming: "" };
}

function terminalEntry(state: Transcript, event: Extract<SessionEvent, { type: "turn-end" }>): Transcript {
  const { terminal } = event.result;
  switch (terminal.reason) {
    case "completed":
      return state;
    case "aborted":
      return addEntry(state, { kind: "warning", text: "Interrupted. What should reagent do instead?" });
    case "max_turns":
      return addEntry(state, {
        kind: "warning",
        text: `Stopped after ${terminal.turns} model turns (max turns).`,
      });
    case "error":
      return addEntry(state, { kind: "error", text: `Error: ${terminal.error.message}` });
    case "stopped_by_hook":
      return addEntry(state, { kind: "warning", text: `Stopped by a hook: ${terminal.message}` });
    case "command_failed":
      return addEntry(state, { kind: "error", text: `Error: ${terminal.message}` });
    case "declined":
      // The person's own no: what they refused is on its tool line; the model's wording is for the model.
      if (terminal.message.startsWith("The user declined"))
        return addEntry(state, { kind: "warning", text: "Declined. What should reagent do instead?" });
      return addEntry(state, { kind: "warning", text: terminal.message });
    case "max_budget":
      return addEntry(state, { kind: "warning", text: terminal.message });
  }
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** "Worked for 12s · 3 tools · $0.04" after a turn that reached the model; the cost only when
 *  every model used has a known price. */
function feedbackLine(
  result: Extract<SessionEvent, { type: "turn-end" }>["result"],
  tools: number,
): string | undefined {
  if (result.numTurns === 0) return undefined;
  const parts = [`Worked for ${duration(result.durationMs)}`];
  if (tools > 0) parts.push(`${tools} tool${tools === 1 ? "" : "s"}`);
  const cost = result.totalCostUsd;
  if (cost > 0 && (result.unpricedModels ?? []).length === 0)
    parts.push(cost >= 0.01 ? `$${cost.toFixed(2)}` : `$${cost.toFixed(4)}`);
  return parts.join(" · ");
}

type EventOf<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>;

function thinkingDelta(state: Transcript, event: EventOf<"thinking-delta">, now: number): Transcript {
  return {
    ...state,
    thinking: state.thinking + event.text,
    thinkingSince: state.thinkingSince ?? now,
    streamedChars: state.streamedChars + event.text.length,
    retry: undefined,
  };
}

/** Streamed text: finished blocks become an assistant entry, the rest keeps streaming. */
function textDelta(state: Transcript, event: EventOf<"text-delta">): Transcript {
  const { done, rest } = splitFinishedBlocks(state.streaming + event.text);
  const next = done.trim() === "" ? state : addEntry(state, { kind: "assistant", text: done.trim() });
  return {
    ...next,
    streaming: rest,
    streamedChars: state.streamedChars + event.text.length,
    retry: undefined,
  };
}

function toolCallStarted(state: Transcript, event: EventOf<"tool-call-start">, now: number): Transcript {
  return {
    ...flushStreaming(state),
    running: [
      ...state.running,
      { id: event.call.id, summary: event.summary, startedAt: now, output: "", seq: state.nextSeq },
    ],
    nextSeq: state.nextSeq + 1,
  };
}

function toolProgress(state: Transcript, event: EventOf<"tool-progress">): Transcript {
  return {
    ...state,
    running: state.running.map((tool) =>
      tool.id === event.toolUseId
        ? { ...tool, output: (tool.output + event.output).slice(-LIVE_OUTPUT_CHARS) }
        : tool,
    ),
  };
}

/** A finished call is held until no running call of the main agent started before it. */
function toolCallEnded(state: Transcript, event: EventOf<"tool-call-end">): Transcript {
  const seq = state.running.find((tool) => tool.id === event.call.id)?.seq ?? state.nextSeq;
  const status = toolStatus(event.isError, event.code);
  const { [event.call.id]: refused, ...stillRefused } = state.refused;
  const entry: EntryInput = {
    kind: "tool",
    summary: event.summary,
    status,
    code: event.code,
    content: event.content,
    durationMs: event.durationMs,
    patch: !event.isError
      ? toolPatch(event.call.name, event.data)
      : status === "denied"
        ? refused
        : undefined,
    input: event.call.input as Record<string, unknown>,
    ...(showsOneLine(event.call.name) ? { step: true } : {}),
  };
  return releaseHeld({
    ...state,
    refused: stillRefused,
    running: state.running.filter((tool) => tool.id !== event.call.id),
    toolsThisTurn: state.toolsThisTurn + 1,
    held: [...state.held, { seq, entry }],
  });
}

function hookNoticeEntry(notice: EventOf<"hook-notice">["notice"]): EntryInput {
  const level =
    notice.kind === "block" || notice.kind === "error"
      ? notice.kind
      : notice.kind === "disabled" || notice.kind === "warning"
        ? "warning"
        : "message";
  return {
    kind: "hook",
    level,
    label: `${notice.event} hook ${notice.hook} (${notice.source})`,
    text: notice.text,
  };
}

/** The turn's end: what is held and streaming is shown, then how it ended and the feedback line. */
function turnEnded(state: Transcript, event: EventOf<"turn-end">): Transcript {
  // Background agents' tools keep running after the turn.
  const running = state.running.filter((tool) => tool.id.includes("/"));
  const ended = terminalEntry(
    releaseHeld({ ...flushStreaming(state), running, retry: undefined }, true),
    event,
  );
  const line = feedbackLine(event.result, state.toolsThisTurn);
  return { ...(line ? addEntry(ended, { kind: "feedback", text: line }) : ended), toolsThisTurn: 0 };
}

/** Thinking so far becomes an entry once text, a tool call, the whole message or the turn's end follows it. */
const ENDS_THINKING = new Set<SessionEvent["type"]>([
  "text-delta",
  "tool-call-start",
  "assistant-message",
  "turn-end",
]);

export function reduceEvent(state: Transcript, event: SessionEvent, now: number): Transcript {
  if (event.type === "thinking-delta") return thinkingDelta(state, event, now);
  if (ENDS_THINKING.has(event.type)) state = flushThinking(state, now);
  switch (event.type) {
    case "turn-start":
      return { ...state, streamedChars: 0, retry: undefined };
    case "text-delta":
      return textDelta(state, event);
    case "model-retry":
      return {
        ...state,
        streaming: "",
        streamedChars: 0,
        retry: `retrying in ${Math.ceil(event.delayMs / 1000)}s (attempt ${event.attempt}: ${event.reason})`,
      };
    case "assistant-message":
      return {
        ...flushStreaming(state),
        outputTokens: state.outputTokens + event.usage.output_tokens,
        streamedChars: 0,
      };
    case "tool-call-start":
      return toolCallStarted(state, event, now);
    case "tool-progress":
      return toolProgress(state, event);
    case "tool-call-end":
      return toolCallEnded(state, event);
    case "hook-notice":
      return addEntry(state, hookNoticeEntry(event.notice));
    case "history-compacted":
      return addEntry(state, { kind: "summary", text: event.summary });
    case "prompt-blocked":
      return addEntry(state, { kind: "warning", text: `Prompt blocked by a hook: ${event.reason}` });
    case "warning":
      return addEntry(state, { kind: "warning", text: event.message });
    case "stop-continued":
      return addEntry(state, { kind: "info", text: `A Stop hook asked to continue: ${event.reason}` });
    case "task-list":
      return { ...state, tasks: event.tasks };
    case "subagent-event":
      return reduceSubagentEvent(state, event, now);
    case "subagent-end":
      if (!event.agent.background) return state;
      return addEntry(state, {
        kind: "info",
        text: `Background agent ${event.agent.agentId} (${event.agent.agentType}: ${event.agent.description}) ${event.end.status}.`,
      });
    case "turn-end":
      return turnEnded(state, event);
    case "loop-end":
      return flushStreaming(state);
    default:
      return state;
  }
}

/** A subagent's tool calls appear (marked with the agent) among the running and finished tools; its
 *  messages stay inside it, as they do for the parent model. */
function reduceSubagentEvent(
  state: Transcript,
  wrapped: Extract<SessionEvent, { type: "subagent-event" }>,
  now: number,
): Transcript {
  const { agent, event } = wrapped;
  const mark = `↳ ${agent.agentType}: `;
  switch (event.type) {
    case "tool-call-start":
      return {
        ...state,
        running: [
          ...state.running,
          {
            id: `${agent.agentId}/${event.call.id}`,
            summary: mark + event.summary,
            startedAt: now,
            output: "",
          },
        ],
      };
    case "tool-call-end":
      return addEntry(
        {
          ...state,
          running: state.running.filter((tool) => tool.id !== `${agent.agentId}/${event.call.id}`),
        },
        {
          kind: "tool",
          summary: mark + event.summary,
          status: toolStatus(event.isError, event.code),
          code: event.code,
          content: event.content,
          durationMs: event.durationMs,
          step: true,
        },
      );
    case "tool-progress":
      return reduceEvent(state, { ...event, toolUseId: `${agent.agentId}/${event.toolUseId}` }, now);
    case "hook-notice":
    case "warning":
      return reduceEvent(state, event, now);
    // An agent it started (one level deeper): its calls show with that agent's mark.
    case "subagent-event":
      return reduceSubagentEvent(state, event, now);
    default:
      return state;
  }
}
