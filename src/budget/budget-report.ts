// `/budget` and the status line's budget part: each cap in force with its spend, and the models whose
// cost cannot be counted. Pure text over a SpendGuard.
import { formatUsd } from "../session/index.js";
import { capLabel, type SpendGuard, type Standing } from "./spend-guard.js";

const percent = (standing: Standing) => Math.floor((standing.spentUsd / standing.cap.usd) * 100);

export function budgetReport(guard: SpendGuard): string {
  const standings = guard.standings();
  const lines =
    standings.length === 0
      ? [
          "No spend caps set (settings budget.sessionUsd, budget.dailyUsd, budget.perModelUsd; --max-budget-usd; /budget session|daily <usd>).",
        ]
      : standings.map(
          (standing) =>
            `${capLabel(standing)}: ${formatUsd(standing.spentUsd)} of ${formatUsd(standing.cap.usd)} (${percent(standing)}%, ${standing.cap.source})`,
        );
  lines.push(
    `This session: ${formatUsd(guard.totalCostUsd)}; today across sessions: ${formatUsd(guard.today().totalUsd)}`,
  );
  if (guard.unpriced.size > 0)
    lines.push(
      `Not counted (unknown price): ${[...guard.unpriced].join(", ")}; name them in modelPricing in settings`,
    );
  return lines.join("\n");
}

/** The cap nearest to its limit once it is at 80% or more, e.g. `$0.85/$1.00 session`. */
export function budgetStatus(guard: SpendGuard, model: string): string | undefined {
  const nearest = guard
    .standings(model)
    .filter((standing) => standing.spentUsd >= standing.cap.usd * 0.8)
    .sort((a, b) => b.spentUsd / b.cap.usd - a.spentUsd / a.cap.usd)[0];
  if (!nearest) return undefined;
  const name = nearest.kind === "session" ? "session" : nearest.kind === "daily" ? "today" : nearest.model;
  return `${formatUsd(nearest.spentUsd)}/${formatUsd(nearest.cap.usd)} ${name}`;
}
