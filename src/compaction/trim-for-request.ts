// Micro-compaction of the outbound copy of a request: when the messages exceed a token budget, the
// oldest tool results are replaced by one-line placeholders (tool, key argument, size cleared)
// until the estimate fits. History itself is never touched; tool_result blocks are kept (only
// their content changes), so every tool_use stays answered. Linear in the history, run per request.
import type { Message, ToolResultBlock, ToolUseBlock } from "../model/types.js";
import { charsToTokens, messageChars } from "./estimate-tokens.js";
import { clearedResultPlaceholder, keyArgumentOf, type ToolCallSummary } from "./tool-call-label.js";

export const DEFAULT_KEEP_RECENT_RESULTS = 3;
export const DEFAULT_CLEAR_BATCH = 4;

export type TrimOptions = {
  /** Token budget for the messages (system prompt and tool schemas excluded). */
  budgetTokens: number;
  /** The newest N tool results always stay whole (default 3). Results the model has not seen yet
   *  (after the last assistant message) always stay whole too. */
  keepRecentResults?: number;
  /** Names the tool and key argument for a tool_use id; defaults to the tool_use blocks in `messages`. */
  toolSummaries?: (toolUseId: string) => ToolCallSummary | undefined;
  /** Clear results in groups of this many (default 4), so the cleared prefix moves in steps and
   *  the provider's prompt cache survives several requests in a row. */
  clearBatch?: number;
};

export type TrimResult = {
  /** A new array; changed messages are new objects, unchanged ones are shared with the input. */
  messages: Message[];
  clearedResults: number;
  clearedTokens: number;
  /** Estimated tokens of the returned messages (may still exceed the budget: compact then). */
  estimatedTokens: number;
};

type ResultLocation = { messageIndex: number; blockIndex: number; block: ToolResultBlock };

export function trimForRequest(messages: readonly Message[], options: TrimOptions): TrimResult {
  const keepRecent = Math.max(0, options.keepRecentResults ?? DEFAULT_KEEP_RECENT_RESULTS);
  const batch = Math.max(1, Math.floor(options.clearBatch ?? DEFAULT_CLEAR_BATCH));
  const calls = new Map<string, ToolUseBlock>();
  const results: ResultLocation[] = [];
  let totalChars = 0;
  let lastAssistant = -1;
  for (let messageIndex = 0; messageIndex < messages.length; messageIndex++) {
    const message = messages[messageIndex];
    totalChars += messageChars(message);
    if (message.role === "assistant") lastAssistant = messageIndex;
    message.content.forEach((block, blockIndex) => {
      if (block.type === "tool_use") calls.set(block.id, block);
      else if (block.type === "tool_result") results.push({ messageIndex, blockIndex, block });
    });
  }
  const untouched = (): TrimResult => ({
    messages: messages.slice(),
    clearedResults: 0,
    clearedTokens: 0,
    estimatedTokens: charsToTokens(totalChars),
  });
  if (charsToTokens(totalChars) <= options.budgetTokens) return untouched();

  let clearable = Math.max(0, results.length - keepRecent);
  while (clearable > 0 && results[clearable - 1].messageIndex > lastAssistant) clearable--;

  const replacements = new Map<number, Map<number, string>>();
  let clearedResults = 0;
  let clearedChars = 0;
  for (let index = 0; index < clearable; index++) {
    if (charsToTokens(totalChars) <= options.budgetTokens && clearedResults % batch === 0) break;
    const { messageIndex, blockIndex, block } = results[index];
    const summary = options.toolSummaries?.(block.tool_use_id) ?? summaryOf(calls.get(block.tool_use_id));
    const placeholder = clearedResultPlaceholder(summary, block.content.length);
    const saved = block.content.length - placeholder.length;
    if (saved <= 0) continue;
    let forMessage = replacements.get(messageIndex);
    if (!forMessage) {
      forMessage = new Map();
      replacements.set(messageIndex, forMessage);
    }
    forMessage.set(blockIndex, placeholder);
    totalChars -= saved;
    clearedChars += saved;
    clearedResults++;
  }
  if (clearedResults === 0) return untouched();

  const out = messages.slice();
  for (const [messageIndex, blocks] of replacements) {
    const original = messages[messageIndex] as Extract<Message, { role: "user" }>;
    out[messageIndex] = {
      role: "user",
      content: original.content.map((block, blockIndex) => {
        const placeholder = blocks.get(blockIndex);
        return placeholder === undefined ? block : { ...block, content: placeholder };
      }),
    };
  }
  return {
    messages: out,
    clearedResults,
    clearedTokens: charsToTokens(clearedChars),
    estimatedTokens: charsToTokens(totalChars),
  };
}

function summaryOf(call: ToolUseBlock | undefined): ToolCallSummary | undefined {
  return call ? { name: call.name, keyArg: keyArgumentOf(call.input) } : undefined;
}
