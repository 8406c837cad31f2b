// Provider-neutral conversation model: messages, content blocks, streamed model events, usage.
// Internal messages are Anthropic-shaped; adapters in providers/ convert at their edge.
// This module imports nothing and owns no behaviour.

export type TextBlock = { type: "text"; text: string };

/** A tool call from the model. `inputError` is set when the raw arguments were not valid JSON
 *  (it never goes on the wire; adapters build wire blocks explicitly). */
export type ToolUseBlock = {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
  inputError?: string;
};

export type ToolResultBlock = {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error?: boolean;
};

export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock;

export type Message =
  | { role: "user"; content: Array<TextBlock | ToolResultBlock> }
  | { role: "assistant"; content: Array<TextBlock | ToolUseBlock> };

export type Usage = {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
};

export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "stop_sequence" | "refusal" | "other";

/** JSON Schema object for a tool's input, as the model sees it. */
export type JsonSchema = Record<string, unknown>;

export type ToolSchema = { name: string; description: string; input_schema: JsonSchema };

export type ModelRequest = {
  system: string;
  messages: Message[];
  tools: ToolSchema[];
  maxTokens?: number;
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
  | { type: "message-start"; model: string }
  | { type: "text-delta"; text: string }
  | { type: "tool-call-delta"; id: string; name: string }
  | { type: "retry"; attempt: number; delayMs: number; reason: string }
  | {
      type: "message-end";
      message: Extract<Message, { role: "assistant" }>;
      stopReason: StopReason;
      usage: Usage;
      durationMs: number;
    }
  | { type: "error"; error: ModelError };

export interface ModelClient {
  readonly provider: string;
  readonly model: string;
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

export function emptyUsage(): Usage {
  return { input_tokens: 0, output_tokens: 0 };
}
