// The session's spend guard and live usage, built before the hooks (their payloads carry the live
// usage) and the session (it asks the guard before each request): the caps from `--max-budget-usd`
// and settings `budget`, the user's usage ledger in reagent's state home, and the event stream they
// follow (every counted request, the context window's fill).
import { join } from "node:path";
import { LiveUsage, type SpendCaps, SpendGuard } from "../budget/index.js";
import type { Usage } from "../model/index.js";
import type { SessionEvents } from "../session/index.js";
import type { Basics } from "./app.js";
import type { RunOptions } from "./run-options.js";
import { reagentStateDir } from "./state-home.js";

export type Spending = { guard: SpendGuard; live: LiveUsage };

/** Where the usage ledger's month files are. */
export function usageLedgerDir(env: Basics["env"]): string {
  return join(reagentStateDir(env), "usage");
}

export function createSpending(parts: {
  basics: Basics;
  options: Pick<RunOptions, "maxBudgetUsd">;
  sessionId: string;
  events: SessionEvents;
  interactive: boolean;
  model: () => string;
  window: () => number;
  cost: (model: string, usage: Usage) => number | undefined;
}): Spending {
  const { settings, env, cwd } = parts.basics;
  const budget = settings.merged.budget;
  const flag = parts.options.maxBudgetUsd;
  const caps: SpendCaps = {
    ...(flag !== undefined
      ? { session: { usd: flag, source: "--max-budget-usd" } }
      : budget.sessionUsd
        ? { session: budget.sessionUsd }
        : {}),
    ...(budget.dailyUsd ? { daily: budget.dailyUsd } : {}),
    perModel: budget.perModelUsd,
  };
  const { events } = parts;
  const guard = new SpendGuard({
    caps,
    ledgerDir: usageLedgerDir(env),
    sessionId: parts.sessionId,
    project: cwd,
    cost: parts.cost,
    warn: (message) => events.emit({ type: "warning", message }),
    interactive: parts.interactive,
  });
  const live = new LiveUsage(guard, parts.window);
  events.subscribe((event) => {
    if (event.type === "usage-counted") guard.record(event.spent);
    live.observe(event);
  });
  guard.checkPrice(parts.model());
  return { guard, live };
}
