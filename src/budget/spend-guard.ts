// Spend caps for one session: counts every request the session makes (subagents and side requests
// included) into its own totals and the user's usage ledger, warns once at 80% and once at 95% of each
// cap, and gives the reason to stop before the next request once a cap is reached (the session, the
// local day across all sessions, a model's share of the day). A model without a known price is said
// to be outside the caps, never counted as free. It decides nothing about turns; the session asks it.
import type { SideUsage, Usage } from "../model/index.js";
import { addUsage } from "../model/index.js";
import { formatUsd } from "../session/index.js";
import { DailySpend } from "./daily-spend.js";
import { appendEntry } from "./usage-ledger-file.js";

/** A cap in US dollars and where it was set (`--max-budget-usd`, a settings file, `/budget`). */
type Cap = { usd: number; source: string };
export type SpendCaps = { session?: Cap; daily?: Cap; perModel: Record<string, Cap> };
type CapKind = "session" | "daily" | "model";

type SpendGuardOptions = {
  caps: SpendCaps;
  /** The usage ledger's folder; absent, or when it cannot be written, daily caps count this session only. */
  ledgerDir?: string;
  sessionId: string;
  project: string;
  /** US dollars for one request's usage; undefined when the model's price is unknown. */
  cost(model: string, usage: Usage): number | undefined;
  warn(message: string): void;
  /** A person can type `/budget` here (the stop message says how to go on accordingly). */
  interactive: boolean;
  now?: () => Date;
};

/** One cap and what has been spent against it. */
export type Standing = { kind: CapKind; model?: string; spentUsd: number; cap: Cap };

const LEVELS = [0.8, 0.95] as const;

export class SpendGuard {
  /** The session's running usage and cost (priced requests only) since it started; /clear keeps them. */
  readonly usage: Usage = { input_tokens: 0, output_tokens: 0 };
  totalCostUsd = 0;
  readonly unpriced = new Set<string>();
  private readonly caps: SpendCaps;
  private readonly daily: DailySpend | undefined;
  /** This session's cost that is not in the ledger (no ledger, or a write failed): total and per model. */
  private unwritten = 0;
  private readonly unwrittenModels = new Map<string, number>();
  private ledgerFailed = false;
  private readFailed = false;
  /** This session's cost per model (the daily count when the ledger cannot be read). */
  private readonly sessionModels = new Map<string, number>();
  private readonly warned = new Map<string, number>();
  private readonly unpricedSaid = new Set<string>();
  private readonly now: () => Date;

  constructor(private readonly options: SpendGuardOptions) {
    this.caps = { ...options.caps, perModel: { ...options.caps.perModel } };
    this.daily = options.ledgerDir ? new DailySpend(options.ledgerDir) : undefined;
    this.now = options.now ?? (() => new Date());
  }

  get hasCaps(): boolean {
    return Boolean(this.caps.session || this.caps.daily || Object.keys(this.caps.perModel).length > 0);
  }

  /** Counts one request: the session's totals, a ledger line, then the warnings it crossed. */
  record(spent: SideUsage): void {
    const cost = this.options.cost(spent.model, spent.usage);
    addUsage(this.usage, spent.usage);
    if (cost === undefined) {
      this.unpriced.add(spent.model);
      this.checkPrice(spent.model);
    } else {
      this.totalCostUsd += cost;
      this.sessionModels.set(spent.model, (this.sessionModels.get(spent.model) ?? 0) + cost);
    }
    this.write(spent, cost);
    this.warnCrossed(this.standings(spent.model));
  }

  /** Said once per model when a cap is set and its price is unknown (at start-up for the first model). */
  checkPrice(model: string): void {
    if (!this.hasCaps || this.unpricedSaid.has(model) || this.options.cost(model, ZERO) !== undefined) return;
    this.unpricedSaid.add(model);
    this.options.warn(
      `no price is known for ${model}: its cost cannot be counted, so the spend caps cannot be enforced for it (name it in modelPricing in settings)`,
    );
  }

  /** The reason not to send the next request of `model`, once a cap is reached. */
  exceeded(model: string): string | undefined {
    const standings = this.standings(model);
    this.warnCrossed(standings);
    const over = standings.find((standing) => standing.spentUsd >= standing.cap.usd);
    return over ? this.stopMessage(over) : undefined;
  }

  /** `/budget session|daily USD` and `/budget model ID USD`: a new cap for the rest of this session. */
  setCap(kind: CapKind, usd: number, model?: string): void {
    const cap = { usd, source: "/budget" };
    if (kind === "model" && model) this.caps.perModel[model] = cap;
    else if (kind === "session") this.caps.session = cap;
    else if (kind === "daily") this.caps.daily = cap;
    this.warned.delete(keyOf({ kind, model }));
  }

  /** Every cap in force with its spend: the session's, the day's, and each capped model's today. */
  standings(model?: string): Standing[] {
    const today = this.today();
    const list: Standing[] = [];
    if (this.caps.session)
      list.push({ kind: "session", spentUsd: this.totalCostUsd, cap: this.caps.session });
    if (this.caps.daily) list.push({ kind: "daily", spentUsd: today.totalUsd, cap: this.caps.daily });
    for (const [name, cap] of Object.entries(this.caps.perModel))
      if (model === undefined || name === model)
        list.push({ kind: "model", model: name, spentUsd: today.modelUsd.get(name) ?? 0, cap });
    return list;
  }

