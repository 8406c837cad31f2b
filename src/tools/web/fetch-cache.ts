// A small time-limited cache of fetched pages, keyed by the URL as the model gave it (normalised):
// a second WebFetch of the same URL within 15 minutes, with any prompt, reuses the page without a
// request. Bounded in entries and bytes; the oldest entries go first. The clock is passed in.

type CacheOptions = { ttlMs: number; maxEntries: number; maxBytes: number; now: () => number };

export const FETCH_CACHE_TTL_MS = 15 * 60 * 1000;

export class FetchCache<Value> {
  private readonly entries = new Map<string, { at: number; bytes: number; value: Value }>();
  private bytes = 0;

  constructor(private readonly options: CacheOptions) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.options.now() - entry.at >= this.options.ttlMs) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: Value, bytes: number): void {
    if (bytes > this.options.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { at: this.options.now(), bytes, value });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}
