// ModelClient for OpenAI-compatible Chat Completions servers (OpenAI, DeepSeek, Ollama, vLLM,
// llama.cpp) through the official SDK, streaming. Owns the assembly of reasoning (`reasoning_content`
// or vLLM's `reasoning`), text and tool calls from chunk fragments, tolerant of servers that omit
// optional fields, and the request knobs per model (`reasoning_effort`, `max_completion_tokens`). Message conversion lives in
// openai-chat-wire.ts, the request body's text in openai-chat-body.ts; retries, backoff and tracing in retry.ts.
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import {
  type AssistantBlock,
  emptyUsage,
  type Message,
  type ModelClient,
  type ModelEvent,
  type ModelRequest,
  type ToolUseBlock,
} from "../model/index.js";
import { newToolUseId } from "../util/index.js";
import { withKey } from "./api-key-helper.js";
import { prebuiltBody } from "./json-body.js";
import { type Effort, type OpenAIModelFacts, openaiModelFacts } from "./model-catalog.js";
import { type ChatBodyParams, createChatBodyBuilder } from "./openai-chat-body.js";
import { type ChatUsage, mapFinishReason, toChatTools, toUsage } from "./openai-chat-wire.js";
import { type OpenAIClientOptions, openaiConnection, openaiErrorCategory } from "./openai-sdk.js";
import { type AttemptFailure, abortedError } from "./retry.js";
import { parseToolArguments } from "./sse-tool-input.js";
import {
  type StreamingAdapter,
  type StreamPhase,
  type StreamReply,
  streamingClient,
} from "./streamed-attempt.js";

export type OpenAIChatClientOptions = OpenAIClientOptions;

export { defaultOpenAIBaseURL } from "./openai-sdk.js";

type CallInProgress = { id: string; name: string; arguments: string; announced: boolean };

/** What a client keeps across its requests. */
type ChatServer = {
  model: string;
  /** How errors call the server. */
  name: string;
  /** Set once the server streamed reasoning: from then on tool-call messages always carry it. */
  reasons: boolean;
};

type LooseToolCall = {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: unknown } | null;
};

/** The fields we read from a chunk, all optional: compatible servers omit many of them. */
type LooseChunk = {
  id?: string | null;
  model?: string | null;
  usage?: ChatUsage | null;
  choices?: Array<{
    finish_reason?: string | null;
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: LooseToolCall[] | null;
    } | null;
  }> | null;
};

export function createOpenAIChatClient(options: OpenAIChatClientOptions): ModelClient {
  const connection = openaiConnection(options, "The OpenAI-compatible server");
  const { sdkFor, labels } = connection;
  const facts = openaiModelFacts(options.model);
  const server: ChatServer = { model: options.model, name: labels.name, reasons: facts.reasoner };
  const buildBody = createChatBodyBuilder();
  const adapter: StreamingAdapter<AsyncIterable<unknown>> = {
    labels,
    serverTools: false,
    errorCategory: openaiErrorCategory,
    // The body is made with the history's kept serialisation (openai-chat-body.ts).
    send(request) {
      const params = chatParams(options, facts, request);
      const body = prebuiltBody(buildBody(params, request, { reasoner: server.reasons }), request.signal);
      const sdkParams: ChatCompletionCreateParamsStreaming = { ...params, messages: [] };
      return withKey(connection.key, (key) => sdkFor(key).chat.completions.create(sdkParams, body));
    },
    read: (stream, phase) => readChatStream(stream, phase, server),
  };
  return streamingClient(adapter, connection, {
    provider: "openai",
    model: options.model,
    acceptsImages: facts.images,
  });
}

/** The streaming request but its messages: the token limit and `reasoning_effort` in the fields
 *  this model takes. */
function chatParams(
  options: OpenAIChatClientOptions,
  facts: OpenAIModelFacts,
  request: ModelRequest,
): ChatBodyParams {
  const params: ChatBodyParams = {
    model: options.model,
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.tools.length > 0) params.tools = toChatTools(request.tools);
  const maxTokens = request.maxTokens ?? options.maxTokens;
  if (maxTokens !== undefined) {
    if (facts.maxCompletionTokens) params.max_completion_tokens = maxTokens;
    else params.max_tokens = maxTokens;
  }
  const effort = reasoningEffort(options.effort, facts.effort, request.reasoning);
  if (effort !== undefined) (params as unknown as Record<string, unknown>).reasoning_effort = effort;
  return params;
}

