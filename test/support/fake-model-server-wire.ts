// Wire formats the fake model server plays: one scripted turn becomes the list of SSE events a
// real Anthropic Messages stream or a real OpenAI Chat Completions stream would carry, with text
// and tool arguments split across several deltas the way real servers split them.
import type { ScriptedTurn } from "../../src/providers/script-format.js";
import { citationEvents, serverToolUsage, webSearchEvents } from "./fake-web-search.js";

/** One SSE event: `event:` name (Anthropic names its events; OpenAI does not) and raw `data:`. */
export type SseEvent = { event?: string; data: string };

/** Splits text into `pieces` roughly equal parts (at least 2 when it has 2+ characters). */
export function splitRealistically(text: string, pieces = 3): string[] {
  if (text.length < 2) return [text];
  const count = Math.max(2, Math.min(pieces, text.length));
  const size = Math.ceil(text.length / count);
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size));
  return parts;
}

export function toolCallId(
  turnNumber: number,
  callIndex: number,
  given: string | undefined,
  prefix: string,
): string {
  return given ?? `${prefix}_fake_${turnNumber}_${callIndex}`;
}

function argumentsText(call: NonNullable<ScriptedTurn["tool_calls"]>[number]): string {
  return call.raw_arguments ?? JSON.stringify(call.input ?? {});
}

function stopReasonOf(turn: ScriptedTurn): string {
  return turn.stop_reason ?? ((turn.tool_calls?.length ?? 0) > 0 ? "tool_use" : "end_turn");
}

function usageOf(turn: ScriptedTurn, requestBody: unknown): { input_tokens: number; output_tokens: number } {
  if (turn.usage) return turn.usage;
  const outputChars =
    (turn.thinking ?? "").length + (turn.text ?? "").length + JSON.stringify(turn.tool_calls ?? []).length;
  return {
    input_tokens: Math.max(1, Math.ceil(JSON.stringify(requestBody ?? "").length / 4)),
    output_tokens: Math.max(1, Math.ceil(outputChars / 4)),
  };
}

function anthropicEvent(type: string, payload: Record<string, unknown>): SseEvent {
  return { event: type, data: JSON.stringify({ type, ...payload }) };
}

/** Thinking blocks a response starts with, already signed by the server. */
export type IssuedBlock =
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string };

/** Input-side usage computed by the server's prompt-cache emulation. */
export type InputUsage = {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
};

export function anthropicEvents(
  turn: ScriptedTurn,
  turnNumber: number,
  model: string,
  body: unknown,
  plan: { thinking: IssuedBlock[]; input?: InputUsage } = { thinking: [] },
): SseEvent[] {
  const usage = usageOf(turn, body);
  const input: InputUsage = turn.usage
    ? { input_tokens: turn.usage.input_tokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
    : (plan.input ?? {
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      });
  const events: SseEvent[] = [
    anthropicEvent("message_start", {
      message: {
        id: `msg_fake_${turnNumber}`,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...input, output_tokens: 1 },
      },
    }),
    anthropicEvent("ping", {}),
  ];
  if (turn.fault?.stream_error) {
    const error = {
      type: turn.fault.stream_error,
      message: `fake model server: scripted ${turn.fault.stream_error}`,
    };
    return [...events, anthropicEvent("error", { error })];
  }
  let index = 0;
  for (const block of plan.thinking) {
    if (block.type === "redacted_thinking") {
      events.push(anthropicEvent("content_block_start", { index, content_block: block }));
    } else {
      events.push(
        anthropicEvent("content_block_start", {
          index,
          content_block: { type: "thinking", thinking: "", signature: "" },
        }),
      );
      for (const piece of block.thinking === "" ? [] : splitRealistically(block.thinking))
        events.push(
          anthropicEvent("content_block_delta", {
            index,
            delta: { type: "thinking_delta", thinking: piece },
          }),
        );
      events.push(
        anthropicEvent("content_block_delta", {
          index,
          delta: { type: "signature_delta", signature: block.signature },
        }),
      );
    }
    events.push(anthropicEvent("content_block_stop", { index }));
    index++;
  }
  const search = webSearchEvents(turn, turnNumber, index, (body ?? {}) as Record<string, unknown>);
  events.push(...search.events);
  index = search.next;
  if (turn.text !== undefined && turn.text !== "") {
    events.push(anthropicEvent("content_block_start", { index, content_block: { type: "text", text: "" } }));
    events.push(...citationEvents(turn, index));
    for (const piece of splitRealistically(turn.text)) {
      events.push(
        anthropicEvent("content_block_delta", { index, delta: { type: "text_delta", text: piece } }),
      );
    }
    events.push(anthropicEvent("content_block_stop", { index }));
    index++;
  }
  (turn.tool_calls ?? []).forEach((call, callIndex) => {
    const id = toolCallId(turnNumber, callIndex, call.id, "toolu");
    events.push(
      anthropicEvent("content_block_start", {
        index,
        content_block: { type: "tool_use", id, name: call.name, input: {} },
      }),
    );
    for (const piece of splitRealistically(argumentsText(call))) {
      events.push(
        anthropicEvent("content_block_delta", {
          index,
          delta: { type: "input_json_delta", partial_json: piece },
        }),
      );
    }
    events.push(anthropicEvent("content_block_stop", { index }));
    index++;
  });
  events.push(
    anthropicEvent("message_delta", {
      delta: { stop_reason: stopReasonOf(turn), stop_sequence: null },
      usage: { output_tokens: usage.output_tokens, ...serverToolUsage(turn) },
    }),
    anthropicEvent("message_stop", {}),
  );
  return events;
}

