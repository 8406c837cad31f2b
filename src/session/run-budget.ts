// `--max-budget-usd` for one run: the reason to stop before the next request once the run's cost
// reached the cap, and a single warning when a model's price is unknown (its cost cannot be counted).
import type { Usage } from "../model/types.js";
import { formatUsd, type UsageLedger } from "./usage-ledger.js";

/** What one turn (a run of the loop) has used, across every model it asked. */
export type RunUsage = { usage: Usage; ledger: UsageLedger };

export class RunBudget {
  private warned = false;

  constructor(private readonly limitUsd: number | undefined) {}

  exceeded(ledger: UsageLedger, warn: (message: string) => void): string | undefined {
    const limit = this.limitUsd;
    if (limit === undefined) return undefined;
    if (ledger.unpriced.size > 0 && !this.warned) {
      this.warned = true;
      warn(
        `no price is known for ${[...ledger.unpriced].join(", ")}: --max-budget-usd cannot count its cost (add it to modelPricing in settings)`,
      );
    }
    const spent = ledger.totalCostUsd;
    if (spent < limit) return undefined;
    return `Stopped: the run cost ${formatUsd(spent)}, reaching --max-budget-usd ${formatUsd(limit)}.`;
  }
}