  /** Today's spend across sessions from the ledger, plus whatever of this session it could not take;
   *  a ledger that cannot be read counts this session alone (said once). */
  today(): { totalUsd: number; modelUsd: ReadonlyMap<string, number> } {
    const read = this.daily?.today(this.now());
    if (this.daily?.readError) {
      if (!this.readFailed)
        this.options.warn(
          `could not read the usage ledger (${this.daily.readError}): the daily caps count only this session's spend`,
        );
      this.readFailed = true;
      return { totalUsd: this.totalCostUsd, modelUsd: this.sessionModels };
    }
    if (this.unwritten === 0) return read ?? { totalUsd: 0, modelUsd: new Map() };
    const modelUsd = new Map(read?.modelUsd ?? []);
    for (const [name, usd] of this.unwrittenModels) modelUsd.set(name, (modelUsd.get(name) ?? 0) + usd);
    return { totalUsd: (read?.totalUsd ?? 0) + this.unwritten, modelUsd };
  }

  private write(spent: SideUsage, cost: number | undefined): void {
    const dir = this.options.ledgerDir;
    if (dir && !this.ledgerFailed) {
      try {
        appendEntry(dir, {
          ts: this.now().toISOString(),
          session: this.options.sessionId,
          project: this.options.project,
          model: spent.model,
          input_tokens: spent.usage.input_tokens,
          output_tokens: spent.usage.output_tokens,
          cache_read_input_tokens: spent.usage.cache_read_input_tokens ?? 0,
          cache_creation_input_tokens: spent.usage.cache_creation_input_tokens ?? 0,
          cost_usd: cost ?? null,
        });
        return;
      } catch (error) {
        this.ledgerFailed = true;
        this.options.warn(
          `could not write the usage ledger in ${dir} (${(error as Error).message}): reagent cost misses this session, and the daily caps count only its own spend`,
        );
      }
    }
    if (cost === undefined) return;
    this.unwritten += cost;
    this.unwrittenModels.set(spent.model, (this.unwrittenModels.get(spent.model) ?? 0) + cost);
  }

  private warnCrossed(standings: readonly Standing[]): void {
    for (const standing of standings) {
      const key = keyOf(standing);
      const ratio = standing.spentUsd / standing.cap.usd;
      const level = ratio >= 1 ? LEVELS.length + 1 : LEVELS.filter((at) => ratio >= at).length;
      if (level <= (this.warned.get(key) ?? 0)) continue;
      this.warned.set(key, level);
      const crossed = LEVELS[level - 1];
      if (crossed === undefined) continue;
      this.options.warn(
        `budget: ${Math.floor(crossed * 100)}% of ${capLabel(standing)} used (${formatUsd(standing.spentUsd)} of ${formatUsd(standing.cap.usd)}, ${setting(standing)})`,
      );
    }
  }

  private stopMessage(standing: Standing): string {
    const spent = formatUsd(standing.spentUsd);
    const cap = `${formatUsd(standing.cap.usd)} (${setting(standing)})`;
    const { interactive } = this.options;
    switch (standing.kind) {
      case "session":
        return `Stopped: this session has cost ${spent}, reaching its cap of ${cap}. ${
          interactive
            ? "To go on, raise it for this session with /budget session <usd>."
            : "To go on, run again with a higher --max-budget-usd or budget.sessionUsd."
        }`;
      case "daily":
        return `Stopped: today's spend across all sessions is ${spent}, reaching the daily cap of ${cap}. ${
          interactive
            ? "To go on, raise it for this session with /budget daily <usd>, raise budget.dailyUsd in settings, or wait until tomorrow."
            : "To go on, raise budget.dailyUsd in settings or wait until tomorrow."
        }`;
      case "model":
        return `Stopped: today's spend on ${standing.model} is ${spent}, reaching its cap of ${cap}. ${
          interactive
            ? `To go on, switch models with /model, raise it for this session with /budget model ${standing.model} <usd>, or raise it in settings.`
            : "To go on, use another --model or raise budget.perModelUsd in settings."
        }`;
    }
  }
}

const ZERO: Usage = { input_tokens: 0, output_tokens: 0 };

const keyOf = (standing: { kind: CapKind; model?: string }) =>
  standing.kind === "model" ? `model:${standing.model}` : standing.kind;

export function capLabel(standing: Pick<Standing, "kind" | "model">): string {
  return standing.kind === "session"
    ? "the session cap"
    : standing.kind === "daily"
      ? "today's cap across sessions"
      : `today's cap for ${standing.model}`;
}

/** The setting (or flag) that set the cap, with the file it is in. */
function setting(standing: Standing): string {
  const { source } = standing.cap;
  if (source === "--max-budget-usd" || source === "/budget") return source;
  const name =
    standing.kind === "session"
      ? "budget.sessionUsd"
      : standing.kind === "daily"
        ? "budget.dailyUsd"
        : `budget.perModelUsd["${standing.model}"]`;
  return `${name} in ${source}`;
}
