// One attempt of a streaming provider request, the frame the three SDK adapters share: the refusal of
// provider-run tools a server does not have, the send, the phase the error classification needs
// (response started, content shown), the closing `message-end` with the attempt's duration, and the
// ModelClient that runs it under the retry policy.
// Building the request body and reading the provider's own stream events stay with each adapter;
// retries are retry.ts', the meaning of a thrown error retry-classify.ts'.
import type {
  Message,
  ModelClient,
  ModelEvent,
  ModelRequest,
  ProviderName,
  StopReason,
  Usage,
} from "../model/index.js";
import type { Tracer } from "../util/index.js";
import { type AttemptFailure, type RetryPolicy, retryingClient } from "./retry.js";
import {
  classifyThrown,
  type ProviderLabels,
  type SdkErrorCategory,
  serverToolsRefusal,
} from "./retry-classify.js";

/** How far the attempt got, for the classification of a thrown error. */
export type StreamPhase = { responseStarted: boolean; contentEmitted: boolean; readonly signal: AbortSignal };

/** A finished reply, as the stream reader assembled it. */
export type StreamReply = {
  message: Extract<Message, { role: "assistant" }>;
  stopReason: StopReason;
  usage: Usage;
};

export type Sent<Stream> = { ok: true; value: Stream } | { ok: false; failure: AttemptFailure };

/** What an adapter brings to the frame. */
export type StreamingAdapter<Stream> = {
  labels: ProviderLabels;
  /** Whether the server runs provider-side tools (web_search); without, a request naming one is refused. */
  serverTools: boolean;
  errorCategory(error: unknown): SdkErrorCategory;
  /** Builds the request body and sends it; the stream it resolves to has not been read yet. */
  send(request: ModelRequest): Promise<Sent<Stream>>;
  /** Reads the stream to its end, yielding the deltas (and setting `phase.contentEmitted` when it shows
   *  any); returns the reply, or the failure the end of the stream means (an abort among them). */
  read(stream: Stream, phase: StreamPhase): AsyncGenerator<ModelEvent, StreamReply | AttemptFailure>;
};

/** Runs one attempt: yields the stream's events ending with `message-end`, or returns its failure. */
export async function* streamedAttempt<Stream>(
  adapter: StreamingAdapter<Stream>,
  request: ModelRequest,
): AsyncGenerator<ModelEvent, AttemptFailure | undefined> {
  const startedAt = Date.now();
  if (request.serverTools?.length && !adapter.serverTools) return serverToolsRefusal(adapter.labels.name);
  const attempt = attemptSignal(request.signal);
  const phase: StreamPhase = { responseStarted: false, contentEmitted: false, signal: attempt.signal };
  try {
    const sent = await adapter.send({ ...request, signal: attempt.signal });
    if (!sent.ok) return sent.failure;
    phase.responseStarted = true;
    const end = yield* adapter.read(sent.value, phase);
    if ("error" in end) return end;
    const { message, stopReason, usage } = end;
    yield { type: "message-end", message, stopReason, usage, durationMs: Date.now() - startedAt };
    return undefined;
  } catch (error) {
    return classifyThrown(error, adapter.errorCategory(error), phase, adapter.labels);
  } finally {
    attempt.dispose();
  }
}

/**
 * A signal of the attempt's own that aborts with the caller's. The SDKs add an abort listener to the
 * signal a request is given and never take it off; given the caller's (one per turn, for hundreds of
 * requests) each request's listener — and through an aborted controller's reason, its stack, the
 * request and response with its whole body — would live as long as the turn.
 */
function attemptSignal(outer: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const own = new AbortController();
  const forward = () => own.abort(outer.reason);
  if (outer.aborted) forward();
  else outer.addEventListener("abort", forward, { once: true });
  return { signal: own.signal, dispose: () => outer.removeEventListener("abort", forward) };
}

/** The adapter's ModelClient: every request one streamed attempt under the retry policy. */
export function streamingClient<Stream>(
  adapter: StreamingAdapter<Stream>,
  { policy, tracer }: { policy: RetryPolicy; tracer: Tracer },
  { provider, model, acceptsImages }: { provider: ProviderName; model: string; acceptsImages: boolean },
): ModelClient {
  const retrying = retryingClient({
    provider,
    model,
    policy,
    tracer,
    attempt: (request) => streamedAttempt(adapter, request),
  });
  return { ...retrying, stream: retrying.stream.bind(retrying), acceptsImages };
}
