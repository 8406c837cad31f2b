// Makes a message list valid for strict providers (Anthropic): roles alternate user/assistant,
// the list starts with a user message, and in a user message tool_result blocks come before text.
// Adjacent messages with the same role are merged; nothing is dropped.
import type { AssistantBlock, Message, UserBlock } from "../model/index.js";

/** Returns a new list; messages that need no change are shared with the input. */
export function normalizeAlternation(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    const previous = out[out.length - 1];
    if (previous && previous.role === message.role) out[out.length - 1] = mergeSameRole(previous, message);
    else out.push(message);
  }
  return out;
}

export function mergeSameRole(first: Message, second: Message): Message {
  if (first.role === "assistant" && second.role === "assistant") {
    // The API wants an assistant message's thinking blocks first: keep them ahead of the rest.
    const blocks: AssistantBlock[] = [...first.content, ...second.content];
    const thinking = (block: AssistantBlock) =>
      block.type === "thinking" || block.type === "redacted_thinking";
    const content = [...blocks.filter(thinking), ...blocks.filter((block) => !thinking(block))];
    return { role: "assistant", content };
  }
  const blocks = [...first.content, ...second.content] as UserBlock[];
  const results = blocks.filter((block) => block.type === "tool_result");
  const texts = blocks.filter((block) => block.type !== "tool_result");
  return { role: "user", content: [...results, ...texts] };
}
