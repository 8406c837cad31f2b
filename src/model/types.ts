// Provider-neutral conversation model: messages, content blocks, streamed model events, usage.
// Internal messages are Anthropic-shaped; adapters in providers/ convert at their edge.
// This module imports nothing and owns no behaviour.

/** Where a sentence of a web-search answer comes from (Anthropic's server-side web search). */
export type WebSearchCitation = {
  type: "web_search_result_location";
  url: string;
  title: string | null;
  cited_text: string;
  encrypted_index: string;
};

export type TextBlock = { type: "text"; text: string; citations?: WebSearchCitation[] };

export type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** A base64 image: in a user message (an attached file) or carried by a tool result. */
export type ImageBlock = {
  type: "image";
  source: { type: "base64"; media_type: ImageMediaType; data: string };
};

/** The model's reasoning. Anthropic signs it (`signature`, sent back unchanged within a tool loop);
 *  OpenAI-compatible reasoners stream it as `reasoning_content` or `reasoning` (`field`, no signature);
 *  an OpenAI Responses reasoning item keeps its summary as `thinking` and its encrypted content as
 *  `signature` (`field: "encrypted_content"`), sent back as a reasoning item before its calls. */
export type ThinkingBlock = {
  type: "thinking";
  thinking: string;
  signature: string;
  field?: "reasoning_content" | "reasoning" | "encrypted_content";
};

/** Reasoning the provider encrypted; kept and sent back as it came. */
type RedactedThinkingBlock = { type: "redacted_thinking"; data: string };

/** A tool call from the model. `inputError` is set when the raw arguments were not valid JSON
 *  (it never goes on the wire; adapters build wire blocks explicitly). */
export type ToolUseBlock = {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
  inputError?: string;
};

/** A tool's answer: text for the model, plus images (a Read of a PNG, an MCP screenshot). */
export type ToolResultBlock = {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  images?: ImageBlock[];
  is_error?: boolean;
};

/** A call of a tool the provider runs itself (Anthropic's `web_search`); answered in the same message. */
export type ServerToolUseBlock = {
  type: "server_tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
};

type WebSearchResult = {
  type: "web_search_result";
  url: string;
  title: string;
  encrypted_content: string;
  page_age?: string | null;
};

/** The provider's result of a `web_search` server tool call: results, or an error code. */
export type WebSearchToolResultBlock = {
  type: "web_search_tool_result";
  tool_use_id: string;
  content: WebSearchResult[] | { type: "web_search_tool_result_error"; error_code: string };
};

/** Blocks only a request with `serverTools` gets back; they go back unchanged when the turn continues. */
export type ServerToolBlock = ServerToolUseBlock | WebSearchToolResultBlock;

export type AssistantBlock =
  | TextBlock
  | ThinkingBlock
  | RedactedThinkingBlock
  | ToolUseBlock
  | ServerToolBlock;
export type UserBlock = TextBlock | ImageBlock | ToolResultBlock;
export type ContentBlock = AssistantBlock | UserBlock;

export type Message =
  | { role: "user"; content: UserBlock[] }
  | { role: "assistant"; content: AssistantBlock[] };

export type Usage = {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  /** Requests of provider-run tools (Anthropic bills web searches per request). */
  server_tool_use?: { web_search_requests: number };
  /** Output tokens spent on reasoning (reported by OpenAI-compatible servers, estimated for
   *  Anthropic thinking); already counted in `output_tokens`. */
  reasoning_tokens?: number;
};

/** US dollars per million tokens; `webSearch` in US dollars per provider-run search request. */
export type ModelPrice = {
  input: number;
  output: number;
  cacheWrite?: number;
  cacheRead?: number;
  webSearch?: number;
};

/** Usage of a request made beside the conversation (a page condensed for WebFetch, a server-side web
 *  search, a compaction summary), with the model that answered it: counted and priced like a turn's. */
export type SideUsage = { model: string; usage: Usage };

/** What the session needs to know about a model for its usage accounting. */
export type ModelFacts = {
  contextWindow: number;
  maxOutputTokens: number;
  /** US dollars for a usage report; undefined when the model's price is unknown. */
  cost(usage: Usage): number | undefined;
};

/** `pause_turn`: the provider paused a long server-tool turn; send the reply back to let it continue. */
export type StopReason =
  | "end_turn"
  | "tool_use"
  | "max_tokens"
  | "stop_sequence"
  | "refusal"
  | "pause_turn"
  | "other";

/** JSON Schema object for a tool's input, as the model sees it. */
export type JsonSchema = Record<string, unknown>;

export type ToolSchema = { name: string; description: string; input_schema: JsonSchema };

/** A tool the provider runs itself. Only Anthropic adapters send these; others refuse the request. */
export type ServerTool = {
  type: "web_search_20250305";
  name: "web_search";
  max_uses?: number;
  allowed_domains?: string[];
  blocked_domains?: string[];
};

export type ModelRequest = {
  system: string;
  messages: Message[];
  tools: ToolSchema[];
  serverTools?: ServerTool[];
  maxTokens?: number;
  /** "off": no thinking/reasoning for this request (a compaction summary), where the model allows. */
  reasoning?: "off";
  signal: AbortSignal;
};

export type ModelErrorKind =
  | "auth"
  | "rate_limit"
  | "overloaded"
  | "server"
  | "network"
  | "stream_cut"
  | "context_length"
  | "bad_request"
  | "aborted"
  | "unknown";

export type ModelError = { kind: ModelErrorKind; message: string; status?: number };

/** Events a ModelClient streams. Exactly one terminal event ends every stream:
 *  `message-end` (success) or `error`. Adapters never throw. */
export type ModelEvent =
  /** `id`: the provider's message id (Anthropic `msg_…`, OpenAI `chatcmpl-…`) when it sends one. */
  | { type: "message-start"; model: string; id?: string }
  | { type: "text-delta"; text: string }
  | { type: "thinking-delta"; text: string }
  | { type: "tool-call-delta"; id: string; name: string }
  | {
      type: "retry";
      attempt: number;
      /** Retries the policy allows after the first attempt. */
      maxRetries: number;
      delayMs: number;
      reason: string;
      /** What failed: the error's kind and HTTP status (absent for connection errors). */
      errorKind: ModelErrorKind;
      status?: number;
    }
  | {
      type: "message-end";
      message: Extract<Message, { role: "assistant" }>;
      stopReason: StopReason;
      usage: Usage;
      durationMs: number;
    }
  | { type: "error"; error: ModelError };

/** The wire APIs a client speaks, and `scripted` (a recorded script played back; tests and demos). */
const CLIENT_PROVIDERS = ["anthropic", "openai", "openai-responses", "bedrock", "scripted"] as const;
export type ProviderName = (typeof CLIENT_PROVIDERS)[number];

export interface ModelClient {
  readonly provider: ProviderName;
  readonly model: string;
  /** The model accepts images (Read returns image blocks only then). */
  readonly acceptsImages?: boolean;
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

export function emptyUsage(): Usage {
  return { input_tokens: 0, output_tokens: 0 };
}
