// The only place our Anthropic-shaped messages meet Chat Completions: converts messages (system
// first, assistant tool_calls with their reasoning passed back in the field it came in, one
// `role: "tool"` message per tool_result with the error flag made visible, images as image_url parts
// of a user message), passes tool schemas through unchanged, and maps finish reasons and usage back.
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { ImageBlock, Message, StopReason, ThinkingBlock, ToolSchema, Usage } from "../model/index.js";

/** Prefix that shows the model a tool_result had `is_error: true` (Chat Completions has no flag). */
export const toolErrorMarker = "Error: ";

export type ChatMessageOptions = {
  /** Reasoner servers (DeepSeek, Kimi) refuse an assistant tool-call message without reasoning:
   *  one recorded without any (an older session, another provider) gets an empty reasoning_content. */
  reasoner?: boolean;
};

function imagePart(block: ImageBlock): ChatCompletionContentPart {
  return {
    type: "image_url",
    image_url: { url: `data:${block.source.media_type};base64,${block.source.data}` },
  };
}

function assistantMessage(message: Extract<Message, { role: "assistant" }>, options: ChatMessageOptions) {
  const text = message.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("");
  // A Responses reasoning item (encrypted for that API) means nothing to a Chat Completions server.
  const thinking = message.content.filter(
    (block): block is ThinkingBlock & { field?: "reasoning_content" | "reasoning" } =>
      block.type === "thinking" && block.field !== "encrypted_content",
  );
  const toolCalls = message.content
    .filter((block) => block.type === "tool_use")
    .map((block) => ({
      id: block.id,
      type: "function" as const,
      function: { name: block.name, arguments: JSON.stringify(block.input) },
    }));
  const wire: Record<string, unknown> =
    toolCalls.length > 0
      ? { role: "assistant", content: text === "" ? null : text, tool_calls: toolCalls }
      : { role: "assistant", content: text };
  // Reasoning goes back in the field the server streamed it in, on every message that had it, so the
  // request prefix stays byte-identical from one request to the next.
  const [firstThinking] = thinking;
  if (firstThinking)
    wire[firstThinking.field ?? "reasoning_content"] = thinking.map((block) => block.thinking).join("");
  else if (options.reasoner && toolCalls.length > 0) wire.reasoning_content = "";
  return wire as unknown as ChatCompletionMessageParam;
}

/** A user message's tool results (one `tool` message each), then its text and images as one user
 *  message; none for a message with nothing to send. */
function userMessages(message: Extract<Message, { role: "user" }>): ChatCompletionMessageParam[] {
  // Tool results must directly follow the assistant message that made the calls, so they go
  // first; text and images (attached, or carried by tool results: tool messages hold text only)
  // follow as one user message.
  const wire: ChatCompletionMessageParam[] = [];
  const parts: ChatCompletionContentPart[] = [];
  for (const block of message.content) {
    if (block.type === "tool_result") {
      const content = block.is_error === true ? `${toolErrorMarker}${block.content}` : block.content;
      wire.push({ role: "tool", tool_call_id: block.tool_use_id, content });
      if (block.images?.length) {
        parts.push({
          type: "text",
          text: `Image${block.images.length > 1 ? "s" : ""} from tool call ${block.tool_use_id}:`,
        });
        parts.push(...block.images.map(imagePart));
      }
    } else if (block.type === "image") {
      parts.push(imagePart(block));
    } else if (block.text !== "") {
      parts.push({ type: "text", text: block.text });
    }
  }
  if (parts.length === 0) return wire;
  if (parts.every((part) => part.type === "text"))
    wire.push({ role: "user", content: parts.map((part) => (part as { text: string }).text).join("\n\n") });
  else wire.push({ role: "user", content: parts });
  return wire;
}

/** One of our messages as the Chat Completions messages it becomes (none, one or several). */
export function chatMessagesOf(
  message: Message,
  options: ChatMessageOptions = {},
): ChatCompletionMessageParam[] {
  return message.role === "assistant" ? [assistantMessage(message, options)] : userMessages(message);
}

/** The system prompt as the first message, if there is one. */
export function chatSystemMessages(system: string): ChatCompletionMessageParam[] {
  return system === "" ? [] : [{ role: "system", content: system }];
}

/** The whole conversation as Chat Completions messages, the system prompt first. */
export function toChatMessages(
  system: string,
  messages: Message[],
  options: ChatMessageOptions = {},
): ChatCompletionMessageParam[] {
  return [...chatSystemMessages(system), ...messages.flatMap((message) => chatMessagesOf(message, options))];
}

/** Tool schemas go through untouched: every keyword of `input_schema` reaches the server. */
export function toChatTools(tools: ToolSchema[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
  }));
}

/** Servers disagree on finish reasons (Ollama says "stop" after tool calls); tool calls win. */
export function mapFinishReason(reason: string | null | undefined, hasToolCalls: boolean): StopReason {
  if (reason === "length") return "max_tokens";
  if (reason === "content_filter") return "refusal";
  if (hasToolCalls) return "tool_use";
  if (reason === "stop" || reason === null || reason === undefined || reason === "") return "end_turn";
  if (reason === "tool_calls" || reason === "function_call") return "end_turn";
  return "other";
}

export type ChatUsage = {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
  /** DeepSeek's name for cached prompt tokens. */
  prompt_cache_hit_tokens?: number | null;
};

/** Our usage counts cached input apart from `input_tokens` (Anthropic's convention). */
export function toUsage(wire: ChatUsage): Usage {
  const prompt = wire.prompt_tokens ?? 0;
  const cached = wire.prompt_tokens_details?.cached_tokens ?? wire.prompt_cache_hit_tokens ?? 0;
  const usage: Usage = {
    input_tokens: Math.max(0, prompt - cached),
    output_tokens: wire.completion_tokens ?? 0,
  };
  if (cached > 0) usage.cache_read_input_tokens = cached;
  const reasoning = wire.completion_tokens_details?.reasoning_tokens ?? 0;
  if (reasoning > 0) usage.reasoning_tokens = reasoning;
  return usage;
}
