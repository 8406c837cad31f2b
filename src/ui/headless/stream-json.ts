// `--output-format stream-json`: one JSON object per line as things happen, in the shapes of
// `claude -p --output-format stream-json` and the Agent SDKs' message types (assistant, user with
// tool_use_result, system api_retry / compact_boundary / hook_* …). Every line carries a uuid and the
// session id; assistant and user lines carry parent_tool_use_id. With partial messages on, the raw
// Anthropic-style stream events are wrapped in `stream_event` lines (partial-events.ts).
import { randomUUID } from "node:crypto";
import type { SessionEvent } from "../../session/index.js";
import { backgroundCommandFrame } from "./background-command-lines.js";
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

export function createStreamJsonPrinter(options: StreamJsonOptions): StreamJsonPrinter {
  const uuid = options.newUuid ?? randomUUID;
  const partial = options.includePartialMessages ? createPartialEvents() : undefined;
  /** Structured results of finished tool calls, by tool_use_id, until their tool-results line. */
  const toolData = new Map<string, unknown>();
  /** hook_id of each running hook, by a key of its event, name, source and matcher (first in, first out). */
  const hookIds = new Map<string, string[]>();
  const envelope = (line: Line): Line => ({ ...line, uuid: uuid(), session_id: options.sessionId() });

  function hookLine(event: Extract<SessionEvent, { type: "hook-run" }>["event"]): Line {
    const key = [event.event, event.hook, event.source, event.matcher].join("\u0000");
    const { type, ...fields } = event;
    const names = { hook_name: event.hook, hook_event: event.event };
    if (type === "hook-start") {
      const id = uuid();
      hookIds.set(key, [...(hookIds.get(key) ?? []), id]);
      return envelope({ type: "system", subtype: "hook_started", hook_id: id, ...names, ...fields });
    }
    const queue = hookIds.get(key) ?? [];
    const id = queue.shift() ?? uuid();
    if (queue.length === 0) hookIds.delete(key);
    const outcome = event.outcome === "success" || event.outcome === "block" ? "success" : "error";
    return envelope({
      type: "system",
      subtype: "hook_response",
      hook_id: id,
      ...names,
      output: event.error ?? "",
      stdout: "",
      stderr: "",
      ...(event.exitCode !== null ? { exit_code: event.exitCode } : {}),
      ...fields,
      outcome,
      reagent_outcome: event.outcome,
    });
  }

  /** The lines of one event; a subagent's own events carry the Agent call that started it. */
  function convert(event: SessionEvent, parentToolUseId: string | null): Line[] {
    const streamed =
      parentToolUseId === null
        ? partial
            ?.lines(event)
            .map((raw) => envelope({ type: "stream_event", event: raw, parent_tool_use_id: null }))
        : undefined;
    const out: Line[] = streamed ?? [];
    switch (event.type) {
      case "assistant-message":
        out.push(
          envelope({
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
          }),
        );
        break;
      case "tool-call-end":
        if (event.data !== undefined) toolData.set(event.call.id, event.data);
        break;
      case "tool-results": {
        // One user line per tool result (each with its tool's structured result), as Claude Code
        // prints them; hook notes for the model ride on the last one. Every tool_result says
        // `is_error`; a failed call without structured output (a denial) carries Claude Code's
        // `Error: …` string as its tool_use_result.
        const results = event.message.content.filter((block) => block.type === "tool_result");
        const notes = event.message.content.filter((block) => block.type !== "tool_result");
        results.forEach((result, index) => {
          const block = { ...result, is_error: result.is_error === true };
          const content = index === results.length - 1 ? [block, ...notes] : [block];
          const data =
            toolData.get(block.tool_use_id) ?? (block.is_error ? `Error: ${block.content}` : undefined);
          toolData.delete(block.tool_use_id);
          out.push(
            envelope({
              type: "user",
              message: { role: "user", content },
              parent_tool_use_id: parentToolUseId,
              ...(data !== undefined ? { tool_use_result: data } : {}),
            }),
          );
        });
        break;
      }
      case "hook-run":
        out.push(hookLine(event.event));
        break;
      case "hook-notice":
        out.push(envelope({ type: "system", subtype: "hook_notice", ...event.notice }));
        break;
      case "model-retry":
        out.push(
          envelope({
            type: "system",
            subtype: "api_retry",
            attempt: event.attempt,
            max_retries: event.maxRetries,
            retry_delay_ms: event.delayMs,
            error_status: event.status ?? null,
            error: retryErrorCategory(event.errorKind),
            reason: event.reason,
          }),
        );
        break;
      case "history-compacted":
        out.push(
          envelope({
            type: "system",
            subtype: "compact_boundary",
            compact_metadata: {
              trigger: event.trigger,
              pre_tokens: event.preTokens,
              post_tokens: event.postTokens,
            },
          }),
        );
        break;
      case "prompt-blocked":
        out.push(envelope({ type: "system", subtype: "prompt_blocked", reason: event.reason }));
        break;
      case "warning":
        out.push(envelope({ type: "system", subtype: "warning", message: event.message }));
        break;
      case "subagent-start":
      case "subagent-end":
        out.push(envelope(subagentFrame(event)));
        break;
      case "subagent-event":
        out.push(...convert(event.event, event.agent.parentToolUseId));
        break;
      case "background-commands":
        out.push(envelope(backgroundCommandFrame(event.changed)));
        break;
      default:
        break;
    }
    return out;
  }

  return { lines: (event) => convert(event, null) };
}
