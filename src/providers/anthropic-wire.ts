// Builds Anthropic Messages request bodies from our messages and tool schemas, block by block
// (never spreading our objects, so internal fields such as `inputError` stay off the wire), and
// maps Anthropic stop reasons and usage onto ours.
import type Anthropic from "@anthropic-ai/sdk";
import type { Message, StopReason, ToolSchema, Usage } from "../model/types.js";
import { citationsToWire, serverBlockToWire } from "./anthropic-server-tools.js";

type WireMessage = Anthropic.MessageParam;
type WireBlock =
  | Anthropic.TextBlockParam
  | Anthropic.ToolUseBlockParam
  | Anthropic.ToolResultBlockParam
  | Anthropic.ServerToolUseBlockParam
  | Anthropic.WebSearchToolResultBlockParam;

export function toAnthropicMessages(messages: Message[]): WireMessage[] {
  return messages.map((message) => {
    const content: WireBlock[] = [];
    for (const block of message.content) {
      if (block.type === "text") {
        // The API rejects empty text blocks; they carry nothing.
        if (block.text === "") continue;
        const citations = citationsToWire(block);
        content.push(
          citations ? { type: "text", text: block.text, citations } : { type: "text", text: block.text },
        );
      } else if (block.type === "tool_use") {
        content.push({ type: "tool_use", id: block.id, name: block.name, input: block.input });
      } else if (block.type === "server_tool_use" || block.type === "web_search_tool_result") {
        content.push(serverBlockToWire(block));
      } else {
        const result: Anthropic.ToolResultBlockParam = {
          type: "tool_result",
          tool_use_id: block.tool_use_id,
          content: block.content,
        };
        if (block.is_error === true) result.is_error = true;
        content.push(result);
      }
    }
    if (content.length === 0) content.push({ type: "text", text: "(empty)" });
    return { role: message.role, content } as WireMessage;
  });
}

export function toAnthropicTools(tools: ToolSchema[]): Anthropic.Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema as Anthropic.Tool.InputSchema,
  }));
}

export function mapAnthropicStopReason(reason: string | null | undefined): StopReason {
  switch (reason) {
    case "end_turn":
    case "tool_use":
    case "max_tokens":
    case "stop_sequence":
    case "refusal":
    case "pause_turn":
      return reason;
    case "model_context_window_exceeded":
      return "max_tokens";
    default:
      return "other";
  }
}

type WireUsage = {
  server_tool_use?: { web_search_requests?: number | null } | null;
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
};

/** Merges a usage report into `usage`; later reports are cumulative, so non-null values win. */
export function mergeAnthropicUsage(usage: Usage, wire: WireUsage | null | undefined): void {
  if (!wire) return;
  if (typeof wire.input_tokens === "number") usage.input_tokens = wire.input_tokens;
  if (typeof wire.output_tokens === "number") usage.output_tokens = wire.output_tokens;
  if (typeof wire.cache_read_input_tokens === "number")
    usage.cache_read_input_tokens = wire.cache_read_input_tokens;
  if (typeof wire.cache_creation_input_tokens === "number") {
    usage.cache_creation_input_tokens = wire.cache_creation_input_tokens;
  }
  const searches = wire.server_tool_use?.web_search_requests;
  if (typeof searches === "number") usage.server_tool_use = { web_search_requests: searches };
}
