// Request driver shared by the provider adapters: exponential backoff with jitter that honours
// `retry-after`, a bounded number of attempts, a `retry` event and a `model.retry` trace line per
// retry, an abortable wait, and the `model.request` / `model.response` trace lines. Adapters
// supply one attempt; which failures are transient is decided by retry-classify.ts. No SDK here.
import { setTimeout as sleep } from "node:timers/promises";
import type { ModelClient, ModelError, ModelEvent, ModelRequest, ProviderName } from "../model/index.js";
import type { Tracer } from "../util/index.js";
import type { ApiKeyHelper } from "./api-key-helper.js";

export type RetryPolicy = {
  /** Retries after the first attempt (so at most maxRetries + 1 requests). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Source of jitter in [0, 1); injectable for tests. */
  random?: () => number;
};

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 20_000 };

/** The retry knobs of every adapter's options. */
export type RetryOptions = {
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** First backoff delay; doubles per retry up to `retryMaxDelayMs`. */
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
};

/** What every HTTP adapter's options hold: where to send, with which key, and the retry knobs. */
export type AdapterOptions = RetryOptions & {
  /** The API key from the environment (unused when `apiKeyHelper` is set). */
  apiKey: string;
  /** Settings `apiKeyHelper`: the key comes from this command instead of `apiKey`. */
  apiKeyHelper?: ApiKeyHelper;
  baseURL?: string;
  model: string;
  maxTokens?: number;
  tracer?: Tracer;
  fetch?: typeof fetch;
};

/** The retry policy of an adapter's options, defaults filled in. */
export function retryPolicyFrom(options: RetryOptions): RetryPolicy {
  return {
    ...defaultRetryPolicy,
    maxRetries: options.maxRetries ?? defaultRetryPolicy.maxRetries,
    baseDelayMs: options.retryBaseDelayMs ?? defaultRetryPolicy.baseDelayMs,
    maxDelayMs: options.retryMaxDelayMs ?? defaultRetryPolicy.maxDelayMs,
  };
}

/** A `retry-after` longer than this is not waited for literally; the backoff cap applies instead. */
const longestHonouredRetryAfterMs = 60_000;

/** How an attempt ended when it did not succeed. */
export type AttemptFailure = { error: ModelError; retryable: boolean; retryAfterMs?: number };

/** One request: yields the stream's events (ending with `message-end` on success) or returns a failure. */
type Attempt = (attemptNumber: number) => AsyncGenerator<ModelEvent, AttemptFailure | undefined>;

export type HeaderLookup = { get(name: string): string | null | undefined };

/** Reads `retry-after-ms` (milliseconds) or `retry-after` (seconds or an HTTP date). */
export function parseRetryAfter(headers: HeaderLookup | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const milliseconds = headers.get("retry-after-ms");
  if (milliseconds != null && milliseconds.trim() !== "") {
    const value = Number(milliseconds);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const retryAfter = headers.get("retry-after");
  if (retryAfter == null || retryAfter.trim() === "") return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Delay before retry number `retryNumber` (1-based). */
export function backoffDelay(retryNumber: number, policy: RetryPolicy, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined && retryAfterMs <= longestHonouredRetryAfterMs)
    return Math.round(retryAfterMs);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retryNumber - 1));
  const jitter = 1 - 0.25 * (policy.random ?? Math.random)();
  return Math.round(exponential * jitter);
}

type RetryContext = {
  policy: RetryPolicy;
  signal: AbortSignal;
  tracer: Tracer;
  provider: string;
  model: string;
  /** Sizes for the `model.request` trace line. */
  messageCount: number;
  toolCount: number;
};

export function abortedError(): ModelError {
  return { kind: "aborted", message: "the model request was aborted" };
}

