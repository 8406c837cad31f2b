// Prompt-cache emulation for the fake model server, following the providers' documented rules.
// A request is a chain of units (a tool, a system block, a message content block); each unit has a
// token count and a chained hash of everything up to it, so equal hashes mean byte-equal prefixes.
// Anthropic: a cache_control breakpoint writes its prefix (when it has at least `minTokens`); a later
// request reads the longest cached prefix found at one of its breakpoints or up to 20 units before it.
// OpenAI-compatible servers cache automatically: the longest previously seen prefix, from 1,024
// tokens on, in 128-token steps (`cached_tokens`).
import { createHash } from "node:crypto";

export type CacheUnit = { hash: string; tokens: number };

export const ANTHROPIC_LOOKBACK_BLOCKS = 20;
export const DEFAULT_MIN_CACHE_TOKENS = 1024;
const AUTOMATIC_STEP_TOKENS = 128;
const TTL_MS = 5 * 60_000;

/** Token estimate of one unit: JSON characters / 4, the same rule the whole fake server uses. */
export function unitTokens(value: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(value ?? "").length / 4));
}

/** Chains `parts` into units: each hash covers the unit and every unit before it. */
export function chainUnits(seed: string, parts: Array<{ key: unknown; tokens: number }>): CacheUnit[] {
  let previous = createHash("sha256").update(seed).digest("hex");
  return parts.map((part) => {
    previous = createHash("sha256").update(previous).update(JSON.stringify(part.key)).digest("hex");
    return { hash: previous, tokens: part.tokens };
  });
}

export type AnthropicCacheUsage = {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
};

/** `items[index]`; a breakpoint outside the request's units is a bug of the caller. */
function itemAt<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined)
    throw new Error(`cache unit ${index} is outside the request's ${items.length} units`);
  return item;
}

export class PromptCache {
  private readonly entries = new Map<string, number>();

  constructor(
    private readonly minTokens = DEFAULT_MIN_CACHE_TOKENS,
    private readonly now: () => number = Date.now,
  ) {}

  private alive(hash: string): boolean {
    const expires = this.entries.get(hash);
    if (expires === undefined) return false;
    if (expires < this.now()) {
      this.entries.delete(hash);
      return false;
    }
    return true;
  }

  private touch(hash: string): void {
    this.entries.set(hash, this.now() + TTL_MS);
  }

  /** Anthropic's explicit cache: `breakpoints` are unit indexes carrying cache_control. */
  anthropic(units: CacheUnit[], breakpoints: number[], minTokens = this.minTokens): AnthropicCacheUsage {
    const prefixTokens: number[] = [];
    let sum = 0;
    for (const unit of units) {
      sum += unit.tokens;
      prefixTokens.push(sum);
    }
    const total = sum;
    let hit = -1;
    for (const breakpoint of breakpoints) {
      for (let index = breakpoint; index >= Math.max(0, breakpoint - ANTHROPIC_LOOKBACK_BLOCKS); index--) {
        if (index > hit && this.alive(itemAt(units, index).hash)) {
          hit = index;
          break;
        }
      }
    }
    if (hit >= 0) this.touch(itemAt(units, hit).hash);
    const read = hit >= 0 ? itemAt(prefixTokens, hit) : 0;
    let written = read;
    for (const breakpoint of [...breakpoints].sort((a, b) => a - b)) {
      if (breakpoint <= hit || itemAt(prefixTokens, breakpoint) < minTokens) continue;
      this.touch(itemAt(units, breakpoint).hash);
      written = itemAt(prefixTokens, breakpoint);
    }
    return {
      input_tokens: total - written,
      cache_creation_input_tokens: written - read,
      cache_read_input_tokens: read,
    };
  }

  /** Automatic prefix caching (OpenAI, DeepSeek, vLLM): returns the cached prompt tokens. */
  automatic(units: CacheUnit[]): number {
    let cached = 0;
    let sum = 0;
    for (const unit of units) {
      sum += unit.tokens;
      if (!this.alive(unit.hash)) break;
      cached = sum;
    }
    // A prompt of 1,024+ tokens is cached; each of its prefixes can be reused.
    const total = units.reduce((all, unit) => all + unit.tokens, 0);
    if (total >= this.minTokens) for (const unit of units) this.touch(unit.hash);
    if (cached < this.minTokens) return 0;
    return cached - (cached % AUTOMATIC_STEP_TOKENS);
  }
}
