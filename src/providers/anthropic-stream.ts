// The Messages API conversation shared by Anthropic's own API and Amazon Bedrock: builds the request
// body (prompt-cache breakpoints, thinking as the model expects it, tools) and assembles thinking,
// text and tool_use blocks from the SSE events. How the request reaches the server (the SDK client,
// its credentials) is the caller's (anthropic.ts, bedrock.ts); retries, backoff and tracing are the
// shared driver's (retry.ts), error classification is retry-classify.ts'.

import type Anthropic from "@anthropic-ai/sdk";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk/core/error";
import {
  type AssistantBlock,
  emptyUsage,
  type Message,
  type ModelClient,
  type ModelEvent,
  type ModelRequest,
  type ProviderName,
  type StopReason,
  type WebSearchCitation,
} from "../model/index.js";
import { charsToTokens, noopTracer, type Tracer } from "../util/index.js";
import {
  finishServerBlock,
  type ServerBlockInProgress,
  startServerBlock,
  toAnthropicServerTools,
  webCitation,
} from "./anthropic-server-tools.js";
import { anthropicThinkingParams, type ThinkingSettings } from "./anthropic-thinking.js";
import {
  mapAnthropicStopReason,
  mergeAnthropicUsage,
  toAnthropicMessages,
  toAnthropicSystem,
  toAnthropicTools,
} from "./anthropic-wire.js";
import { type AttemptFailure, abortedError, type RetryOptions, retryPolicyFrom } from "./retry.js";
import type { ProviderLabels, SdkErrorCategory } from "./retry-classify.js";
import { parseToolArguments } from "./sse-tool-input.js";
import {
  type StreamingAdapter,
  type StreamPhase,
  type StreamReply,
  streamingClient,
} from "./streamed-attempt.js";

/** What the conversation needs of the caller besides the request. */
type MessagesClientOptions = RetryOptions & {
  provider: ProviderName;
  model: string;
  labels: ProviderLabels;
  /** Sends the streaming request (with the caller's SDK client and credentials). */
  send(
    request: MessagesRequest,
    signal: AbortSignal,
  ): Promise<
    | { ok: true; value: AsyncIterable<Anthropic.RawMessageStreamEvent> }
    | { ok: false; failure: AttemptFailure }
  >;
  /** Server-side tools (web_search) exist on Anthropic's own API only. */
  serverTools: boolean;
  maxTokens?: number;
  tracer?: Tracer;
  /** `--effort`, settings `effort`, MAX_THINKING_TOKENS. */
  thinking?: ThinkingSettings;
  /** Prompt-cache breakpoints (default on). */
  cache?: boolean;
};

type BlockInProgress =
  | { kind: "text"; text: string; citations?: WebSearchCitation[] }
  | { kind: "thinking"; thinking: string; signature: string }
  | { kind: "redacted"; data: string }
  | { kind: "tool"; id: string; name: string; json: string }
  | ServerBlockInProgress;

export function createMessagesClient(options: MessagesClientOptions): ModelClient {
  const adapter: StreamingAdapter<AsyncIterable<Anthropic.RawMessageStreamEvent>> = {
    labels: options.labels,
    serverTools: options.serverTools,
    errorCategory: sdkErrorCategory,
    send: (request) => options.send(messagesParams(options, request), request.signal),
    read: (stream, phase) => readMessagesStream(stream, phase, options.model),
  };
  const retry = { policy: retryPolicyFrom(options), tracer: options.tracer ?? noopTracer };
  // Every current Claude model reads images.
  return streamingClient(adapter, retry, {
    provider: options.provider,
    model: options.model,
    acceptsImages: true,
  });
}

/** A streaming Messages request: the body's parameters but the messages, and the history they are
 *  made from (by `withMessages`, or a sender that serialises the history its own way). */
export type MessagesRequest = {
  params: Omit<Anthropic.MessageCreateParamsStreaming, "messages">;
  history: Message[];
  /** Prompt-cache breakpoints on the messages (false: none). */
  cache: boolean;
};

/** The request's whole body: its parameters with the history's wire messages. */
export function withMessages(request: MessagesRequest): Anthropic.MessageCreateParamsStreaming {
  const messages = toAnthropicMessages(request.history, { cache: request.cache });
  return { ...request.params, messages } as Anthropic.MessageCreateParamsStreaming;
}

/** The streaming Messages request: thinking as the model expects it, cache breakpoints, tools. */
function messagesParams(options: MessagesClientOptions, request: ModelRequest): MessagesRequest {
  const cache = { cache: options.cache };
  const params = {
    model: options.model,
    ...anthropicThinkingParams(options.model, options.thinking ?? {}, {
      maxTokens: request.maxTokens ?? options.maxTokens,
      reasoning: request.reasoning,
    }),
    stream: true,
  } as MessagesRequest["params"];
  if (request.system !== "") params.system = toAnthropicSystem(request.system, cache);
  const tools = [
    ...toAnthropicTools(request.tools, cache),
    ...toAnthropicServerTools(request.serverTools ?? []),
  ];
  if (tools.length > 0) params.tools = tools;
  return { params, history: request.messages, cache: options.cache !== false };
}

