// Micro-compaction of the outbound copy of a request: when the messages exceed a token budget, the
// oldest tool results are replaced by one-line placeholders (tool, key argument, size cleared)
// until the estimate fits. History itself is never touched; tool_result blocks are kept (only
// their content changes), so every tool_use stays answered. Linear in the history, run per request.
// For the provider's prompt cache the cleared prefix only grows, in steps: results cleared once stay
// cleared (`keepCleared`), and a new step clears down to `targetTokens`, below the budget, so the
// next few requests send the same bytes again. A step re-sends everything after its first newly
// cleared result uncached; `cacheMissTokens` says how much.
import type { Message, ToolResultBlock, ToolUseBlock } from "../model/index.js";
import { blockChars, charsToTokens, messageChars } from "./estimate-tokens.js";
import { clearedResultPlaceholder, keyArgumentOf, type ToolCallSummary } from "./tool-call-label.js";

const DEFAULT_KEEP_RECENT_RESULTS = 3;
const DEFAULT_CLEAR_BATCH = 4;

type TrimOptions = {
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
  /** How many of the oldest results the previous request cleared: they stay cleared. */
  keepCleared?: number;
  /** A new clearing step goes down to this estimate (default: the budget). */
  targetTokens?: number;
};

type TrimResult = {
  /** A new array; changed messages are new objects, unchanged ones are shared with the input. */
  messages: Message[];
  clearedResults: number;
  clearedTokens: number;
  /** Estimated tokens of the returned messages (may still exceed the budget: compact then). */
  estimatedTokens: number;
  /** How many of the oldest results are cleared now (pass back as `keepCleared`). */
  clearedPrefix: number;
  /** Estimated tokens after the first result cleared by this step (0: nothing new was cleared). */
  cacheMissTokens: number;
};

type ResultLocation = { messageIndex: number; blockIndex: number; block: ToolResultBlock };

export function trimForRequest(messages: readonly Message[], options: TrimOptions): TrimResult {
  const keepRecent = Math.max(0, options.keepRecentResults ?? DEFAULT_KEEP_RECENT_RESULTS);
  const batch = Math.max(1, Math.floor(options.clearBatch ?? DEFAULT_CLEAR_BATCH));
  const calls = new Map<string, ToolUseBlock>();
  const results: ResultLocation[] = [];
  let totalChars = 0;
  let lastAssistant = -1;
  for (const [messageIndex, message] of messages.entries()) {
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
    clearedPrefix: 0,
    cacheMissTokens: 0,
  });
  const sticky = Math.max(0, options.keepCleared ?? 0);
  if (charsToTokens(totalChars) <= options.budgetTokens && sticky === 0) return untouched();

  let clearable = Math.max(0, results.length - keepRecent);
  while (clearable > 0 && (results[clearable - 1]?.messageIndex ?? lastAssistant) > lastAssistant)
    clearable--;

  const replacements = new Map<number, Map<number, string>>();
  let clearedResults = 0;
  let clearedChars = 0;
  let clearedPrefix = 0;
  let firstNew: number | undefined;
  let target = options.budgetTokens;
  for (const [index, { messageIndex, blockIndex, block }] of results.slice(0, clearable).entries()) {
    if (index >= sticky) {
      if (index === sticky && charsToTokens(totalChars) > options.budgetTokens)
        target = Math.min(options.budgetTokens, options.targetTokens ?? options.budgetTokens);
      if (charsToTokens(totalChars) <= target && (index - sticky) % batch === 0) break;
      firstNew ??= messageIndex;
    }
    clearedPrefix = index + 1;
    const summary = options.toolSummaries?.(block.tool_use_id) ?? summaryOf(calls.get(block.tool_use_id));
    const placeholder = clearedResultPlaceholder(summary, block.content.length);
    const saved = blockChars(block) - placeholder.length;
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
        if (placeholder === undefined || block.type !== "tool_result") return block;
        const { images: _cleared, ...rest } = block;
        return { ...rest, content: placeholder };
      }),
    };
  }
  let cacheMissChars = 0;
  if (firstNew !== undefined)
    for (const message of out.slice(firstNew)) cacheMissChars += messageChars(message);
  return {
    messages: out,
    clearedResults,
    clearedTokens: charsToTokens(clearedChars),
    estimatedTokens: charsToTokens(totalChars),
    clearedPrefix,
    cacheMissTokens: charsToTokens(cacheMissChars),
  };
}

function summaryOf(call: ToolUseBlock | undefined): ToolCallSummary | undefined {
  return call ? { name: call.name, keyArg: keyArgumentOf(call.input) } : undefined;
}
