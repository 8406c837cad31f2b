// Reads a transcript back into the history it recorded, linear in what it keeps: the last boundary
// (compaction or `/clear`) is found from the end of the file (last-boundary.ts) and only the lines
// from it on are read and parsed, in blocks; the header comes from the first line. Damaged lines are
// skipped with their line numbers (counted in the part before the boundary only when one is needed),
// and tool calls a crash left unanswered get an interrupted result.
import { closeSync, fstatSync, openSync } from "node:fs";
import type { Message, ToolResultBlock } from "../model/index.js";
import { lastBoundaryOffset, readAt } from "./last-boundary.js";
import { lastUuid, parseLine, type TranscriptHeader } from "./transcript-lines.js";

type LoadedTranscript = {
  header: TranscriptHeader | undefined;
  messages: Message[];
  /** Lines that were skipped (a torn last line after a crash, a damaged line), and repairs. */
  warnings: string[];
  /** The interrupted-results message added to `messages` for tool calls a crash left unanswered. */
  repair?: Message;
  /** The uuid the next message hangs from (null for a file in the first release's shape). */
  lastUuid: string | null;
  /** Structured tool results saved with the history's messages, by tool_use_id (see MessageMeta). */
  toolResults: Record<string, unknown>;
};

const BLOCK = 4 << 20;
const NEWLINE = 0x0a;

/** Calls `each` with every line in [from, size) and its 0-based index from `from`, reading in blocks
 *  (only a line that spans blocks is copied); `torn` says the last one has no newline. */
function forEachLine(
  fd: number,
  from: number,
  size: number,
  each: (line: string, index: number, last: boolean) => void,
): boolean {
  let carry: Buffer | undefined;
  let index = 0;
  for (let position = from; position < size; position += BLOCK) {
    const read = readAt(fd, position, Math.min(BLOCK, size - position));
    const bytes = carry ? Buffer.concat([carry, read]) : read;
    const end = bytes.lastIndexOf(NEWLINE);
    if (end === -1) {
      carry = bytes;
      continue;
    }
    const lines = bytes.subarray(0, end).toString("utf8").split("\n");
    for (const line of lines) each(line, index++, false);
    carry = end + 1 < bytes.length ? bytes.subarray(end + 1) : undefined;
  }
  if (carry) each(carry.toString("utf8"), index, true);
  return carry !== undefined;
}

/** Newlines in [0, end): the line number of the line starting at `end`, minus one. */
function linesBefore(fd: number, end: number): number {
  let count = 0;
  for (let position = 0; position < end; position += BLOCK) {
    const block = readAt(fd, position, Math.min(BLOCK, end - position));
    for (let at = block.indexOf(NEWLINE); at !== -1; at = block.indexOf(NEWLINE, at + 1)) count++;
  }
  return count;
}

/** Reads a transcript back into the exact history it recorded. */
export function loadTranscript(path: string): LoadedTranscript {
  const fd = openSync(path, "r");
  try {
    return load(path, fd, fstatSync(fd).size);
  } finally {
    closeSync(fd);
  }
}

function load(path: string, fd: number, size: number): LoadedTranscript {
  const boundary = lastBoundaryOffset(fd, size);
  let header: TranscriptHeader | undefined;
  if (boundary > 0) {
    const head = readAt(fd, 0, Math.min(boundary, 64 * 1024));
    const first = head.subarray(0, Math.max(0, head.indexOf(NEWLINE))).toString("utf8");
    const parsed = parseLine(first);
    if (parsed?.kind === "header") header = parsed.header;
  }
  let messages: Message[] = [];
  let toolResults: Record<string, unknown> = {};
  const skipped: Array<{ index: number; last: boolean }> = [];
  /** The uuid the next line hangs from, as lastUuid() finds it (see transcript-lines.ts). */
  let parent: string | null = null;
  const torn = forEachLine(fd, boundary, size, (line, index, last) => {
    if (line.trim() === "") return;
    const parsed = parseLine(line);
    if (!last) {
      if (parsed?.kind === "message") parent = parsed.uuid ?? parent;
      else if (line.includes('"uuid"')) parent = lastUuid([line]) ?? parent;
    }
    if (!parsed) {
      skipped.push({ index, last });
      return;
    }
    if (parsed.kind === "header") header ??= parsed.header;
    else if (parsed.kind === "message") {
      messages.push(parsed.message);
      if (parsed.toolResults) Object.assign(toolResults, parsed.toolResults);
    } else if (parsed.kind === "history") messages = [...parsed.messages];
    else if (parsed.kind === "reset") {
      messages = [];
      toolResults = {};
    }
  });
  const offset = skipped.some((line) => !line.last) && boundary > 0 ? linesBefore(fd, boundary) : 0;
  const warnings = skipped.map(({ index, last }) =>
    last && torn
      ? `${path}: ignored an incomplete last line (the session ended while writing it)`
      : `${path}:${offset + index + 1}: skipped a line that is not a valid transcript record`,
  );
  // A boundary in the first release's shape carries no uuid: the chain goes on from before it.
  if (parent === null && boundary > 0)
    parent = lastUuid(readAt(fd, 0, boundary).toString("utf8").split("\n"));
  const repair = answerDanglingToolCalls(messages);
  if (repair)
    warnings.push(
      `${path}: the session ended while ${repair.content.length} tool call(s) ran; they are marked as interrupted`,
    );
  return { header, messages, warnings, repair, lastUuid: parent, toolResults };
}

/** Every tool_use must be answered by a tool_result: calls left open by a crash get an error result,
 *  appended to `messages` and returned (so that a resumed session can save it). */
function answerDanglingToolCalls(messages: Message[]): Message | undefined {
  const last = messages.at(-1);
  if (last?.role !== "assistant") return undefined;
  const results: ToolResultBlock[] = last.content
    .filter((block) => block.type === "tool_use")
    .map((block) => ({
      type: "tool_result",
      tool_use_id: block.id,
      content: "Interrupted: the session ended before this tool call finished; it may or may not have run.",
      is_error: true,
    }));
  if (results.length === 0) return undefined;
  const repair: Message = { role: "user", content: results };
  messages.push(repair);
  return repair;
}
