// ModelClient for OpenAI's Responses API through the official SDK, streaming and stateless:
// `store: false`, the whole history sent each time, reasoning items kept encrypted
// (`include: ["reasoning.encrypted_content"]`) and passed back before their calls, so no
// `previous_response_id` is needed. Owns the request knobs (`reasoning.effort` from --effort, a
// reasoning summary to show) and the assembly of reasoning, text and function calls from the output
// item events; conversion is openai-responses-wire.ts', retries retry.ts', classification
// retry-classify.ts'.
import type {
  ResponseCreateParamsStreaming,
  ResponseOutputItem,
  ResponseStreamEvent,
} from "openai/resources/responses/responses";
import {
  type AssistantBlock,
  emptyUsage,
  type Message,
  type ModelClient,
  type ModelErrorKind,
  type ModelEvent,
  type ModelRequest,
  type ToolUseBlock,
  type Usage,
} from "../model/index.js";
import { withKey } from "./api-key-helper.js";
import { createJsonBodyBuilder, prebuiltBody } from "./json-body.js";
import { type ResponsesModelFacts, responsesModelFacts } from "./model-catalog.js";
import {
  responsesHistory,
  responsesStopReason,
  toResponsesTools,
  toResponsesUsage,
} from "./openai-responses-wire.js";
import { type OpenAIClientOptions, openaiConnection, openaiErrorCategory } from "./openai-sdk.js";
import { type AttemptFailure, abortedError } from "./retry.js";
import { parseToolArguments } from "./sse-tool-input.js";
import {
  type StreamingAdapter,
  type StreamPhase,
  type StreamReply,
  streamingClient,
} from "./streamed-attempt.js";

export type OpenAIResponsesClientOptions = OpenAIClientOptions;

type ItemInProgress =
  | { kind: "reasoning"; summary: string[]; encrypted?: string }
  | { kind: "text"; text: string; refusal: boolean }
  | { kind: "call"; callId: string; name: string; arguments: string };

/** What ended the stream before `response.completed`: an `error` event or `response.failed`. */
type StreamFailure = { code: string; message: string };

export function createOpenAIResponsesClient(options: OpenAIResponsesClientOptions): ModelClient {
  const connection = openaiConnection(options, "The OpenAI Responses API");
  const { sdkFor, labels } = connection;
  const facts = responsesModelFacts(options.model);
  const server = { model: options.model, name: labels.name };
  const buildBody = createJsonBodyBuilder();
  const adapter: StreamingAdapter<AsyncIterable<ResponseStreamEvent>> = {
    labels,
    serverTools: false,
    errorCategory: openaiErrorCategory,
    // The body is made with the history's kept serialisation (json-body.ts).
    send(request) {
      const params = responsesParams(options, facts, request);
      const text = buildBody(params, "input", responsesHistory(request.messages));
      const sdkParams: ResponseCreateParamsStreaming = { ...params, input: [] };
      return withKey(connection.key, (key) =>
        sdkFor(key).responses.create(sdkParams, prebuiltBody(text, request.signal)),
      );
    },
    read: (stream, phase) => readResponsesStream(stream, phase, server),
  };
  return streamingClient(adapter, connection, {
    provider: "openai-responses",
    model: options.model,
    acceptsImages: true,
  });
}

/** The stateless streaming request but its input (the whole history, json-body.ts'), reasoning
 *  kept encrypted for the next one. */
function responsesParams(
  options: OpenAIResponsesClientOptions,
  facts: ResponsesModelFacts,
  request: ModelRequest,
): Omit<ResponseCreateParamsStreaming, "input"> {
  const body: Omit<ResponseCreateParamsStreaming, "input"> = {
    model: options.model,
    stream: true,
    store: false,
  };
  if (request.system !== "") body.instructions = request.system;
  if (request.tools.length > 0) body.tools = toResponsesTools(request.tools);
  const maxTokens = request.maxTokens ?? options.maxTokens;
  if (maxTokens !== undefined) body.max_output_tokens = maxTokens;
  if (facts.reasoning) {
    const effort =
      options.effort !== undefined && request.reasoning !== "off"
        ? facts.effort?.[options.effort]
        : undefined;
    body.reasoning = { summary: "auto", ...(effort ? { effort: effort as "high" } : {}) };
    body.include = ["reasoning.encrypted_content"];
  }
  return body;
}

/** The output items read so far and how the response ended, if it has. */
type ResponseInProgress = {
  items: Map<number, ItemInProgress>;
  usage: Usage;
  finished?: { incomplete?: string };
  failure?: StreamFailure;
};

/** Reads the output item events until the response completes or fails, yielding the deltas. */
async function* readResponsesStream(
  stream: AsyncIterable<ResponseStreamEvent>,
  phase: StreamPhase,
  server: { model: string; name: string },
): AsyncGenerator<ModelEvent, StreamReply | AttemptFailure> {
  const response: ResponseInProgress = { items: new Map(), usage: emptyUsage() };
  for await (const event of stream) {
    const delta = applyEvent(response, event, phase, server.model);
    if (delta) yield delta;
    if (response.failure || response.finished) break;
  }
  if (phase.signal.aborted) return { error: abortedError(), retryable: false };
  const { items, usage, finished, failure } = response;
  if (failure) return streamFailure(failure, phase.contentEmitted, server.name);
  if (!finished) {
    const message =
      "connection closed mid-response (the stream ended before response.completed); the partial reply was discarded and nothing was added to history";
    return { error: { kind: "stream_cut", message }, retryable: false };
  }
  const message = assembleMessage(items);
  const calls = message.content.some((block) => block.type === "tool_use");
  const refused = [...items.values()].some((item) => item.kind === "text" && item.refusal);
  return { message, stopReason: responsesStopReason(finished.incomplete, calls, refused), usage };
}

