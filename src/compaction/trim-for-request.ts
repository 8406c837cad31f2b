// Micro-compaction of the outbound copy of a request: when the messages exceed a token budget, the
// oldest tool results are replaced by one-line placeholders (tool, key argument, size cleared)
// until the estimate fits. History itself is never touched; tool_result blocks are kept (only
// their content changes), so every tool_use stays answered. Run per request: a conversation's scan
// of the history is kept (TrimOptions.scans) and extended by the messages added since (a history is
// never changed in place).
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
  /** The caller's scan of the history it sent last (one per conversation), extended by the
   *  messages added since; without it the history is scanned whole. */
  scans?: HistoryScans;
};

/** The history a conversation's last request scanned, and its scan (see TrimOptions.scans). */
export type HistoryScans = { last?: { messages: Message[]; scan: HistoryScan } };

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

/** What one pass over the history finds: the calls by id, the results in order, the size. */
type HistoryScan = {
  calls: Map<string, ToolUseBlock>;
  results: ResultLocation[];
  totalChars: number;
  lastAssistant: number;
};

/** The results chosen for placeholders: message index → block index → placeholder text. */
type Clearing = {
  replacements: Map<number, Map<number, string>>;
  clearedResults: number;
  clearedChars: number;
  clearedPrefix: number;
  /** The message of the first result this step clears anew (undefined: none). */
  firstNew: number | undefined;
  /** The estimate's characters after the clearing. */
  totalChars: number;
};

export function trimForRequest(messages: readonly Message[], options: TrimOptions): TrimResult {
  const scan = scanHistory(messages, options.scans ?? {});
  const untouched = (): TrimResult => ({
    messages: messages.slice(),
    clearedResults: 0,
    clearedTokens: 0,
    estimatedTokens: charsToTokens(scan.totalChars),
    clearedPrefix: 0,
    cacheMissTokens: 0,
  });
  const sticky = Math.max(0, options.keepCleared ?? 0);
  if (charsToTokens(scan.totalChars) <= options.budgetTokens && sticky === 0) return untouched();
  const clearing = chooseClearing(scan, options, sticky);
  if (clearing.clearedResults === 0) return untouched();
  const out = withPlaceholders(messages, clearing.replacements);
  let cacheMissChars = 0;
  if (clearing.firstNew !== undefined)
    for (const message of out.slice(clearing.firstNew)) cacheMissChars += messageChars(message);
  return {
    messages: out,
    clearedResults: clearing.clearedResults,
    clearedTokens: charsToTokens(clearing.clearedChars),
    estimatedTokens: charsToTokens(clearing.totalChars),
    clearedPrefix: clearing.clearedPrefix,
    cacheMissTokens: charsToTokens(cacheMissChars),
  };
}

/** The history's scan. A request's history is most often the previous one's messages and a few
 *  more: then only those are scanned (after one comparison per message). */
function scanHistory(messages: readonly Message[], scans: HistoryScans): HistoryScan {
  const previous = scans.last;
  if (previous && startsWith(messages, previous.messages)) {
    for (let index = previous.messages.length; index < messages.length; index++) {
      const message = messages[index];
      if (message === undefined) continue;
      scanMessage(previous.scan, message, index);
      previous.messages.push(message);
    }
    return previous.scan;
  }
  const scan: HistoryScan = { calls: new Map(), results: [], totalChars: 0, lastAssistant: -1 };
  for (const [index, message] of messages.entries()) scanMessage(scan, message, index);
  scans.last = { messages: [...messages], scan };
  return scan;
}

function startsWith(messages: readonly Message[], prefix: readonly Message[]): boolean {
  if (prefix.length > messages.length) return false;
  for (let index = 0; index < prefix.length; index++) if (messages[index] !== prefix[index]) return false;
  return true;
}

