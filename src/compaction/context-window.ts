// Context window sizes (in tokens) for common model names, as commonly documented by their
// providers, plus the user override (settings `contextWindow`, `CONTEXT_WINDOW_TOKENS`) that the
// config layer resolves and passes in. Unknown models get DEFAULT_CONTEXT_WINDOW.

export const DEFAULT_CONTEXT_WINDOW = 128_000;

/** First match wins, so more specific patterns come first. Names are matched lower-cased, after
 *  dropping a `provider/` prefix (OpenRouter, Bedrock-style ids keep working). */
const WINDOW_TABLE: ReadonlyArray<readonly [RegExp, number]> = [
  // Anthropic: 200k for Claude 3.x / 4.x; 1M only when the 1M variant is named explicitly.
  [/claude.*(\[1m\]|[-_:]1m\b|1m-context|context-1m)/, 1_000_000],
  [/claude-(instant|2)/, 100_000],
  [/claude/, 200_000],
  // OpenAI.
  [/gpt-4\.1/, 1_047_576],
  [/gpt-5(\.\d+)?-chat/, 128_000],
  [/gpt-5/, 400_000],
  [/gpt-4o/, 128_000],
  [/gpt-4-turbo|gpt-4-\d{4}-preview|gpt-4-vision/, 128_000],
  [/gpt-4-32k/, 32_768],
  [/gpt-4(?![.\w])/, 8_192],
  [/gpt-3\.5-turbo/, 16_385],
  [/gpt-oss/, 131_072],
  [/(^|[^\w])o1-(mini|preview)/, 128_000],
  [/(^|[^\w])o[134](-|$)/, 200_000],
  [/codex-mini/, 200_000],
  // DeepSeek (the current API serves 128k for both; older V3 endpoints served 64k).
  [/deepseek-(chat|reasoner)/, 128_000],
  [/deepseek-coder-v2/, 163_840],
  [/deepseek-(r1|v3)/, 131_072],
  // Qwen.
  [/qwen3-coder/, 262_144],
  [/qwen3/, 40_960],
  [/qwen2\.5/, 32_768],
  [/qwq/, 131_072],
  // Meta Llama.
  [/llama-?3\.[1-3]|llama-?4/, 131_072],
  [/llama-?3/, 8_192],
  // Mistral.
  [/codestral/, 256_000],
  [/devstral|mistral-(large|medium|small)|ministral|pixtral/, 131_072],
  [/mixtral|mistral/, 32_768],
  // Google.
  [/gemini-1\.5-pro/, 2_097_152],
  [/gemini/, 1_048_576],
  [/gemma-?3/, 131_072],
  [/gemma/, 8_192],
  // Others seen behind OpenAI-compatible endpoints.
  [/grok-(4|code)/, 256_000],
  [/grok/, 131_072],
  [/kimi-k2/, 131_072],
  [/glm-4\.[56]/, 131_072],
  [/phi-?4/, 16_384],
];

/** The context window for `model`: a positive `override` wins, then the table, then the default. */
export function contextWindowFor(model: string, override?: number): number {
  if (override !== undefined && Number.isFinite(override) && override > 0) return Math.floor(override);
  return lookupContextWindow(model) ?? DEFAULT_CONTEXT_WINDOW;
}

/** The table entry for `model`, or undefined when the name is not recognised. */
export function lookupContextWindow(model: string): number | undefined {
  const lower = model.trim().toLowerCase();
  const name = lower.slice(lower.lastIndexOf("/") + 1);
  for (const [pattern, tokens] of WINDOW_TABLE) {
    if (pattern.test(name)) return tokens;
  }
  return undefined;
}
