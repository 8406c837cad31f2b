// Turns what a provider SDK threw (or an HTTP status it reported) into a typed ModelError and a
// retry decision: 408/429/5xx/529 and connection failures before the response are transient;
// 401/403 are auth errors naming the variable to check; other 4xx are bad requests (or context
// length); anything after the response started is a cut stream. Duck-typed: no SDK import here.
import type { ModelError, ModelErrorKind } from "../model/index.js";
import { truncateHead } from "../util/index.js";
import { type AttemptFailure, abortedError, type HeaderLookup, parseRetryAfter } from "./retry.js";

export type ProviderLabels = {
  /** Human name, e.g. "Anthropic" or "the OpenAI-compatible server". */
  name: string;
  apiKeyVariable: string;
  baseUrlVariable: string;
  baseURL: string;
};

type ThrownLike = {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  headers?: unknown;
  error?: unknown;
  cause?: unknown;
  code?: unknown;
};

const contextLengthPattern =
  /prompt is too long|context[_ ]length|maximum context|context window|too many tokens|input is too long/i;

/** The server's own message from an error body of either API, else the SDK message. */
function serverMessage(thrown: ThrownLike): string {
  const body = thrown.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const fromBody = body?.error?.message ?? body?.message;
  const text = typeof fromBody === "string" && fromBody !== "" ? fromBody : String(thrown.message ?? "");
  return truncateHead(text.replace(/\s+/g, " ").trim() || "(no message)", 500);
}

function errorType(thrown: ThrownLike): string | undefined {
  const body = thrown.error as { type?: unknown; error?: { type?: unknown } } | undefined;
  const type = body?.error?.type ?? body?.type;
  return typeof type === "string" ? type : undefined;
}

export function classifyHttpStatus(
  status: number,
  message: string,
  headers: HeaderLookup | undefined,
  labels: ProviderLabels,
): AttemptFailure {
  const fail = (kind: ModelErrorKind, text: string, retryable: boolean): AttemptFailure => ({
    error: { kind, status, message: text },
    retryable,
    retryAfterMs: retryable ? parseRetryAfter(headers) : undefined,
  });
  if (status === 401 || status === 403) {
    return fail(
      "auth",
      `${labels.name} rejected the credentials (HTTP ${status}: ${message}). Check ${labels.apiKeyVariable}` +
        ` (and ${labels.baseUrlVariable}, now ${labels.baseURL}).`,
      false,
    );
  }
  if (status === 429) return fail("rate_limit", `HTTP 429 rate limited: ${message}`, true);
  if (status === 529) return fail("overloaded", `HTTP 529 overloaded: ${message}`, true);
  if (status === 408) return fail("network", `HTTP 408 request timeout: ${message}`, true);
  if (status >= 500) return fail("server", `HTTP ${status} server error: ${message}`, true);
  if (contextLengthPattern.test(message)) {
    return fail("context_length", `HTTP ${status} context length exceeded: ${message}`, false);
  }
  if (status === 404) {
    return fail(
      "bad_request",
      `HTTP 404 from ${labels.baseURL}: ${message}. Check the model name and ${labels.baseUrlVariable}.`,
      false,
    );
  }
  return fail("bad_request", `HTTP ${status} bad request: ${message}`, false);
}

/** Network error codes found anywhere in the cause chain (undici nests them). */
function networkCode(thrown: unknown): string | undefined {
  let current = thrown as ThrownLike | undefined;
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current.code === "string" && /^(E[A-Z]+|UND_ERR\w*)$/.test(current.code)) return current.code;
    current = current.cause as ThrownLike | undefined;
  }
  return undefined;
}

/** Anthropic's error types, and the exceptions Bedrock sends inside its event stream. */
function sseErrorKind(type: string | undefined): ModelErrorKind {
  if (type === "overloaded_error") return "overloaded";
  if (type === "rate_limit_error" || type === "throttlingException") return "rate_limit";
  if (
    type === "api_error" ||
    type === "server_error" ||
    type === "internalServerException" ||
    type === "serviceUnavailableException" ||
    type === "modelNotReadyException"
  )
    return "server";
  if (type === "authentication_error" || type === "permission_error" || type === "accessDeniedException")
    return "auth";
  if (type === "invalid_request_error" || type === "validationException") return "bad_request";
  return "unknown";
}

/** A request with provider-run tools (web_search) for a server that has none: refused, not sent. */
export function serverToolsRefusal(server: string): AttemptFailure {
  const message = `provider-run tools (web_search) exist only on the Anthropic API, not on ${server}`;
  return { error: { kind: "bad_request", message }, retryable: false };
}

/** What the adapter's SDK says a thrown error is (found with `instanceof` on the SDK's classes). */
export type SdkErrorCategory = "connection" | "timeout" | "stream-error" | "user-abort" | "other";

/**
 * Classifies an exception thrown while requesting (`responseStarted` false) or while reading the
 * stream (`responseStarted` true; `contentEmitted` says whether deltas already reached the caller).
 */
export function classifyThrown(
  thrown: unknown,
  category: SdkErrorCategory,
  phase: { responseStarted: boolean; contentEmitted: boolean; signal: AbortSignal },
  labels: ProviderLabels,
): AttemptFailure {
  if (phase.signal.aborted || category === "user-abort") return { error: abortedError(), retryable: false };
  const like = (typeof thrown === "object" && thrown !== null ? thrown : { message: thrown }) as ThrownLike;
  if (typeof like.status === "number") {
    return classifyHttpStatus(like.status, serverMessage(like), like.headers as HeaderLookup, labels);
  }
  if (thrown instanceof SyntaxError) {
    const error: ModelError = {
      kind: "server",
      message: `${labels.name} sent a malformed stream event (not valid JSON: ${thrown.message}); nothing was added to history`,
    };
    return { error, retryable: false };
  }
  if (category === "stream-error") {
    // An `error` event inside the SSE stream.
    const kind = sseErrorKind(errorType(like));
    const transient = kind === "overloaded" || kind === "rate_limit" || kind === "server";
    const message = `${labels.name} reported an error in the stream (${errorType(like) ?? "unknown"}): ${serverMessage(like)}`;
    return { error: { kind, message }, retryable: transient && !phase.contentEmitted };
  }
  const code = networkCode(thrown);
  if (phase.responseStarted) {
    const detail = code ?? serverMessage(like);
    const message = `connection closed mid-response (${detail}); the partial reply was discarded and nothing was added to history`;
    return { error: { kind: "stream_cut", message }, retryable: false };
  }
  if (category === "timeout") {
    return { error: { kind: "network", message: `request to ${labels.baseURL} timed out` }, retryable: true };
  }
  if (category === "connection" || code !== undefined) {
    const message = `no response from ${labels.baseURL} (${code ?? serverMessage(like)}); check ${labels.baseUrlVariable} and that the server is running`;
    return { error: { kind: "network", message }, retryable: true };
  }
  return {
    error: { kind: "unknown", message: `${labels.name} request failed: ${serverMessage(like)}` },
    retryable: false,
  };
}