function scanMessage(scan: HistoryScan, message: Message, messageIndex: number): void {
  scan.totalChars += messageChars(message);
  if (message.role === "assistant") scan.lastAssistant = messageIndex;
  message.content.forEach((block, blockIndex) => {
    if (block.type === "tool_use") scan.calls.set(block.id, block);
    else if (block.type === "tool_result") scan.results.push({ messageIndex, blockIndex, block });
  });
}

/** Picks the oldest clearable results, the sticky prefix first, until the estimate fits the target
 *  at a batch boundary. */
function chooseClearing(scan: HistoryScan, options: TrimOptions, sticky: number): Clearing {
  const { calls, results, lastAssistant } = scan;
  const keepRecent = Math.max(0, options.keepRecentResults ?? DEFAULT_KEEP_RECENT_RESULTS);
  const batch = Math.max(1, Math.floor(options.clearBatch ?? DEFAULT_CLEAR_BATCH));
  let clearable = Math.max(0, results.length - keepRecent);
  while (clearable > 0 && (results[clearable - 1]?.messageIndex ?? lastAssistant) > lastAssistant)
    clearable--;
  const clearing: Clearing = {
    replacements: new Map(),
    clearedResults: 0,
    clearedChars: 0,
    clearedPrefix: 0,
    firstNew: undefined,
    totalChars: scan.totalChars,
  };
  let target = options.budgetTokens;
  for (const [index, { messageIndex, blockIndex, block }] of results.slice(0, clearable).entries()) {
    if (index >= sticky) {
      if (index === sticky && charsToTokens(clearing.totalChars) > options.budgetTokens)
        target = Math.min(options.budgetTokens, options.targetTokens ?? options.budgetTokens);
      if (charsToTokens(clearing.totalChars) <= target && (index - sticky) % batch === 0) break;
      clearing.firstNew ??= messageIndex;
    }
    clearing.clearedPrefix = index + 1;
    const summary = options.toolSummaries?.(block.tool_use_id) ?? summaryOf(calls.get(block.tool_use_id));
    const placeholder = clearedResultPlaceholder(summary, block.content.length);
    const saved = blockChars(block) - placeholder.length;
    if (saved <= 0) continue;
    let forMessage = clearing.replacements.get(messageIndex);
    if (!forMessage) {
      forMessage = new Map();
      clearing.replacements.set(messageIndex, forMessage);
    }
    forMessage.set(blockIndex, placeholder);
    clearing.totalChars -= saved;
    clearing.clearedChars += saved;
    clearing.clearedResults++;
  }
  return clearing;
}

/** The copy of a message with placeholders that the last requests sent, by the placeholders it
 *  carries: a result cleared once is cleared the same way in every later request, and the same
 *  object lets the provider reuse the serialised text of the history up to it (json-body.ts). */
const withCleared = new WeakMap<Message, { key: string; message: Message }>();

/** A copy of `messages` whose chosen tool results carry their placeholders (and no images). */
function withPlaceholders(
  messages: readonly Message[],
  replacements: Map<number, Map<number, string>>,
): Message[] {
  const out = messages.slice();
  for (const [messageIndex, blocks] of replacements) {
    const original = messages[messageIndex] as Extract<Message, { role: "user" }>;
    const key = [...blocks]
      .map(([blockIndex, placeholder]) => `${blockIndex}\u0000${placeholder}`)
      .join("\u0001");
    const known = withCleared.get(original);
    if (known?.key === key) {
      out[messageIndex] = known.message;
      continue;
    }
    const message: Message = {
      role: "user",
      content: original.content.map((block, blockIndex) => {
        const placeholder = blocks.get(blockIndex);
        if (placeholder === undefined || block.type !== "tool_result") return block;
        const { images: _cleared, ...rest } = block;
        return { ...rest, content: placeholder };
      }),
    };
    withCleared.set(original, { key, message });
    out[messageIndex] = message;
  }
  return out;
}

function summaryOf(call: ToolUseBlock | undefined): ToolCallSummary | undefined {
  return call ? { name: call.name, keyArg: keyArgumentOf(call.input) } : undefined;
}
