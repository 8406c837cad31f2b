// Renders a history as plain text for the summarizer: roles, text, tool calls with their key
// argument, and tool results shortened to their head and tail. Plain text needs no tool schemas
// on the summary request and lets the transcript be capped to fit any window.
import type { Message, ToolUseBlock } from "../model/index.js";
import { truncateMiddle } from "../util/index.js";
import { keyArgumentOf, toolCallLabel } from "./tool-call-label.js";

type TranscriptOptions = {
  /** Each tool result is cut to this many characters (head and tail kept; default 2,000). */
  maxResultChars?: number;
  /** Each tool call's JSON input is cut to this many characters (default 1,000). */
  maxInputChars?: number;
  /** The whole transcript is cut to about this many characters: the first message and the newest
   *  ones are kept, the middle is replaced by a marker (default 200,000). */
  maxChars?: number;
};

export function renderTranscript(history: readonly Message[], options: TranscriptOptions = {}): string {
  const maxResult = options.maxResultChars ?? 2_000;
  const maxInput = options.maxInputChars ?? 1_000;
  const maxChars = options.maxChars ?? 200_000;
  const calls = new Map<string, ToolUseBlock>();
  const parts = history.map((message) => renderMessage(message, calls, maxResult, maxInput));
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  if (total <= maxChars || parts.length < 2) return truncateMiddle(parts.join("\n"), maxChars);

  const [opening = "", ...rest] = parts;
  const first = truncateMiddle(opening, Math.floor(maxChars / 4));
  let room = maxChars - first.length;
  let start = parts.length;
  while (start > 1) {
    const part = parts[start - 1];
    if (part === undefined || part.length > room) break;
    start--;
    room -= part.length;
  }
  const tail = parts.slice(start);
  if (tail.length === 0) tail.push(truncateMiddle(rest.at(-1) ?? "", room));
  const omitted = parts.length - 1 - tail.length;
  const marker = `[… ${omitted} earlier message${omitted === 1 ? "" : "s"} omitted to fit the summary request …]\n`;
  return [first, marker, ...tail].join("\n");
}

function renderMessage(
  message: Message,
  calls: Map<string, ToolUseBlock>,
  maxResult: number,
  maxInput: number,
): string {
  const lines: string[] = [];
  for (const block of message.content) {
    if (block.type === "text") {
      lines.push(`${message.role === "user" ? "User" : "Assistant"}: ${block.text}`);
    } else if (block.type === "tool_use") {
      calls.set(block.id, block);
      const label = toolCallLabel({ name: block.name, keyArg: keyArgumentOf(block.input) });
      lines.push(`Assistant called ${label} with ${truncateMiddle(safeJson(block.input), maxInput)}`);
    } else if (block.type === "server_tool_use") {
      lines.push(
        `Assistant ran the provider's ${block.name} with ${truncateMiddle(safeJson(block.input), maxInput)}`,
      );
    } else if (block.type === "web_search_tool_result") {
      const found = Array.isArray(block.content)
        ? block.content.map((result) => result.url).join(", ")
        : "error";
      lines.push(`Web search results: ${truncateMiddle(found, maxResult)}`);
    } else if (block.type === "tool_result") {
      const call = calls.get(block.tool_use_id);
      const label = call ? toolCallLabel({ name: call.name, keyArg: keyArgumentOf(call.input) }) : "tool";
      const status = block.is_error ? " (error)" : "";
      const images = block.images?.length ? ` [${block.images.length} image(s)]` : "";
      lines.push(`Result of ${label}${status}${images}:\n${truncateMiddle(block.content, maxResult)}`);
    } else if (block.type === "image") {
      lines.push(`User attached an image (${block.source.media_type})`);
    }
    // Thinking is the model's own scratch work; the summary covers what it decided and did.
  }
  return `${lines.join("\n")}\n`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "{}";
  } catch {
    return "{}";
  }
}