/** Reads the Messages SSE events into blocks, yielding text, tool-call and thinking deltas. */
async function* readMessagesStream(
  stream: AsyncIterable<Anthropic.RawMessageStreamEvent>,
  phase: StreamPhase,
  model: string,
): AsyncGenerator<ModelEvent, StreamReply | AttemptFailure> {
  const blocks = new Map<number, BlockInProgress>();
  const usage = emptyUsage();
  let stopReason: StopReason = "end_turn";
  let stopped = false;
  for await (const event of stream) {
    let delta: ModelEvent | undefined;
    if (event.type === "message_start") {
      mergeAnthropicUsage(usage, event.message.usage);
      delta = {
        type: "message-start",
        model: event.message.model || model,
        ...(event.message.id ? { id: event.message.id } : {}),
      };
    } else if (event.type === "content_block_start") {
      delta = startBlock(blocks, event, phase);
    } else if (event.type === "content_block_delta") {
      delta = extendBlock(blocks.get(event.index), event.delta, phase);
    } else if (event.type === "message_delta") {
      stopReason = mapAnthropicStopReason(event.delta.stop_reason);
      mergeAnthropicUsage(usage, event.usage);
    } else if (event.type === "message_stop") {
      stopped = true;
    }
    if (delta) yield delta;
  }
  if (phase.signal.aborted) return { error: abortedError(), retryable: false };
  if (!stopped) {
    const message =
      "connection closed mid-response (the stream ended before message_stop); the partial reply was discarded and nothing was added to history";
    return { error: { kind: "stream_cut", message }, retryable: false };
  }
  const message = assembleMessage(blocks);
  // Anthropic counts thinking inside output_tokens without a separate figure: estimate it.
  const thought = message.content.reduce(
    (sum, block) => sum + (block.type === "thinking" ? block.thinking.length : 0),
    0,
  );
  if (thought > 0) usage.reasoning_tokens = Math.min(usage.output_tokens, charsToTokens(thought));
  return { message, stopReason, usage };
}

/** A `content_block_start`: records the block; returns the delta to show for it, if any. */
function startBlock(
  blocks: Map<number, BlockInProgress>,
  event: Anthropic.RawContentBlockStartEvent,
  phase: StreamPhase,
): ModelEvent | undefined {
  const block = event.content_block;
  if (block.type === "text") {
    blocks.set(event.index, { kind: "text", text: block.text ?? "" });
    if (!block.text) return undefined;
    phase.contentEmitted = true;
    return { type: "text-delta", text: block.text };
  }
  if (block.type === "tool_use") {
    blocks.set(event.index, { kind: "tool", id: block.id, name: block.name, json: "" });
    phase.contentEmitted = true;
    return { type: "tool-call-delta", id: block.id, name: block.name };
  }
  if (block.type === "thinking") {
    blocks.set(event.index, {
      kind: "thinking",
      thinking: block.thinking ?? "",
      signature: block.signature ?? "",
    });
    phase.contentEmitted = true;
  } else if (block.type === "redacted_thinking") {
    blocks.set(event.index, { kind: "redacted", data: block.data });
    phase.contentEmitted = true;
  } else {
    const server = startServerBlock(block as unknown as { type: string } & Record<string, unknown>);
    if (server) blocks.set(event.index, server);
  }
  return undefined;
}

/** A `content_block_delta` added to its block; returns the delta to show, if any. */
function extendBlock(
  block: BlockInProgress | undefined,
  delta: Anthropic.RawContentBlockDeltaEvent["delta"],
  phase: StreamPhase,
): ModelEvent | undefined {
  if (delta.type === "text_delta" && block?.kind === "text") {
    block.text += delta.text;
    phase.contentEmitted = true;
    return { type: "text-delta", text: delta.text };
  }
  if (delta.type === "input_json_delta" && (block?.kind === "tool" || block?.kind === "server-call")) {
    block.json += delta.partial_json;
  } else if (delta.type === "citations_delta" && block?.kind === "text") {
    const citation = webCitation(delta.citation);
    if (citation) block.citations = [...(block.citations ?? []), citation];
  } else if (delta.type === "thinking_delta" && block?.kind === "thinking") {
    block.thinking += delta.thinking;
    return { type: "thinking-delta", text: delta.thinking };
  } else if (delta.type === "signature_delta" && block?.kind === "thinking") {
    block.signature += delta.signature;
  }
  return undefined;
}

function assembleMessage(blocks: Map<number, BlockInProgress>): Extract<Message, { role: "assistant" }> {
  const content: AssistantBlock[] = [];
  for (const [, block] of [...blocks.entries()].sort(([a], [b]) => a - b)) {
    if (block.kind === "text") {
      if (block.text !== "")
        content.push(
          block.citations
            ? { type: "text", text: block.text, citations: block.citations }
            : { type: "text", text: block.text },
        );
      continue;
    }
    if (block.kind === "server-call" || block.kind === "server-result") {
      content.push(finishServerBlock(block));
      continue;
    }
    if (block.kind === "thinking") {
      content.push({ type: "thinking", thinking: block.thinking, signature: block.signature });
      continue;
    }
    if (block.kind === "redacted") {
      content.push({ type: "redacted_thinking", data: block.data });
      continue;
    }
    const parsed = parseToolArguments(block.json);
    const toolUse: Extract<AssistantBlock, { type: "tool_use" }> = {
      type: "tool_use",
      id: block.id,
      name: block.name,
      input: parsed.input,
    };
    if (parsed.inputError !== undefined) toolUse.inputError = parsed.inputError;
    content.push(toolUse);
  }
  return { role: "assistant", content };
}

/** What the Anthropic SDK (also under the Bedrock client) says a thrown error is. */
function sdkErrorCategory(error: unknown): SdkErrorCategory {
  if (error instanceof APIUserAbortError) return "user-abort";
  if (error instanceof APIConnectionTimeoutError) return "timeout";
  if (error instanceof APIConnectionError) return "connection";
  if (error instanceof APIError && error.status === undefined) return "stream-error";
  return "other";
}