/** Reads the chunks, yielding reasoning, text and tool-call deltas. */
async function* readChatStream(
  stream: AsyncIterable<unknown>,
  phase: StreamPhase,
  server: ChatServer,
): AsyncGenerator<ModelEvent, StreamReply | AttemptFailure> {
  let text = "";
  const reasoning = { text: "", field: undefined as "reasoning_content" | "reasoning" | undefined };
  let usage = emptyUsage();
  let finishReason: string | null | undefined;
  let started = false;
  const calls = new Map<number, CallInProgress>();
  for await (const raw of stream) {
    const chunk = raw as LooseChunk;
    if (!started) {
      started = true;
      yield {
        type: "message-start",
        model: chunk.model || server.model,
        ...(chunk.id ? { id: chunk.id } : {}),
      };
    }
    if (chunk.usage) usage = toUsage(chunk.usage);
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.finish_reason) finishReason = choice.finish_reason;
    for (const field of ["reasoning_content", "reasoning"] as const) {
      const piece = choice.delta?.[field];
      if (typeof piece !== "string" || piece === "") continue;
      reasoning.field ??= field;
      reasoning.text += piece;
      phase.contentEmitted = true;
      yield { type: "thinking-delta", text: piece };
    }
    const content = choice.delta?.content;
    if (typeof content === "string" && content !== "") {
      text += content;
      phase.contentEmitted = true;
      yield { type: "text-delta", text: content };
    }
    for (const fragment of choice.delta?.tool_calls ?? []) {
      const call = addFragment(calls, fragment);
      if (call) {
        phase.contentEmitted = true;
        yield { type: "tool-call-delta", id: call.id, name: call.name };
      }
    }
  }
  if (phase.signal.aborted) return { error: abortedError(), retryable: false };
  if (!started) {
    const message = `${server.name} returned an empty stream (no chunks); nothing was added to history`;
    return { error: { kind: "stream_cut", message }, retryable: false };
  }
  if (reasoning.field) server.reasons = true;
  const message = assembleMessage(reasoning, text, calls);
  const stopReason = mapFinishReason(finishReason, calls.size > 0);
  return { message, stopReason, usage };
}

/** Adds a fragment to its call; returns the call when it now has a name to announce for the first time. */
function addFragment(
  calls: Map<number, CallInProgress>,
  fragment: LooseToolCall,
): CallInProgress | undefined {
  const call = callFor(calls, fragment);
  const name = fragment.function?.name;
  if (typeof name === "string" && name !== "" && call.name === "") call.name = name;
  const args = fragment.function?.arguments;
  if (typeof args === "string") call.arguments += args;
  else if (typeof args === "object" && args !== null) call.arguments += JSON.stringify(args);
  if (call.announced || call.name === "") return undefined;
  call.announced = true;
  return call;
}

/** The `reasoning_effort` for this model: its own value for our level when the model is known to take
 *  one; none otherwise (OpenAI refuses it on its other models; unknown local servers are left alone). */
function reasoningEffort(
  effort: Effort | undefined,
  values: Readonly<Record<Effort, string>> | undefined,
  reasoning: "off" | undefined,
): string | undefined {
  if (effort === undefined || reasoning === "off") return undefined;
  return values?.[effort];
}

/** Finds the call a fragment belongs to: by `index`, else by `id`, else the latest call. */
function callFor(calls: Map<number, CallInProgress>, fragment: LooseToolCall): CallInProgress {
  let index = typeof fragment.index === "number" ? fragment.index : undefined;
  if (index === undefined) {
    const byId = fragment.id ? [...calls.entries()].find(([, call]) => call.id === fragment.id) : undefined;
    const last = calls.size > 0 ? Math.max(...calls.keys()) : -1;
    index = byId ? byId[0] : fragment.id || last < 0 ? last + 1 : last;
  }
  let call = calls.get(index);
  if (!call) {
    call = { id: fragment.id || newToolUseId("call"), name: "", arguments: "", announced: false };
    calls.set(index, call);
  }
  return call;
}

function assembleMessage(
  reasoning: { text: string; field: "reasoning_content" | "reasoning" | undefined },
  text: string,
  calls: Map<number, CallInProgress>,
): Extract<Message, { role: "assistant" }> {
  const content: AssistantBlock[] = [];
  if (reasoning.field)
    content.push({ type: "thinking", thinking: reasoning.text, signature: "", field: reasoning.field });
  if (text !== "") content.push({ type: "text", text });
  for (const [, call] of [...calls.entries()].sort(([a], [b]) => a - b)) {
    const parsed = parseToolArguments(call.arguments);
    const block: ToolUseBlock = { type: "tool_use", id: call.id, name: call.name, input: parsed.input };
    if (parsed.inputError !== undefined) block.inputError = parsed.inputError;
    content.push(block);
  }
  return { role: "assistant", content };
}
