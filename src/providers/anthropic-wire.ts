// Builds Anthropic Messages request bodies from our messages and tool schemas, block by block
// (never spreading our objects, so internal fields such as `inputError` stay off the wire): signed
// thinking blocks sent back unchanged, images, and the prompt-cache breakpoints (the last tool, the
// system prompt, the previous request's last message and the newest message: at most 4). Maps
// Anthropic stop reasons and usage onto ours.
import type Anthropic from "@anthropic-ai/sdk";
import type { ImageBlock, Message, StopReason, ToolSchema, Usage } from "../model/index.js";
import { citationsToWire, serverBlockToWire } from "./anthropic-server-tools.js";

type WireMessage = Anthropic.MessageParam;
type WireBlock = Anthropic.ContentBlockParam;
const ephemeral = { type: "ephemeral" } as const;

function image(block: ImageBlock): Anthropic.ImageBlockParam {
  return {
    type: "image",
    source: { type: "base64", media_type: block.source.media_type, data: block.source.data },
  };
}

function assistantBlocks(message: Extract<Message, { role: "assistant" }>): WireBlock[] {
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
    } else if (block.type === "thinking") {
      // Only Anthropic's own (signed) thinking goes back; other providers' reasoning has no signature.
      if (block.signature !== "" && block.field === undefined)
        content.push({ type: "thinking", thinking: block.thinking, signature: block.signature });
    } else {
      content.push({ type: "redacted_thinking", data: block.data });
    }
  }
  // An assistant message may not end with thinking (a reply cut off while thinking): keep its words only.
  const last = content.at(-1);
  if (last?.type === "thinking" || last?.type === "redacted_thinking")
    return content.filter((block) => block.type !== "thinking" && block.type !== "redacted_thinking");
  return content;
}

function userBlocks(message: Extract<Message, { role: "user" }>): WireBlock[] {
  const content: WireBlock[] = [];
  for (const block of message.content) {
    if (block.type === "text") {
      if (block.text !== "") content.push({ type: "text", text: block.text });
    } else if (block.type === "image") {
      content.push(image(block));
    } else {
      const result: Anthropic.ToolResultBlockParam = {
        type: "tool_result",
        tool_use_id: block.tool_use_id,
        content: block.images?.length
          ? [
              ...(block.content === "" ? [] : [{ type: "text" as const, text: block.content }]),
              ...block.images.map(image),
            ]
          : block.content,
      };
      if (block.is_error === true) result.is_error = true;
      content.push(result);
    }
  }
  return content;
}

/** One message as the API takes it (a new object each time; nothing of ours is spread into it). */
export function wireMessage(message: Message): WireMessage {
  const content = message.role === "assistant" ? assistantBlocks(message) : userBlocks(message);
  if (content.length === 0) content.push({ type: "text", text: "(empty)" });
  return { role: message.role, content };
}

/** The messages whose last block carries a prompt-cache breakpoint: the newest one writes the
 *  cache, the previous request's last message (the user message before the latest reply) reads it
 *  back even when one step added more than 20 blocks. User messages only. */
export function cacheMarkIndices(messages: readonly Message[]): number[] {
  const last = messages.length - 1;
  let previous = last - 2;
  while (previous >= 0 && messages[previous]?.role !== "user") previous--;
  return [previous, last].filter((index) => index >= 0 && messages[index]?.role === "user");
}

/** A message's wire form with a breakpoint on its last block. */
export function markedWireMessage(message: Message): WireMessage {
  const wire = wireMessage(message);
  const block = Array.isArray(wire.content) ? wire.content.at(-1) : undefined;
  if (block) (block as { cache_control?: unknown }).cache_control = ephemeral;
  return wire;
}

export function toAnthropicMessages(messages: Message[], options: { cache?: boolean } = {}): WireMessage[] {
  if (options.cache === false) return messages.map(wireMessage);
  const marked = new Set(cacheMarkIndices(messages));
  return messages.map((message, index) => (marked.has(index) ? markedWireMessage : wireMessage)(message));
}

/** The system prompt as one text block, marked so tools + system are cached together. */
export function toAnthropicSystem(
  system: string,
  options: { cache?: boolean } = {},
): Anthropic.TextBlockParam[] {
  return [{ type: "text", text: system, ...(options.cache === false ? {} : { cache_control: ephemeral }) }];
}

/** Tool schemas in the order given; the last one carries a breakpoint so the tools stay cached
 *  when only the system prompt changes. */
export function toAnthropicTools(tools: ToolSchema[], options: { cache?: boolean } = {}): Anthropic.Tool[] {
  return tools.map((tool, index) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema as Anthropic.Tool.InputSchema,
    ...(options.cache !== false && index === tools.length - 1 ? { cache_control: ephemeral } : {}),
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
