// Usage and cost per model for a run or a whole session, shaped like `claude -p`'s `modelUsage`
// (inputTokens, outputTokens, cache counters, costUSD, contextWindow, maxOutputTokens). Models
// whose price is unknown are counted in tokens and named, never priced by guess.
import type { ModelFacts, Usage } from "../model/index.js";

export type ModelUsageEntry = {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  costUSD: number;
  contextWindow: number;
  maxOutputTokens: number;
};

/** What one turn (a run of the loop) has used, across every model it asked. */
export type RunUsage = { usage: Usage; ledger: UsageLedger };

export class UsageLedger {
  readonly models: Record<string, ModelUsageEntry> = {};
  /** Models with usage but no known price (their cost is not in the totals). */
  readonly unpriced = new Set<string>();

  add(model: string, usage: Usage, facts: ModelFacts | undefined): void {
    this.models[model] ??= {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
      webSearchRequests: 0,
      costUSD: 0,
      contextWindow: facts?.contextWindow ?? 0,
      maxOutputTokens: facts?.maxOutputTokens ?? 0,
    };
    const entry = this.models[model];
    entry.inputTokens += usage.input_tokens;
    entry.outputTokens += usage.output_tokens;
    entry.cacheReadInputTokens += usage.cache_read_input_tokens ?? 0;
    entry.cacheCreationInputTokens += usage.cache_creation_input_tokens ?? 0;
    entry.webSearchRequests += usage.server_tool_use?.web_search_requests ?? 0;
    const cost = facts?.cost(usage);
    if (cost === undefined) this.unpriced.add(model);
    else entry.costUSD += cost;
  }

  get totalCostUsd(): number {
    return Object.values(this.models).reduce((sum, entry) => sum + entry.costUSD, 0);
  }

  reset(): void {
    for (const key of Object.keys(this.models)) delete this.models[key];
    this.unpriced.clear();
  }
}

/** "$0.0123" style: four decimals under a dollar, two above. */
export function formatUsd(amount: number): string {
  return amount < 1 ? `$${amount.toFixed(4)}` : `$${amount.toFixed(2)}`;
}
