// What both OpenAI adapters (Chat Completions, Responses) share: their options, the SDK client as they
// build it (no SDK retries — retry.ts retries —, the shared http fetch, no ambient organisation or
// project; one client per key, so a key from `apiKeyHelper` that changes gets a new one), the labels
// errors name, and what a thrown SDK error is.
import OpenAI from "openai";
import { noopTracer, type Tracer } from "../util/index.js";
import { type KeySource, keySource } from "./api-key-helper.js";
import { createHttpFetch } from "./http-fetch.js";
import type { Effort } from "./model-catalog.js";
import { type AdapterOptions, type RetryPolicy, retryPolicyFrom } from "./retry.js";
import type { ProviderLabels, SdkErrorCategory } from "./retry-classify.js";

export const defaultOpenAIBaseURL = "https://api.openai.com/v1";

/** The options both OpenAI adapters take. */
export type OpenAIClientOptions = AdapterOptions & {
  /** `--effort` / settings `effort`: `reasoning_effort` (Chat) or `reasoning.effort` (Responses)
   *  for the models that take it. */
  effort?: Effort;
};

/** The SDK client for a key (the same one while the key stays the same). */
function openaiSdks(baseURL: string, fetcher: typeof fetch | undefined): (key: string) => OpenAI {
  const shared = fetcher ?? createHttpFetch();
  let current: { key: string; sdk: OpenAI } | undefined;
  return (key) => {
    if (current?.key !== key)
      current = {
        key,
        sdk: new OpenAI({
          apiKey: key === "" ? "missing-api-key" : key,
          baseURL,
          maxRetries: 0,
          fetch: shared,
          logLevel: "off",
          organization: null,
          project: null,
          webhookSecret: null,
        }),
      };
    return current.sdk;
  };
}

type OpenAIConnection = {
  sdkFor: (key: string) => OpenAI;
  key: KeySource;
  labels: ProviderLabels;
  tracer: Tracer;
  policy: RetryPolicy;
};

/** `name` is how errors call the server ("The OpenAI-compatible server"). */
export function openaiConnection(options: OpenAIClientOptions, name: string): OpenAIConnection {
  const baseURL = options.baseURL ?? defaultOpenAIBaseURL;
  return {
    sdkFor: openaiSdks(baseURL, options.fetch),
    key: keySource(options.apiKey, options.apiKeyHelper),
    labels: { name, apiKeyVariable: "OPENAI_API_KEY", baseUrlVariable: "OPENAI_BASE_URL", baseURL },
    tracer: options.tracer ?? noopTracer,
    policy: retryPolicyFrom(options),
  };
}

/** What the openai SDK says a thrown error is (found with `instanceof` on its classes). */
export function openaiErrorCategory(error: unknown): SdkErrorCategory {
  if (error instanceof OpenAI.APIUserAbortError) return "user-abort";
  if (error instanceof OpenAI.APIConnectionTimeoutError) return "timeout";
  if (error instanceof OpenAI.APIConnectionError) return "connection";
  if (error instanceof OpenAI.APIError && error.status === undefined) return "stream-error";
  return "other";
}
