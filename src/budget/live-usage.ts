// What every hook payload carries as reagent's extension: the session's running usage (all four
// token counters), its cost so far (priced models; the unpriced ones named), and how full the context
// window was after the latest main-model request (or the compaction summary that replaced it).
import type { SessionEvent } from "../session/index.js";
import type { SpendGuard } from "./spend-guard.js";

type LiveUsageFields = {
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_read_input_tokens: number;
    cache_creation_input_tokens: number;
  };
  total_cost_usd: number;
  /** Models whose price is unknown: their tokens are in `usage`, their cost is not in `total_cost_usd`. */
  unpriced_models: string[];
  context_window: { used_tokens: number; max_tokens: number };
};

export class LiveUsage {
  private usedTokens = 0;

  constructor(
    private readonly guard: SpendGuard,
    /** The context window of the model in use now. */
    private readonly window: () => number,
  ) {}

  /** Follows the session's own requests (a subagent's arrive wrapped and fill its own window). */
  observe(event: SessionEvent): void {
    if (event.type === "assistant-message") {
      const { usage } = event;
      this.usedTokens =
        usage.input_tokens +
        (usage.cache_read_input_tokens ?? 0) +
        (usage.cache_creation_input_tokens ?? 0) +
        usage.output_tokens;
    } else if (event.type === "history-compacted") this.usedTokens = event.postTokens;
    else if (event.type === "history-cleared") this.usedTokens = 0;
  }

  fields(): LiveUsageFields {
    const { usage } = this.guard;
    return {
      usage: {
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
        cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
      },
      total_cost_usd: this.guard.totalCostUsd,
      unpriced_models: [...this.guard.unpriced],
      context_window: { used_tokens: this.usedTokens, max_tokens: this.window() },
    };
  }
}
