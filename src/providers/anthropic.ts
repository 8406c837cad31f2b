// ModelClient for Anthropic's own Messages API through the official SDK: the SDK client (Messages
// only) and its credentials — ANTHROPIC_API_KEY, or an `apiKeyHelper`'s key sent as a bearer token
// and as `x-api-key` (as Claude Code sends it) and asked for again after a 401. The
// conversation itself is anthropic-stream.ts'.
import type Anthropic from "@anthropic-ai/sdk";
import { BaseAnthropic } from "@anthropic-ai/sdk/client";
import { Messages } from "@anthropic-ai/sdk/resources/messages";
import type { Message, ModelClient } from "../model/index.js";
import { createMessagesClient, type MessagesRequest } from "./anthropic-stream.js";
import type { ThinkingSettings } from "./anthropic-thinking.js";
import { cacheMarkIndices, markedWireMessage, wireMessage } from "./anthropic-wire.js";
import { keySource, withKey } from "./api-key-helper.js";
import { createHttpFetch } from "./http-fetch.js";
import { asciiJson, type BodyHistory, createJsonBodyBuilder, prebuiltBody } from "./json-body.js";
import type { AdapterOptions } from "./retry.js";

export type AnthropicClientOptions = AdapterOptions & {
  thinking?: ThinkingSettings;
  /** Prompt-cache breakpoints (default on). */
  cache?: boolean;
};

/** The history as json-body.ts serialises it: each message's wire form, the ones carrying a
 *  prompt-cache mark made for this request alone. */
function wireHistory(request: MessagesRequest): BodyHistory<Message> {
  const once = new Set(request.cache ? cacheMarkIndices(request.history) : []);
  const json = (message: Message, index: number) =>
    asciiJson(once.has(index) ? markedWireMessage(message) : wireMessage(message)) ?? "null";
  return { items: request.history, json, once };
}

export const defaultAnthropicBaseURL = "https://api.anthropic.com";

/** The SDK's client with the Messages API only: the full client also loads models, files, batches,
 *  beta, skills, organisation and webhook code a CLI never calls (~1 MB more to load). */
class MessagesClient extends BaseAnthropic {
  messages = new Messages(this);
}

export function createAnthropicClient(options: AnthropicClientOptions): ModelClient {
  const baseURL = options.baseURL ?? defaultAnthropicBaseURL;
  const fetcher = options.fetch ?? createHttpFetch();
  const source = keySource(options.apiKey, options.apiKeyHelper);
  const helper = source.kind === "helper";
  let current: { key: string; sdk: MessagesClient } | undefined;
  const buildBody = createJsonBodyBuilder();
  const sdkFor = (key: string): MessagesClient => {
    if (current?.key !== key)
      current = {
        key,
        sdk: new MessagesClient({
          apiKey: key === "" ? "missing-api-key" : key,
          // The SDK sends the key as a bearer token; Claude Code sends a helper's key as x-api-key too.
          ...(helper ? { defaultHeaders: { "x-api-key": key } } : {}),
          baseURL,
          maxRetries: 0,
          fetch: fetcher,
          logLevel: "off",
          openTelemetry: false,
          webhookKey: null,
        }),
      };
    return current.sdk;
  };
  return createMessagesClient({
    ...options,
    provider: "anthropic",
    serverTools: true,
    labels: {
      name: "Anthropic",
      apiKeyVariable: helper ? "the settings' apiKeyHelper" : "ANTHROPIC_API_KEY",
      baseUrlVariable: "ANTHROPIC_BASE_URL",
      baseURL,
    },
    // The body is made with the history's kept serialisation (json-body.ts).
    send: (request: MessagesRequest, signal: AbortSignal) => {
      const options = prebuiltBody(buildBody(request.params, "messages", wireHistory(request)), signal);
      const params = { ...request.params, messages: [] } as Anthropic.MessageCreateParamsStreaming;
      return withKey(source, (key) => sdkFor(key).messages.create(params, options));
    },
  });
}