/** One stream event applied to the response; returns the delta to show for it, if any. */
function applyEvent(
  response: ResponseInProgress,
  event: ResponseStreamEvent,
  phase: StreamPhase,
  model: string,
): ModelEvent | undefined {
  const { items } = response;
  switch (event.type) {
    case "response.created":
      return { type: "message-start", model: event.response.model || model, id: event.response.id };
    case "response.output_item.added": {
      const item = startItem(event.item);
      if (!item) return undefined;
      items.set(event.output_index, item);
      if (item.kind !== "call") return undefined;
      phase.contentEmitted = true;
      return { type: "tool-call-delta", id: item.callId, name: item.name };
    }
    case "response.reasoning_summary_text.delta": {
      const item = items.get(event.output_index);
      if (item?.kind !== "reasoning") return undefined;
      item.summary[event.summary_index] = (item.summary[event.summary_index] ?? "") + event.delta;
      phase.contentEmitted = true;
      return { type: "thinking-delta", text: event.delta };
    }
    case "response.output_text.delta":
    case "response.refusal.delta": {
      const item = items.get(event.output_index);
      if (item?.kind !== "text") return undefined;
      item.text += event.delta;
      item.refusal ||= event.type === "response.refusal.delta";
      phase.contentEmitted = true;
      return { type: "text-delta", text: event.delta };
    }
    case "response.function_call_arguments.delta": {
      const item = items.get(event.output_index);
      if (item?.kind === "call") item.arguments += event.delta;
      return undefined;
    }
    case "response.output_item.done":
      finishItem(items.get(event.output_index), event.item);
      return undefined;
    case "response.completed":
    case "response.incomplete":
      response.usage = toResponsesUsage(event.response.usage);
      response.finished = { incomplete: event.response.incomplete_details?.reason ?? undefined };
      return undefined;
    case "response.failed":
      response.failure = {
        code: event.response.error?.code ?? "server_error",
        message: event.response.error?.message ?? "the response failed",
      };
      return undefined;
    case "error":
      response.failure = { code: event.code ?? "server_error", message: event.message };
      return undefined;
  }
  return undefined;
}

function startItem(item: ResponseOutputItem): ItemInProgress | undefined {
  if (item.type === "reasoning") return { kind: "reasoning", summary: [] };
  if (item.type === "message") return { kind: "text", text: "", refusal: false };
  if (item.type === "function_call")
    return { kind: "call", callId: item.call_id, name: item.name, arguments: item.arguments ?? "" };
  return undefined;
}

/** The done item is the server's final word on it: its encrypted content, full arguments, text. */
function finishItem(item: ItemInProgress | undefined, done: ResponseOutputItem): void {
  if (item?.kind === "reasoning" && done.type === "reasoning") {
    if (done.encrypted_content) item.encrypted = done.encrypted_content;
    const summary = (done.summary ?? []).map((part) => part.text);
    if (summary.length > 0) item.summary = summary;
  } else if (item?.kind === "call" && done.type === "function_call") {
    if (typeof done.arguments === "string" && done.arguments !== "") item.arguments = done.arguments;
  } else if (item?.kind === "text" && done.type === "message") {
    const text = done.content
      .map((part) => (part.type === "output_text" ? part.text : part.refusal))
      .join("");
    if (text !== "") item.text = text;
  }
}

function assembleMessage(items: Map<number, ItemInProgress>): Extract<Message, { role: "assistant" }> {
  const content: AssistantBlock[] = [];
  for (const index of [...items.keys()].sort((a, b) => a - b)) {
    const item = items.get(index);
    if (item?.kind === "text") {
      if (item.text !== "") content.push({ type: "text", text: item.text });
    } else if (item?.kind === "reasoning") {
      // Without its encrypted content a reasoning item cannot go back to a stateless server.
      if (item.encrypted !== undefined)
        content.push({
          type: "thinking",
          thinking: item.summary.join("\n\n"),
          signature: item.encrypted,
          field: "encrypted_content",
        });
    } else if (item?.kind === "call") {
      const parsed = parseToolArguments(item.arguments);
      const block: ToolUseBlock = { type: "tool_use", id: item.callId, name: item.name, input: parsed.input };
      if (parsed.inputError !== undefined) block.inputError = parsed.inputError;
      content.push(block);
    }
  }
  return { role: "assistant", content };
}

function failureKind(code: string): ModelErrorKind {
  if (code.includes("rate_limit")) return "rate_limit";
  if (code.includes("overloaded")) return "overloaded";
  if (/server_error|unavailable/.test(code)) return "server";
  if (/context_length|context_window/.test(code)) return "context_length";
  if (/invalid|unsupported/.test(code)) return "bad_request";
  return "unknown";
}

/** An `error` event or `response.failed`: transient codes are retried while nothing was shown. */
function streamFailure(failure: StreamFailure, contentEmitted: boolean, name: string): AttemptFailure {
  const kind = failureKind(failure.code.toLowerCase());
  const transient = kind === "rate_limit" || kind === "server" || kind === "overloaded";
  const message = `${name} reported an error in the stream (${failure.code}): ${failure.message}`;
  return { error: { kind, message }, retryable: transient && !contentEmitted };
}
