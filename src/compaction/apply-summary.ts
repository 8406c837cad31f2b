// Builds the compacted history: one user message carrying the summary of the earlier conversation,
// followed by the most recent turns verbatim. The kept tail never starts with a tool_result whose
// tool_use was dropped, never loses the pending tool results of an unfinished step, and roles
// alternate (adjacent same-role messages are merged).
import type { Message, TextBlock } from "../model/index.js";
import { CHARS_PER_TOKEN, messageChars } from "./estimate-tokens.js";
import { normalizeAlternation } from "./normalize-alternation.js";

export type KeepRecent =
  | { keepRecentTurns: number }
  | { keepRecentTokens: number }
  | { keepRecentMessages: number };

export const SUMMARY_MARKER = "summary of the earlier conversation";
const SUMMARY_HEADER = `[Context compacted] This session continues from an earlier conversation that was compacted. Below is a ${SUMMARY_MARKER}; the most recent messages follow it verbatim.`;

/** The text block that carries a summary into the new history. */
function summaryBlock(summary: string): TextBlock {
  return { type: "text", text: `${SUMMARY_HEADER}\n\n<summary>\n${summary.trim()}\n</summary>` };
}

/** True for a user message produced by applySummary (for the UI and for re-compaction). */
export function isSummaryMessage(message: Message): boolean {
  const first = message.content[0];
  return message.role === "user" && first?.type === "text" && first.text.startsWith(SUMMARY_HEADER);
}

export function applySummary(history: readonly Message[], summary: string, keep: KeepRecent): Message[] {
  const start = tailStart(history, keep);
  const tail = history.slice(start);
  const head: Message = { role: "user", content: [summaryBlock(summary)] };
  return normalizeAlternation([head, ...tail]);
}

/** Index where the kept tail begins (history.length when nothing is kept). */
export function tailStart(history: readonly Message[], keep: KeepRecent): number {
  const latest = latestRequiredStart(history);
  let candidate: number;
  if ("keepRecentTurns" in keep) {
    candidate = turnStart(history, Math.max(0, Math.floor(keep.keepRecentTurns)));
  } else if ("keepRecentMessages" in keep) {
    candidate = Math.max(0, history.length - Math.max(0, Math.floor(keep.keepRecentMessages)));
  } else {
    candidate = history.length;
    let chars = 0;
    const budgetChars = Math.max(0, keep.keepRecentTokens) * CHARS_PER_TOKEN;
    while (candidate > 0) {
      const previous = history[candidate - 1];
      if (previous === undefined || chars + messageChars(previous) > budgetChars) break;
      candidate--;
      chars += messageChars(previous);
    }
  }
  const safe = history.findIndex((message, index) => index >= candidate && isSafeStart(message));
  return Math.min(safe === -1 ? Math.max(candidate, history.length) : safe, latest);
}

/** A tail may start at an assistant message or at a user message that answers no tool call. */
function isSafeStart(message: Message): boolean {
  return message.role === "assistant" || !message.content.some((block) => block.type === "tool_result");
}

/** The tail must include the last message when it is a prompt not yet answered, and the last
 *  assistant step when the history ends with its tool results (so the loop can resume). */
function latestRequiredStart(history: readonly Message[]): number {
  const last = history.at(-1);
  if (last === undefined || last.role === "assistant") return history.length;
  return Math.max(0, history.findLastIndex(isSafeStart));
}

/** Start index of the N-th most recent turn; a turn begins with a user message that carries no
 *  tool results (a prompt). Zero turns → history.length; fewer turns than N → the first turn. */
function turnStart(history: readonly Message[], turns: number): number {
  if (turns === 0) return history.length;
  let found = 0;
  let first = history.length;
  for (let index = history.length - 1; index >= 0; index--) {
    const message = history[index];
    if (message?.role === "user" && isSafeStart(message)) {
      first = index;
      if (++found === turns) return index;
    }
  }
  return first;
}
