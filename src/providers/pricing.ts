// Prices of the common models in US dollars per million tokens (input, output, cache write, cache
// read), as the providers publish them, plus Anthropic's per-request price of its server-side web
// search, and the cost of a usage report. Settings `modelPricing`
// adds or overrides models; a model found nowhere has an unknown price (never a guessed one).
import type { ModelPrice, Usage } from "../model/index.js";

type Row = [pattern: RegExp, input: number, output: number, cacheWrite: number, cacheRead: number];

/** First match wins; ids are matched without provider prefixes (`anthropic/…`) and date suffixes. */
const TABLE: Row[] = [
  // Anthropic: cache writes (5-minute TTL) cost 1.25× input, cache reads 0.1×.
  [/^claude-(fable|mythos)-5-1/, 10, 50, 12.5, 0.25],
  [/^claude-(fable|mythos)-5/, 10, 50, 12.5, 1],
  [/^claude-opus-(5|4-[5-8])/, 5, 25, 6.25, 0.5],
  [/^claude-opus-4|^claude-3-opus/, 15, 75, 18.75, 1.5],
  [/^claude-(sonnet-(5|4)|3-7-sonnet|3-5-sonnet)/, 3, 15, 3.75, 0.3],
  [/^claude-haiku-4-5/, 1, 5, 1.25, 0.1],
  [/^claude-3-5-haiku/, 0.8, 4, 1, 0.08],
  [/^claude-3-haiku/, 0.25, 1.25, 0.3, 0.03],
  // OpenAI: automatic caching, no write premium; cached input at the listed discount. The pro models
  // (Responses API only) have no cached-input discount.
  [/^o1-pro/, 150, 600, 150, 150],
  [/^o3-pro/, 20, 80, 20, 20],
  [/^gpt-5(\.\d)?-pro/, 15, 120, 15, 15],
  [/^gpt-5(\.1)?-codex-mini/, 0.25, 2, 0.25, 0.025],
  [/^codex-mini/, 1.5, 6, 1.5, 0.375],
  [/^gpt-5-nano/, 0.05, 0.4, 0.05, 0.005],
  [/^gpt-5-mini/, 0.25, 2, 0.25, 0.025],
  [/^gpt-5(\.1)?(-|$)/, 1.25, 10, 1.25, 0.125],
  [/^gpt-4\.1-nano/, 0.1, 0.4, 0.1, 0.025],
  [/^gpt-4\.1-mini/, 0.4, 1.6, 0.4, 0.1],
  [/^gpt-4\.1/, 2, 8, 2, 0.5],
  [/^gpt-4o-mini/, 0.15, 0.6, 0.15, 0.075],
  [/^gpt-4o/, 2.5, 10, 2.5, 1.25],
  [/^o4-mini/, 1.1, 4.4, 1.1, 0.275],
  [/^o3-mini/, 1.1, 4.4, 1.1, 0.55],
  [/^o3/, 2, 8, 2, 0.5],
  [/^o1/, 15, 60, 15, 7.5],
  // DeepSeek (deepseek-chat / deepseek-reasoner are V4 Flash's two modes).
  [/^deepseek-v4-pro/, 0.435, 0.87, 0.435, 0.003625],
  [/^deepseek-(v4-flash|chat|reasoner)/, 0.14, 0.28, 0.14, 0.0028],
];

/** Anthropic bills its server-side web search at $10 per 1,000 searches, on every model. */
const ANTHROPIC_WEB_SEARCH = 0.01;

/** Without provider prefixes (`anthropic/…`), Bedrock's inference-profile prefix and version suffix
 *  (`us.anthropic.claude-sonnet-5` → `claude-sonnet-5`, `…-20250929-v1:0` → `…-20250929`). */
function normalise(model: string): string {
  return model
    .toLowerCase()
    .replace(/^.*\//, "")
    .replace(/^([a-z-]+\.)?anthropic\./, "")
    .replace(/-v\d+(:\d+)?$/, "");
}

/** The price of a model: settings first (exact id), then the table; undefined when unknown. */
export function modelPrice(
  model: string,
  overrides: Readonly<Record<string, ModelPrice>> = {},
): ModelPrice | undefined {
  const id = normalise(model);
  const webSearch = id.startsWith("claude-") ? ANTHROPIC_WEB_SEARCH : undefined;
  const override = overrides[model] ?? overrides[id];
  if (override)
    return {
      ...override,
      cacheWrite: override.cacheWrite ?? override.input,
      cacheRead: override.cacheRead ?? override.input,
      ...(override.webSearch === undefined && webSearch !== undefined ? { webSearch } : {}),
    };
  const row = TABLE.find(([pattern]) => pattern.test(id));
  if (!row) return undefined;
  const [, input, output, cacheWrite, cacheRead] = row;
  return { input, output, cacheWrite, cacheRead, ...(webSearch !== undefined ? { webSearch } : {}) };
}

/** US dollars for one usage report at a price. */
export function usageCost(usage: Usage, price: ModelPrice): number {
  const million = 1_000_000;
  return (
    (usage.input_tokens * price.input +
      usage.output_tokens * price.output +
      (usage.cache_creation_input_tokens ?? 0) * (price.cacheWrite ?? price.input) +
      (usage.cache_read_input_tokens ?? 0) * (price.cacheRead ?? price.input)) /
      million +
    (usage.server_tool_use?.web_search_requests ?? 0) * (price.webSearch ?? 0)
  );
}
