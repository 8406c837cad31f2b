// The `budget` settings object (spend caps in US dollars) and how its layers combine: every cap is the
// lowest any layer sets, so a folder's files can lower the user's caps but never raise them. Keys are
// checked strictly (a typo such as `dailyUSD` is an error naming the file and the key).
import { z } from "zod";

const usd = z.number().positive();

export const budgetSchema = z.strictObject({
  /** A cap for one session (all its turns, subagents and side requests); `--max-budget-usd` replaces it. */
  sessionUsd: usd.optional(),
  /** A cap for the local day across every session of the user (the usage ledger in reagent's state home). */
  dailyUsd: usd.optional(),
  /** A cap per model id for the local day across every session. */
  perModelUsd: z.record(z.string().min(1), usd).optional(),
});

type BudgetSettingsData = z.infer<typeof budgetSchema>;

/** The merged caps, each with the settings file it came from. */
export type BudgetSettings = {
  sessionUsd?: { usd: number; source: string };
  dailyUsd?: { usd: number; source: string };
  perModelUsd: Record<string, { usd: number; source: string }>;
};

type Capped = { usd: number; source: string } | undefined;
const lower = (current: Capped, usd: number | undefined, source: string): Capped =>
  usd === undefined || (current && current.usd <= usd) ? current : { usd, source };

export function mergeBudgetSettings(
  layers: ReadonlyArray<{ source: string; budget?: BudgetSettingsData }>,
): BudgetSettings {
  const merged: BudgetSettings = { perModelUsd: {} };
  for (const { source, budget } of layers) {
    if (!budget) continue;
    const session = lower(merged.sessionUsd, budget.sessionUsd, source);
    const daily = lower(merged.dailyUsd, budget.dailyUsd, source);
    if (session) merged.sessionUsd = session;
    if (daily) merged.dailyUsd = daily;
    for (const [model, usd] of Object.entries(budget.perModelUsd ?? {})) {
      const capped = lower(merged.perModelUsd[model], usd, source);
      if (capped) merged.perModelUsd[model] = capped;
    }
  }
  return merged;
}
