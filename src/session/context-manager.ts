// The session's context budget: accounting per request, trimming of the outbound copy, and
// compaction (manual `/compact` and automatic at the threshold, or after a "too long" rejection)
// with PreCompact / PostCompact hooks. It reads a snapshot of the session's history and never changes
// the session: a compaction returns the new history, which the session applies (and records). The
// arithmetic lives in compaction/.
import {
  applySummary,
  type ContextUsage,
  contextUsage,
  estimateTokens,
  type HistoryScans,
  type KeepRecent,
  messageBudget,
  shouldAutoCompact,
  summarize,
  tailStart,
  trimForRequest,
} from "../compaction/index.js";
import type { SessionHooks } from "../hooks/index.js";
import type { Message, ModelClient, SideUsage, ToolSchema, Usage } from "../model/index.js";
import type { Tracer } from "../util/index.js";

type ContextSettings = {
  /** The context window of the model in use (re-read: the REPL's /model may switch models). */
  window: () => number;
  /** COMPACT=0 turns all trimming off. */
  trim: boolean;
  /** AUTOCOMPACT=0 turns automatic compaction off. */
  autoCompact: boolean;
  thresholdPercent?: number;
};

export type CompactResult =
  | {
      ok: true;
      message: string;
      summary: string;
      /** The history to continue with: the summary, then the most recent messages verbatim. */
      messages: Message[];
      /** The summary request's usage (counted in the session's totals). */
      usage?: SideUsage;
    }
  | { ok: false; message: string; usage?: SideUsage };

/** What the ContextManager reads of the session. */
export type ContextState = {
  readonly messages: readonly Message[];
  readonly lastUsage: Usage | undefined;
  /** History length when the last request was sent. */
  readonly lastRequestIndex: number;
  readonly lastSystem: string;
};

/** Below this, a summary (its header alone is ~60 tokens, a useful one a few hundred) saves nothing. */
const MIN_SUMMARISED_TOKENS = 400;

/** What compaction keeps word for word: the recent tenth of the window; when the whole conversation
 *  fits in that, the latest turn; when it is all one turn, its last message (the answer, or what an
 *  unfinished step needs). Claude Code, too, compacts a conversation however little of the window
 *  it fills. */
function keptTail(messages: readonly Message[], window: number): KeepRecent {
  const recent: KeepRecent = { keepRecentTokens: Math.floor(window / 10) };
  if (tailStart(messages, recent) > 0) return recent;
  const latestTurn: KeepRecent = { keepRecentTurns: 1 };
  return tailStart(messages, latestTurn) > 0 ? latestTurn : { keepRecentMessages: 1 };
}

export class ContextManager {
  constructor(
    private readonly settings: ContextSettings,
    private readonly model: () => ModelClient,
    private readonly tools: () => ToolSchema[],
    private readonly tracer: Tracer,
    private readonly hooks?: SessionHooks,
  ) {}

  get window(): number {
    return this.settings.window();
  }

  usage(state: ContextState): ContextUsage {
    return contextUsage({
      lastUsage: state.lastUsage,
      messagesSinceLastRequest: state.lastUsage
        ? state.messages.slice(state.lastRequestIndex)
        : state.messages,
      system: state.lastSystem,
      tools: this.tools(),
      window: this.window,
    });
  }

  /** How many of the oldest tool results the last request sent cleared; they stay cleared so the
   *  request prefix (and the provider's prompt cache) stays the same until the next step. */
  private clearedPrefix = 0;

  /** The last request's scan of the history, extended by the next request's new messages. */
  private readonly scans: HistoryScans = {};

  /** The outbound copy of the history for one request: old tool results beyond the budget cleared. */
  prepare(messages: readonly Message[], system: string): Message[] {
    if (!this.settings.trim) return [...messages];
    const budgetTokens = messageBudget({ window: this.window, system, tools: this.tools() });
    const trimmed = trimForRequest(messages, {
      budgetTokens,
      keepCleared: this.clearedPrefix,
      // A step clears down to 80% of the budget, so several requests pass before the next one.
      targetTokens: Math.floor(budgetTokens * 0.8),
      scans: this.scans,
    });
    if (trimmed.cacheMissTokens > 0)
      this.tracer.trace("context.trim", {
        cleared: trimmed.clearedResults,
        tokens: trimmed.clearedTokens,
        cache_miss_tokens: trimmed.cacheMissTokens,
      });
    this.clearedPrefix = trimmed.clearedPrefix;
    return trimmed.messages;
  }

  /** History length right after the last compaction (or failed attempt): no automatic compaction
   *  again until the history has grown. */
  private compactedAt = -1;

  /** A fresh conversation (`/clear`) forgets the last compaction point and the cleared results. */
  reset(): void {
    this.compactedAt = -1;
    this.clearedPrefix = 0;
  }

  needsAutoCompact(state: ContextState): boolean {
    if (!this.settings.autoCompact || state.messages.length < 2) return false;
    if (this.compactedAt >= 0 && state.messages.length <= this.compactedAt + 2) return false;
    return shouldAutoCompact(this.usage(state), this.window, this.settings.thresholdPercent ?? 85);
  }

  /** Summarises everything before the kept tail of recent messages into a new history; the state
   *  itself is left as it is (the caller applies the result). A conversation that fits in that tail
   *  keeps less (keptTail); one too short to gain from a summary is left alone ("not enough
   *  conversation"), and a summary that would not make the history smaller is discarded.
   *  A failed or blocked compaction says why. */
  async compact(
    state: ContextState,
    trigger: "manual" | "auto",
    signal: AbortSignal,
    instructions = "",
  ): Promise<CompactResult> {
    if (state.messages.length === 0) return { ok: false, message: "Nothing to compact yet." };
    const keep = keptTail(state.messages, this.window);
    const start = tailStart(state.messages, keep);
    if (start === 0 || estimateTokens(state.messages.slice(0, start)) < MIN_SUMMARISED_TOKENS)
      return {
        ok: false,
        message: "Not enough conversation to compact yet: a summary would be as long as what it replaces.",
      };
    const pre = await this.hooks?.preCompact(trigger, instructions);
    if (pre?.blocked)
      return { ok: false, message: `Compaction cancelled by a PreCompact hook: ${pre.blocked.reason}` };
    const before = this.usage(state).usedTokens;
    const client = this.model();
    const result = await summarize(client, state.messages.slice(0, start), {
      signal,
      customInstructions: instructions || undefined,
      maxTranscriptTokens: Math.floor(this.window / 2),
    });
    const spent = result.usage ? { usage: { model: client.model, usage: result.usage } } : {};
    if (!result.ok) {
      // Do not retry automatically before every request; wait until the history has grown.
      this.compactedAt = state.messages.length;
      return { ok: false, message: result.error, ...spent };
    }
    const next = applySummary([...state.messages], result.summary, keep);
    if (estimateTokens(next) >= estimateTokens(state.messages)) {
      this.compactedAt = state.messages.length;
      return {
        ok: false,
        message: "Compaction would not make the conversation smaller, so it was left as it was.",
        ...spent,
      };
    }
    this.compactedAt = next.length;
    this.clearedPrefix = 0;
    const after = this.usage({
      ...state,
      messages: next,
      lastUsage: undefined,
      lastRequestIndex: 0,
    }).usedTokens;
    this.tracer.trace("context.compact", { trigger, before, after });
    await this.hooks?.postCompact(trigger, result.summary);
    return {
      ok: true,
      summary: result.summary,
      messages: next,
      ...spent,
      message: `Compacted the conversation (${trigger}): about ${before} → ${after} tokens.`,
    };
  }
}
