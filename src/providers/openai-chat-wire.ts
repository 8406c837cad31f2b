// The only place our Anthropic-shaped messages meet Chat Completions: converts messages (system
// first, assistant tool_calls, one `role: "tool"` message per tool_result with the error flag made
// visible), passes tool schemas through unchanged, and maps finish reasons and usage back.
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { Message, StopReason, ToolSchema, Usage } from "../model/types.js";

/** Prefix that shows the model a tool_result had `is_error: true` (Chat Completions has no flag). */
export const toolErrorMarker = "Error: ";

export function toChatMessages(system: string, messages: Message[]): ChatCompletionMessageParam[] {
  const wire: ChatCompletionMessageParam[] = [];
  if (system !== "") wire.push({ role: "system", content: system });
  for (const message of messages) {
    if (message.role === "assistant") {
      const text = message.content
        .filter((block) => block.type === "text")
        .map((block) => block.text)
        .join("");
      const toolCalls = message.content
        .filter((block) => block.type === "tool_use")
        .map((block) => ({
          id: block.id,
          type: "function" as const,
          function: { name: block.name, arguments: JSON.stringify(block.input) },
        }));
      if (toolCalls.length > 0) {
        wire.push({ role: "assistant", content: text === "" ? null : text, tool_calls: toolCalls });
      } else {
        wire.push({ role: "assistant", content: text });
      }
      continue;
    }
    // Tool results must directly follow the assistant message that made the calls, so they go
    // first; any text of the same user message follows as its own user message.
    const texts: string[] = [];
    for (const block of message.content) {
      if (block.type === "tool_result") {
        const content = block.is_error === true ? `${toolErrorMarker}${block.content}` : block.content;
        wire.push({ role: "tool", tool_call_id: block.tool_use_id, content });
      } else if (block.text !== "") {
        texts.push(block.text);
      }
    }
    if (texts.length > 0) wire.push({ role: "user", content: texts.join("\n\n") });
  }
  return wire;
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
  return usage;
}