const finishReasons: Record<string, string> = {
  end_turn: "stop",
  tool_use: "tool_calls",
  max_tokens: "length",
  stop_sequence: "stop",
  refusal: "content_filter",
};

/** How the server streams reasoning and reports usage for one OpenAI-compatible response. */
export type OpenAIPlan = {
  reasoning?: { field: "reasoning_content" | "reasoning"; text: string };
  prompt?: number;
  cached?: number;
  /** DeepSeek names cached prompt tokens prompt_cache_hit_tokens / prompt_cache_miss_tokens. */
  deepseekUsage?: boolean;
};

export function openaiEvents(
  turn: ScriptedTurn,
  turnNumber: number,
  model: string,
  body: { stream_options?: { include_usage?: boolean } } | undefined,
  plan: OpenAIPlan = {},
): SseEvent[] {
  const base = { id: `chatcmpl-fake-${turnNumber}`, object: "chat.completion.chunk", created: 1, model };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): SseEvent => ({
    data: JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finishReason }] }),
  });
  const events: SseEvent[] = [chunk({ role: "assistant", content: "" })];
  if (plan.reasoning && plan.reasoning.text !== "")
    for (const piece of splitRealistically(plan.reasoning.text))
      events.push(chunk({ content: null, [plan.reasoning.field]: piece }));
  if (turn.text !== undefined && turn.text !== "") {
    for (const piece of splitRealistically(turn.text)) events.push(chunk({ content: piece }));
  }
  (turn.tool_calls ?? []).forEach((call, callIndex) => {
    const id = toolCallId(turnNumber, callIndex, call.id, "call");
    events.push(
      chunk({
        tool_calls: [
          { index: callIndex, id, type: "function", function: { name: call.name, arguments: "" } },
        ],
      }),
    );
    for (const piece of splitRealistically(argumentsText(call))) {
      events.push(chunk({ tool_calls: [{ index: callIndex, function: { arguments: piece } }] }));
    }
  });
  events.push(chunk({}, finishReasons[stopReasonOf(turn)] ?? "stop"));
  if (body?.stream_options?.include_usage === true) {
    const usage = usageOf(turn, body);
    const prompt = turn.usage ? usage.input_tokens : (plan.prompt ?? usage.input_tokens);
    const cached = turn.usage ? 0 : (plan.cached ?? 0);
    const reasoningTokens = plan.reasoning ? Math.ceil(plan.reasoning.text.length / 4) : 0;
    const cacheFields = plan.deepseekUsage
      ? { prompt_cache_hit_tokens: cached, prompt_cache_miss_tokens: prompt - cached }
      : { prompt_tokens_details: { cached_tokens: cached } };
    events.push({
      data: JSON.stringify({
        ...base,
        choices: [],
        usage: {
          prompt_tokens: prompt,
          completion_tokens: usage.output_tokens,
          total_tokens: prompt + usage.output_tokens,
          ...cacheFields,
          ...(plan.reasoning ? { completion_tokens_details: { reasoning_tokens: reasoningTokens } } : {}),
        },
      }),
    });
  }
  events.push({ data: "[DONE]" });
  return events;
}

export function formatSse(event: SseEvent): string {
  return `${event.event !== undefined ? `event: ${event.event}\n` : ""}data: ${event.data}\n\n`;
}

/** A broken event in each API's framing: a data line that is not JSON. */
export function malformedEvent(api: "anthropic" | "openai" | "responses"): string {
  if (api === "responses")
    return 'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","output_index":0,"delta":"x\n\n';
  return api === "anthropic"
    ? 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_\n\n'
    : 'data: {"id":"chatcmpl-broken","choices":[{"delta":{"content":"x"\n\n';
}

/** The error body each API sends with a non-2xx status. */
export function errorBody(
  api: "anthropic" | "openai" | "responses",
  status: number,
  message: string,
): string {
  const type =
    status === 401
      ? "authentication_error"
      : status === 403
        ? "permission_error"
        : status === 429
          ? "rate_limit_error"
          : status === 529
            ? "overloaded_error"
            : status >= 500
              ? "api_error"
              : "invalid_request_error";
  return api === "anthropic"
    ? JSON.stringify({ type: "error", error: { type, message } })
    : JSON.stringify({ error: { message, type, code: null, param: null } });
}
