// The only place our Anthropic-shaped messages meet OpenAI's Responses API: converts the history into
// stateless input items (a user message per turn with input_text / input_image parts, one
// function_call_output per tool_result, assistant text as output_text, each tool call as a
// function_call, each kept reasoning item — encrypted content and summary — just before the calls it
// belongs to), tool schemas into non-strict function tools, and maps usage and end states back.
import type { FunctionTool, ResponseInputItem, ResponseUsage } from "openai/resources/responses/responses";
import type { ImageBlock, Message, StopReason, ToolSchema, Usage } from "../model/index.js";
import { asciiJsonList, type BodyHistory } from "./json-body.js";
import { toolErrorMarker } from "./openai-chat-wire.js";

type InputPart =
  | { type: "input_text"; text: string }
  | { type: "input_image"; image_url: string; detail: "auto" };

function imagePart(block: ImageBlock): InputPart {
  return {
    type: "input_image",
    image_url: `data:${block.source.media_type};base64,${block.source.data}`,
    detail: "auto",
  };
}

/** A reasoning item as the stateless API takes it back: no id (nothing is stored server-side), the
 *  encrypted content the server issued, and its summary. */
type ReasoningInput = {
  type: "reasoning";
  summary: Array<{ type: "summary_text"; text: string }>;
  encrypted_content: string;
};

function assistantItems(message: Extract<Message, { role: "assistant" }>): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  let text: string[] = [];
  const flushText = () => {
    if (text.length === 0) return;
    items.push({
      type: "message",
      role: "assistant",
      content: text.map((part) => ({ type: "output_text", text: part })),
    } as ResponseInputItem);
    text = [];
  };
  for (const block of message.content) {
    if (block.type === "text") {
      if (block.text !== "") text.push(block.text);
    } else if (block.type === "tool_use") {
      flushText();
      items.push({
        type: "function_call",
        call_id: block.id,
        name: block.name,
        arguments: JSON.stringify(block.input),
      });
    } else if (block.type === "thinking" && block.field === "encrypted_content") {
      flushText();
      const reasoning: ReasoningInput = {
        type: "reasoning",
        summary: block.thinking === "" ? [] : [{ type: "summary_text", text: block.thinking }],
        encrypted_content: block.signature,
      };
      items.push(reasoning as unknown as ResponseInputItem);
    }
    // Other providers' reasoning (Anthropic signatures, reasoning_content) and Anthropic's server
    // tools mean nothing here and are left out.
  }
  flushText();
  return items;
}

function userItems(message: Extract<Message, { role: "user" }>): ResponseInputItem[] {
  // Tool outputs answer the calls just before them, so they come first; the turn's text and images
  // follow as one user message.
  const items: ResponseInputItem[] = [];
  const parts: InputPart[] = [];
  for (const block of message.content) {
    if (block.type === "tool_result") {
      const text = block.is_error === true ? `${toolErrorMarker}${block.content}` : block.content;
      const output = block.images?.length
        ? [...(text === "" ? [] : [{ type: "input_text" as const, text }]), ...block.images.map(imagePart)]
        : text;
      items.push({ type: "function_call_output", call_id: block.tool_use_id, output } as ResponseInputItem);
    } else if (block.type === "image") {
      parts.push(imagePart(block));
    } else if (block.text !== "") {
      parts.push({ type: "input_text", text: block.text });
    }
  }
  if (parts.length > 0) items.push({ type: "message", role: "user", content: parts });
  return items;
}

/** One of our messages as the input items it becomes (none, one or several). */
export function responsesItemsOf(message: Message): ResponseInputItem[] {
  return message.role === "assistant" ? assistantItems(message) : userItems(message);
}

/** The whole history as input items, oldest first. */
export function toResponsesInput(messages: Message[]): ResponseInputItem[] {
  return messages.flatMap(responsesItemsOf);
}

/** The history as json-body.ts serialises it: each message's input items joined by commas ("" for
 *  a message with none). The conversion depends on the message alone, so a kept run of messages
 *  is always the same text. */
export function responsesHistory(messages: readonly Message[]): BodyHistory<Message> {
  return { items: messages, json: (message: Message) => asciiJsonList(responsesItemsOf(message)) };
}

/** Function tools with their schemas unchanged; `strict: false`, since optional fields are not
 *  what strict mode accepts. */
export function toResponsesTools(tools: ToolSchema[]): FunctionTool[] {
  return tools.map((tool) => ({
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters: tool.input_schema,
    strict: false,
  }));
}

type WireUsage = Partial<Pick<ResponseUsage, "input_tokens" | "output_tokens">> & {
  input_tokens_details?: { cached_tokens?: number | null } | null;
  output_tokens_details?: { reasoning_tokens?: number | null } | null;
};

/** Our usage counts cached input apart from `input_tokens` (Anthropic's convention). */
export function toResponsesUsage(wire: WireUsage | null | undefined): Usage {
  const prompt = wire?.input_tokens ?? 0;
  const cached = wire?.input_tokens_details?.cached_tokens ?? 0;
  const usage: Usage = {
    input_tokens: Math.max(0, prompt - cached),
    output_tokens: wire?.output_tokens ?? 0,
  };
  if (cached > 0) usage.cache_read_input_tokens = cached;
  const reasoning = wire?.output_tokens_details?.reasoning_tokens ?? 0;
  if (reasoning > 0) usage.reasoning_tokens = reasoning;
  return usage;
}

/** A finished response's stop reason: calls win; an incomplete one says why it stopped. */
export function responsesStopReason(
  incompleteReason: string | null | undefined,
  hasCalls: boolean,
  refused: boolean,
): StopReason {
  if (incompleteReason === "max_output_tokens") return "max_tokens";
  if (incompleteReason === "content_filter" || refused) return "refusal";
  if (hasCalls) return "tool_use";
  return incompleteReason ? "other" : "end_turn";
}
