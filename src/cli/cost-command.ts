// `reagent cost [--since DATE]`: the user's usage ledger (every session's requests) per local day,
// model and project.
import { type AppPorts, usageLedgerDir } from "../app/index.js";
import { ledgerReport, readLedger } from "../budget/index.js";
import { readEnv } from "../config/index.js";
import { UsageError } from "../util/index.js";

export async function costCommand(raw: { since?: string }, ports: AppPorts): Promise<number> {
  const since = raw.since;
  if (since !== undefined && !validDay(since))
    throw new UsageError(`--since ${since}: expected a date as YYYY-MM-DD, e.g. --since 2026-01-31`);
  const env = readEnv(ports.env as NodeJS.ProcessEnv, ports.accountHome);
  const dir = usageLedgerDir(env);
  const home = env.homeDir;
  const showPath = (path: string) =>
    path === home ? "~" : path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
  const entries = readLedger(dir, since);
  process.stdout.write(`${ledgerReport(entries, { since, showPath })}\n`);
  if (entries.length === 0) process.stdout.write(`(usage ledger: ${showPath(dir)})\n`);
  return 0;
}

function validDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getMonth() === Number(match[2]) - 1 && date.getDate() === Number(match[3]);
}