/** Runs `attempt` until it succeeds, fails for good, or the retries are used up. Never throws. */
async function* runWithRetries(attempt: Attempt, context: RetryContext): AsyncGenerator<ModelEvent> {
  const { policy, signal, tracer, provider, model } = context;
  tracer.trace("model.request", {
    provider,
    model,
    messages: context.messageCount,
    tools: context.toolCount,
  });
  for (let attemptNumber = 1; ; attemptNumber++) {
    if (signal.aborted) {
      yield { type: "error", error: abortedError() };
      return;
    }
    let failure: AttemptFailure | undefined;
    const run = attempt(attemptNumber);
    try {
      for (;;) {
        const step = await run.next();
        if (step.done) {
          failure = step.value;
          break;
        }
        const event = step.value;
        if (event.type === "message-end") traceResponse(context, event);
        yield event;
        if (event.type === "message-end" || event.type === "error") return;
      }
    } catch (error) {
      failure = {
        retryable: false,
        error: {
          kind: "unknown",
          message: `${context.provider} adapter failed unexpectedly: ${String(error)}`,
        },
      };
    } finally {
      // The attempt ends here too when its last event is passed on (or the caller stops reading):
      // what it holds until its end (its abort signal's link to the turn's) is let go now.
      await run.return(undefined).catch(() => undefined);
    }
    if (failure === undefined) {
      failure = {
        retryable: false,
        error: { kind: "unknown", message: `${context.provider} stream ended without a result` },
      };
    }
    const retriesUsed = attemptNumber - 1;
    if (!failure.retryable || retriesUsed >= policy.maxRetries || signal.aborted) {
      yield { type: "error", error: finalError(context, failure, attemptNumber) };
      return;
    }
    const retry = retryEvent(context, failure, attemptNumber);
    yield retry;
    try {
      await sleep(retry.delayMs, undefined, { signal });
    } catch {
      yield { type: "error", error: abortedError() };
      return;
    }
  }
}

/** The `model.response` trace line of a finished reply. */
function traceResponse(context: RetryContext, event: Extract<ModelEvent, { type: "message-end" }>): void {
  const { usage } = event;
  context.tracer.trace("model.response", {
    provider: context.provider,
    model: context.model,
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_read_tokens: usage.cache_read_input_tokens,
    cache_write_tokens: usage.cache_creation_input_tokens,
    thinking_tokens: usage.reasoning_tokens,
    stop_reason: event.stopReason,
    ms: event.durationMs,
  });
}

/** The error the request ends with (an abort wins over the attempt's own failure), traced. */
function finalError(context: RetryContext, failure: AttemptFailure, attempts: number): ModelError {
  const error = context.signal.aborted ? abortedError() : withAttempts(failure.error, attempts);
  context.tracer.trace("model.error", {
    provider: context.provider,
    model: context.model,
    kind: error.kind,
    status: error.status,
    message: error.message,
  });
  return error;
}

/** The `retry` event announcing the wait before the next attempt, traced as `model.retry`. */
function retryEvent(
  context: RetryContext,
  failure: AttemptFailure,
  attemptNumber: number,
): Extract<ModelEvent, { type: "retry" }> {
  const { policy } = context;
  const delayMs = backoffDelay(attemptNumber, policy, failure.retryAfterMs);
  const reason = shortReason(failure.error.message);
  context.tracer.trace("model.retry", { attempt: attemptNumber, delay_ms: delayMs, reason });
  return {
    type: "retry",
    attempt: attemptNumber,
    maxRetries: policy.maxRetries,
    delayMs,
    reason,
    errorKind: failure.error.kind,
    ...(failure.error.status !== undefined ? { status: failure.error.status } : {}),
  };
}

/** Retry reasons end up on one stderr line: keep them short. */
function shortReason(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  return line.length <= 160 ? line : `${line.slice(0, 159)}…`;
}

function withAttempts(error: ModelError, attempts: number): ModelError {
  if (attempts <= 1) return error;
  return { ...error, message: `${error.message} (gave up after ${attempts} attempts)` };
}

/** A ModelClient whose every request runs `attempt` under the retry policy (shared by the adapters). */
export function retryingClient(options: {
  provider: ProviderName;
  model: string;
  policy: RetryPolicy;
  tracer: Tracer;
  attempt: (request: ModelRequest) => AsyncGenerator<ModelEvent, AttemptFailure | undefined>;
}): ModelClient {
  const { provider, model, policy, tracer } = options;
  return {
    provider,
    model,
    stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      return runWithRetries(() => options.attempt(request), {
        policy,
        signal: request.signal,
        tracer,
        provider,
        model,
        messageCount: request.messages.length,
        toolCount: request.tools.length,
      });
    },
  };
}
