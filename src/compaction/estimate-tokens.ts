// Cheap token estimates (characters / 4) for text, messages and histories that have not been
// sent yet. Provider-reported usage is authoritative; this only fills the gap until the next
// request reports real numbers. Counting is linear in the characters and allocates nothing big;
// a message is measured once.
import type { ContentBlock, Message, ToolSchema } from "../model/index.js";

import { CHARS_PER_TOKEN, charsToTokens } from "../util/index.js";

export { CHARS_PER_TOKEN, charsToTokens };

/** Characters a content block contributes to a request (text, tool name + JSON input, result,
 *  thinking, images at their token cost). */
export function blockChars(block: ContentBlock): number {
  switch (block.type) {
    case "text":
      return block.text.length;
    case "tool_use":
      return block.name.length + jsonLength(block.input);
    case "tool_result":
      return block.content.length + (block.images?.length ?? 0) * IMAGE_CHARS;
    case "image":
      return IMAGE_CHARS;
    case "thinking":
      return block.thinking.length;
    case "redacted_thinking":
      return block.data.length;
    case "server_tool_use":
    case "web_search_tool_result":
      return jsonLength(block);
  }
}

/** An image costs about 1,600 tokens (Anthropic counts width × height / 750, ≤ 1.15 megapixels). */
const IMAGE_CHARS = 1600 * CHARS_PER_TOKEN;

/** Messages are never changed once made, so each is measured once: every request re-estimates
 *  the whole history, and tool inputs would otherwise be serialised again each time. */
const charsOf = new WeakMap<Message, number>();

/** Characters of one message, including a small fixed overhead for role and framing. */
export function messageChars(message: Message): number {
  let total = charsOf.get(message);
  if (total !== undefined) return total;
  total = MESSAGE_OVERHEAD_CHARS;
  for (const block of message.content) total += blockChars(block);
  charsOf.set(message, total);
  return total;
}

export function messagesChars(messages: readonly Message[]): number {
  let total = 0;
  for (const message of messages) total += messageChars(message);
  return total;
}

/** Estimated tokens of a text, one message, or a list of messages (characters / 4, rounded up). */
export function estimateTokens(input: string | Message | readonly Message[]): number {
  if (typeof input === "string") return charsToTokens(input.length);
  if (isMessageList(input)) return charsToTokens(messagesChars(input));
  return charsToTokens(messageChars(input));
}

/** Estimated tokens of the tool schemas as sent with every request. */
const schemaTokens = new WeakMap<readonly ToolSchema[], number>();

/** Tool schemas as sent; remembered per schema list (the registry hands out the same list each turn). */
export function estimateToolSchemaTokens(tools: readonly ToolSchema[]): number {
  if (tools.length === 0) return 0;
  let tokens = schemaTokens.get(tools);
  if (tokens === undefined) {
    tokens = charsToTokens(jsonLength(tools));
    schemaTokens.set(tools, tokens);
  }
  return tokens;
}

const MESSAGE_OVERHEAD_CHARS = 16;

function isMessageList(input: Message | readonly Message[]): input is readonly Message[] {
  return Array.isArray(input);
}

function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}
