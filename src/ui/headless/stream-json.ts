// `--output-format stream-json`: one JSON object per line as things happen, in the shapes of
// `claude -p --output-format stream-json` and the Agent SDKs' message types (assistant, user with
// tool_use_result, system api_retry / compact_boundary / hook_* …). Every line carries a uuid and the
// session id; assistant and user lines carry parent_tool_use_id. With partial messages on, the raw
// Anthropic-style stream events are wrapped in `stream_event` lines (partial-events.ts).
import { randomUUID } from "node:crypto";
import type { SessionEvent } from "../../session/index.js";
import { backgroundCommandFrame } from "./background-command-lines.js";
import { createHookLines } from "./hook-lines.js";
import { createPartialEvents } from "./partial-events.js";
import { subagentFrame } from "./subagent-lines.js";
import { retryErrorCategory } from "./terminal-reason.js";

type StreamJsonOptions = {
  sessionId: () => string;
  includePartialMessages?: boolean;
  newUuid?: () => string;
};

type Line = Record<string, unknown>;

type StreamJsonPrinter = {
  /** The lines one session event becomes (none for most). */
  lines(event: SessionEvent): Line[];
};

type EventOf<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>;

/** The blocks of an assistant message as Claude Code prints them (internal fields dropped). */
type AssistantBlock = Extract<SessionEvent, { type: "assistant-message" }>["message"]["content"][number];

function wireContent(content: ReadonlyArray<AssistantBlock>): unknown[] {
  // Thinking goes out as Claude Code's `thinking` content blocks (text and signature only).
  return content.map((block) =>
    block.type === "tool_use"
      ? { type: "tool_use", id: block.id, name: block.name, input: block.input }
      : block.type === "thinking"
        ? { type: "thinking", thinking: block.thinking, signature: block.signature }
        : block,
  );
}

/** The `assistant` line of a finished model message (a message id made up when the provider gave none). */
function assistantLine(
  event: EventOf<"assistant-message">,
  parentToolUseId: string | null,
  uuid: () => string,
): Line {
  return {
    type: "assistant",
    message: {
      id: event.messageId ?? `msg_${uuid().replace(/-/g, "")}`,
      type: "message",
      role: "assistant",
      model: event.model,
      content: wireContent(event.message.content),
      stop_reason: event.stopReason,
      stop_sequence: null,
      usage: event.usage,
    },
    parent_tool_use_id: parentToolUseId,
  };
}

/**
 * One user line per tool result (each with its tool's structured result, taken out of `toolData`), as
 * Claude Code prints them; hook notes for the model ride on the last one. Every tool_result says
 * `is_error`; a failed call without structured output (a denial) carries Claude Code's `Error: …`
 * string as its tool_use_result.
 */
function toolResultLines(
  event: EventOf<"tool-results">,
  parentToolUseId: string | null,
  toolData: Map<string, unknown>,
): Line[] {
  const results = event.message.content.filter((block) => block.type === "tool_result");
  const notes = event.message.content.filter((block) => block.type !== "tool_result");
  return results.map((result, index) => {
    const block = { ...result, is_error: result.is_error === true };
    const content = index === results.length - 1 ? [block, ...notes] : [block];
    const data = toolData.get(block.tool_use_id) ?? (block.is_error ? `Error: ${block.content}` : undefined);
    toolData.delete(block.tool_use_id);
    return {
      type: "user",
      message: { role: "user", content },
      parent_tool_use_id: parentToolUseId,
      ...(data !== undefined ? { tool_use_result: data } : {}),
    };
  });
}

function retryLine(event: EventOf<"model-retry">): Line {
  return {
    type: "system",
    subtype: "api_retry",
    attempt: event.attempt,
    max_retries: event.maxRetries,
    retry_delay_ms: event.delayMs,
    error_status: event.status ?? null,
    error: retryErrorCategory(event.errorKind),
    reason: event.reason,
  };
}

function compactLine(event: EventOf<"history-compacted">): Line {
  return {
    type: "system",
    subtype: "compact_boundary",
    compact_metadata: { trigger: event.trigger, pre_tokens: event.preTokens, post_tokens: event.postTokens },
  };
}

export function createStreamJsonPrinter(options: StreamJsonOptions): StreamJsonPrinter {
  const uuid = options.newUuid ?? randomUUID;
  const partial = options.includePartialMessages ? createPartialEvents() : undefined;
  /** Structured results of finished tool calls, by tool_use_id, until their tool-results line. */
  const toolData = new Map<string, unknown>();
  const hookLine = createHookLines(uuid);
  const envelope = (line: Line): Line => ({ ...line, uuid: uuid(), session_id: options.sessionId() });

  /** The lines of one event, without their envelope; a subagent's own events carry the Agent call that started it. */
  function eventLines(event: SessionEvent, parentToolUseId: string | null): Line[] {
    switch (event.type) {
      case "assistant-message":
        return [assistantLine(event, parentToolUseId, uuid)];
      case "tool-call-end":
        if (event.data !== undefined) toolData.set(event.call.id, event.data);
        return [];
      case "tool-results":
        return toolResultLines(event, parentToolUseId, toolData);
      case "hook-run":
        return [hookLine(event.event)];
      case "hook-notice":
        return [{ type: "system", subtype: "hook_notice", ...event.notice }];
      case "model-retry":
        return [retryLine(event)];
      case "history-compacted":
        return [compactLine(event)];
      case "prompt-blocked":
        return [{ type: "system", subtype: "prompt_blocked", reason: event.reason }];
      case "warning":
        return [{ type: "system", subtype: "warning", message: event.message }];
      case "subagent-start":
      case "subagent-end":
        return [subagentFrame(event)];
      case "background-commands":
        return [backgroundCommandFrame(event.changed)];
      default:
        return [];
    }
  }

  /** The enveloped lines of one event: its stream events first (main agent only), then its own lines. */
  function convert(event: SessionEvent, parentToolUseId: string | null): Line[] {
    const streamed =
      parentToolUseId === null
        ? (partial
            ?.lines(event)
            .map((raw) => envelope({ type: "stream_event", event: raw, parent_tool_use_id: null })) ?? [])
        : [];
    if (event.type === "subagent-event")
      return [...streamed, ...convert(event.event, event.agent.parentToolUseId)];
    return [...streamed, ...eventLines(event, parentToolUseId).map(envelope)];
  }

  return { lines: (event) => convert(event, null) };
}
