// `reagent cost [--since DATE]`: the usage ledger summed per local day, then per model and project,
// with token counters, request counts and dollars; requests of models with an unknown price are
// counted and said so, never priced.
import { formatUsd } from "../session/index.js";
import { type LedgerEntry, localDay } from "./usage-ledger-file.js";

type Row = {
  model: string;
  project: string;
  requests: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  costUsd: number;
  unpriced: number;
};

export function ledgerReport(
  entries: readonly LedgerEntry[],
  options: { since?: string; showPath: (path: string) => string },
): string {
  const days = new Map<string, Map<string, Row>>();
  for (const entry of entries) {
    const day = localDay(new Date(entry.ts));
    if (options.since && day < options.since) continue;
    const rows = days.get(day) ?? new Map<string, Row>();
    days.set(day, rows);
    const key = `${entry.model}\0${entry.project}`;
    const row = rows.get(key) ?? {
      model: entry.model,
      project: entry.project,
      requests: 0,
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      costUsd: 0,
      unpriced: 0,
    };
    rows.set(key, row);
    row.requests++;
    row.input += entry.input_tokens ?? 0;
    row.output += entry.output_tokens ?? 0;
    row.cacheRead += entry.cache_read_input_tokens ?? 0;
    row.cacheWrite += entry.cache_creation_input_tokens ?? 0;
    if (entry.cost_usd === null) row.unpriced++;
    else row.costUsd += entry.cost_usd;
  }
  const scope = options.since ? ` since ${options.since}` : "";
  if (days.size === 0) return `No model requests in the usage ledger${scope}.`;
  const lines: string[] = [];
  let total = 0;
  let requests = 0;
  for (const [day, dayRows] of [...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const rows = [...dayRows.values()].sort((a, b) => b.costUsd - a.costUsd);
    const width = Math.max(...rows.map((row) => row.model.length));
    const dayTotal = rows.reduce((sum, row) => sum + row.costUsd, 0);
    total += dayTotal;
    lines.push(`${day}  ${formatUsd(dayTotal)}`);
    for (const row of rows) {
      requests += row.requests;
      const cost = row.unpriced === row.requests ? "unknown price" : formatUsd(row.costUsd);
      const partly = row.unpriced > 0 && row.unpriced < row.requests ? ` (+${row.unpriced} unpriced)` : "";
      lines.push(
        `  ${row.model.padEnd(width)}  ${options.showPath(row.project)}  ${row.requests} request${row.requests === 1 ? "" : "s"}, ` +
          `${row.input} input, ${row.cacheWrite} cache write, ${row.cacheRead} cache read, ${row.output} output tokens · ${cost}${partly}`,
      );
    }
  }
  lines.push(`Total${scope}: ${formatUsd(total)} over ${requests} request${requests === 1 ? "" : "s"}`);
  return lines.join("\n");
}
