// What the fake model server knows about Anthropic model ids, the way the real API decides what a
// request may ask for: thinking forms (manual `enabled` with a budget, `adaptive`), effort levels,
// the output-token ceiling and the minimum cacheable prefix. Unknown model names (tests' "test-model")
// get a lenient profile that accepts every form.

export type AnthropicModelProfile = {
  known: boolean;
  enabledThinking: boolean;
  adaptiveThinking: boolean;
  /** Thinking runs when the request has no `thinking` field. */
  thinksByDefault: boolean;
  /** An explicit `thinking: {type: "disabled"}` is refused. */
  refusesDisabled: boolean;
  /** Raw thinking text is omitted unless `display: "summarized"` is asked for. */
  omitsThinkingText: boolean;
  effort: readonly string[];
  maxOutputTokens: number;
};

const lenient: AnthropicModelProfile = {
  known: false,
  enabledThinking: true,
  adaptiveThinking: true,
  thinksByDefault: false,
  refusesDisabled: false,
  omitsThinkingText: false,
  effort: ["low", "medium", "high", "xhigh", "max"],
  maxOutputTokens: 128_000,
};

function profile(fields: Partial<AnthropicModelProfile>): AnthropicModelProfile {
  return { ...lenient, known: true, ...fields };
}

export function anthropicModelProfile(model: string): AnthropicModelProfile {
  const id = model.toLowerCase();
  if (/claude-(fable|mythos)-/.test(id))
    return profile({
      enabledThinking: false,
      thinksByDefault: true,
      refusesDisabled: true,
      omitsThinkingText: true,
    });
  if (/claude-(opus-5|sonnet-5)/.test(id))
    return profile({ enabledThinking: false, thinksByDefault: true, omitsThinkingText: true });
  if (/claude-opus-4-[78]/.test(id)) return profile({ enabledThinking: false, omitsThinkingText: true });
  if (/claude-(opus|sonnet)-4-6/.test(id)) return profile({ effort: ["low", "medium", "high", "max"] });
  if (/claude-opus-4-5/.test(id))
    return profile({ adaptiveThinking: false, effort: ["low", "medium", "high"], maxOutputTokens: 64_000 });
  if (/claude-(opus-4-1|opus-4-0|opus-4-2025)/.test(id))
    return profile({ adaptiveThinking: false, effort: [], maxOutputTokens: 32_000 });
  if (/claude-(sonnet-4|haiku-4|3-7)/.test(id))
    return profile({ adaptiveThinking: false, effort: [], maxOutputTokens: 64_000 });
  return lenient;
}
