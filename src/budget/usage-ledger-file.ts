// The usage ledger every session of the user appends to: one JSON line per priced request in a file
// per local month (`<state home>/usage/YYYY-MM.jsonl`). Lines are appended with O_APPEND in one write
// each, so parallel sessions never interleave; readers take whole lines only and skip bad ones.
import { appendFileSync, closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { ensureFolderSync } from "../util/index.js";

export type LedgerEntry = {
  /** When the request was counted (ISO time); its local day is what daily caps and `reagent cost` sum. */
  ts: string;
  session: string;
  project: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  /** US dollars; null when the model's price is unknown (never guessed). */
  cost_usd: number | null;
};

const pad = (value: number) => String(value).padStart(2, "0");

/** `YYYY-MM-DD` in the machine's local time zone. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function ledgerFile(dir: string, date: Date): string {
  return join(dir, `${localDay(date).slice(0, 7)}.jsonl`);
}

/** Appends one entry to the file of its month (the folder made on first use, private to the user). */
export function appendEntry(dir: string, entry: LedgerEntry): void {
  ensureFolderSync(dir, 0o700);
  appendFileSync(ledgerFile(dir, new Date(entry.ts)), `${JSON.stringify(entry)}\n`, { mode: 0o600 });
}

function parse(line: string): LedgerEntry | undefined {
  try {
    const entry = JSON.parse(line) as Partial<LedgerEntry>;
    if (typeof entry.ts !== "string" || typeof entry.model !== "string") return undefined;
    if (entry.cost_usd !== null && typeof entry.cost_usd !== "number") return undefined;
    return entry as LedgerEntry;
  } catch {
    return undefined;
  }
}

/** The whole lines of `path` after byte `offset`, and the offset after the last whole line read; a file
 *  shorter than `offset` (replaced by hand) is read from its start, `restarted` saying so. */
export function readEntriesFrom(
  path: string,
  from: number,
): { entries: LedgerEntry[]; offset: number; restarted: boolean } {
  const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  const restarted = size < from;
  const offset = restarted ? 0 : from;
  if (size <= offset) return { entries: [], offset, restarted };
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(path, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  const end = buffer.lastIndexOf(0x0a);
  if (end < 0) return { entries: [], offset, restarted };
  const entries = buffer
    .subarray(0, end)
    .toString("utf8")
    .split("\n")
    .flatMap((line) => {
      const entry = line.trim() ? parse(line) : undefined;
      return entry ? [entry] : [];
    });
  return { entries, offset: offset + end + 1, restarted };
}

/** Every entry of the month files from `since`'s month on (all files without `since`). */
export function readLedger(dir: string, since?: string): LedgerEntry[] {
  const months = (() => {
    try {
      return readdirSync(dir).filter((name) => /^\d{4}-\d{2}\.jsonl$/.test(name));
    } catch {
      return [];
    }
  })().sort();
  return months
    .filter((name) => !since || name.slice(0, 7) >= since.slice(0, 7))
    .flatMap((name) => readEntriesFrom(join(dir, name), 0).entries);
}
