// Today's spend across every session of the user, read from the usage ledger: the new lines since the
// last look are added (the month file only grows), and a new local day starts the count again.
import { type LedgerEntry, ledgerFile, localDay, readEntriesFrom } from "./usage-ledger-file.js";

export class DailySpend {
  private day = "";
  private file = "";
  private offset = 0;
  private total = 0;
  private readonly models = new Map<string, number>();

  constructor(private readonly dir: string) {}

  /** Today's totals (US dollars, priced requests only), overall and per model. */
  today(now: Date): { day: string; totalUsd: number; modelUsd: ReadonlyMap<string, number> } {
    const day = localDay(now);
    const file = ledgerFile(this.dir, now);
    if (day !== this.day || file !== this.file) this.restart(day, file);
    try {
      const read = readEntriesFrom(this.file, this.offset);
      if (read.restarted) this.restart(day, file);
      this.offset = read.offset;
      for (const entry of read.entries) this.add(entry);
      this.readError = undefined;
    } catch (error) {
      this.readError = `${this.file}: ${(error as Error).message}`;
    }
    return { day, totalUsd: this.total, modelUsd: this.models };
  }

  /** Why the last look at the ledger failed (the totals are then those of the look before). */
  readError: string | undefined;

  private restart(day: string, file: string): void {
    this.day = day;
    this.file = file;
    this.offset = 0;
    this.total = 0;
    this.models.clear();
  }

  private add(entry: LedgerEntry): void {
    if (entry.cost_usd === null || localDay(new Date(entry.ts)) !== this.day) return;
    this.total += entry.cost_usd;
    this.models.set(entry.model, (this.models.get(entry.model) ?? 0) + entry.cost_usd);
  }
}
