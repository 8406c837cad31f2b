// The scripted provider: a ModelClient that plays a JSON list of assistant turns (see
// script-format.ts) and records every request it receives. Used by `--model scripted:FILE` for
// offline demos and by tests; it is the same ModelClient interface as the real adapters.

import type {
  AssistantBlock,
  Message,
  ModelClient,
  ModelError,
  ModelEvent,
  ModelRequest,
  StopReason,
  ToolUseBlock,
} from "../model/index.js";
import type { Tracer } from "../util/index.js";
import { charsToTokens, errorMessage } from "../util/index.js";
import type { Script, ScriptedToolCall, ScriptedTurn } from "./script-format.js";

export type RecordedRequest = { system: string; messages: Message[]; tools: ModelRequest["tools"] };

export type ScriptedClient = ModelClient & {
  readonly requests: RecordedRequest[];
  readonly remaining: number;
};

function toolUse(call: ScriptedToolCall, turn: number, index: number): ToolUseBlock {
  const id = call.id ?? `toolu_scripted_${turn}_${index}`;
  if (call.raw_arguments === undefined)
    return { type: "tool_use", id, name: call.name, input: call.input ?? {} };
  try {
    const parsed: unknown = JSON.parse(call.raw_arguments);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return { type: "tool_use", id, name: call.name, input: parsed as Record<string, unknown> };
    return {
      type: "tool_use",
      id,
      name: call.name,
      input: {},
      inputError: "arguments are not a JSON object",
    };
  } catch (error) {
    const reason = errorMessage(error);
    return {
      type: "tool_use",
      id,
      name: call.name,
      input: {},
      inputError: `arguments are not valid JSON (${reason}): ${call.raw_arguments.slice(0, 200)}`,
    };
  }
}

function chars(request: ModelRequest): number {
  return (
    request.system.length + JSON.stringify(request.messages).length + JSON.stringify(request.tools).length
  );
}

/** The error a real adapter reports for an HTTP fault with this status and body. */
function faultError(status: number, body: string | undefined): ModelError {
  const tooLong = /too long|context length|maximum context/i.test(body ?? "");
  const kind =
    status === 429 ? "rate_limit" : status >= 500 ? "server" : tooLong ? "context_length" : "bad_request";
  return { kind, status, message: body ?? "scripted fault" };
}

/** The turn's blocks in the order a real model streams them: thinking, text, tool calls. */
function turnContent(turn: ScriptedTurn, turnNumber: number): AssistantBlock[] {
  const content: AssistantBlock[] = [];
  if (turn.thinking) content.push({ type: "thinking", thinking: turn.thinking, signature: "scripted" });
  if (turn.text) content.push({ type: "text", text: turn.text });
  for (const [index, call] of (turn.tool_calls ?? []).entries())
    content.push(toolUse(call, turnNumber, index));
  return content;
}

/** The delta streamed for a block of a scripted turn. */
function deltaOf(block: AssistantBlock): ModelEvent | undefined {
  if (block.type === "thinking") return { type: "thinking-delta", text: block.thinking };
  if (block.type === "text") return { type: "text-delta", text: block.text };
  if (block.type === "tool_use") return { type: "tool-call-delta", id: block.id, name: block.name };
  return undefined;
}

export function createScriptedClient(options: {
  script: Script;
  model?: string;
  onRequest?: (request: RecordedRequest) => void;
  /** Keep a copy of every request in `requests` (default true; the CLI turns it off unless logging). */
  record?: boolean;
  /** `model.request` / `model.response` trace lines, like the real adapters. */
  tracer?: Tracer;
}): ScriptedClient {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const model = options.model ?? "scripted";
  return {
    provider: "scripted",
    model,
    requests,
    get remaining() {
      return options.script.length - next;
    },
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const started = Date.now();
      options.tracer?.trace("model.request", {
        provider: "scripted",
        model,
        messages: request.messages.length,
        tools: request.tools.length,
      });
      if (options.record !== false || options.onRequest) {
        const recorded = structuredClone({
          system: request.system,
          messages: request.messages,
          tools: request.tools,
        });
        if (options.record !== false) requests.push(recorded);
        options.onRequest?.(recorded);
      }
      if (request.signal.aborted) {
        yield { type: "error", error: { kind: "aborted", message: "request aborted" } };
        return;
      }
      const turnIndex = next++;
      const turn = options.script[turnIndex];
      if (!turn) {
        yield {
          type: "error",
          error: { kind: "bad_request", message: `scripted model: the script has no turn ${turnIndex + 1}` },
        };
        return;
      }
      if (turn.fault?.status) {
        yield { type: "error", error: faultError(turn.fault.status, turn.fault.body) };
        return;
      }
      yield { type: "message-start", model, id: `msg_scripted_${turnIndex + 1}` };
      const content = turnContent(turn, turnIndex + 1);
      for (const block of content) {
        const delta = deltaOf(block);
        if (delta) yield delta;
      }
      const stopReason: StopReason = turn.stop_reason ?? (turn.tool_calls?.length ? "tool_use" : "end_turn");
      const usage = turn.usage ?? {
        input_tokens: charsToTokens(chars(request)),
        output_tokens: charsToTokens(JSON.stringify(content).length),
      };
      const durationMs = Date.now() - started;
      options.tracer?.trace("model.response", {
        provider: "scripted",
        stop: stopReason,
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        ms: durationMs,
      });
      yield { type: "message-end", message: { role: "assistant", content }, stopReason, usage, durationMs };
    },
  };
}
