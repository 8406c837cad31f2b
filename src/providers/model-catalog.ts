// What reagent knows about model ids: `--model` aliases, the ids /model offers, and per model the
// thinking forms the API takes (manual `enabled` with a budget, `adaptive` + effort), effort levels,
// output ceiling and whether it reads images. Facts as documented by the providers; unknown ids get cautious defaults
// (no thinking parameters, 8,192 output tokens). Pure data and lookups.

export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  opus: "claude-opus-5",
  sonnet: "claude-sonnet-5",
  haiku: "claude-haiku-4-5",
};

/** Model ids offered by the REPL's /model picker per provider (any other id can still be typed). */
export const KNOWN_MODELS: Readonly<Record<string, readonly string[]>> = {
  anthropic: [
    "claude-opus-5",
    "claude-sonnet-5",
    "claude-haiku-4-5",
    "claude-opus-4-8",
    "claude-opus-4-7",
    "claude-opus-4-6",
    "claude-sonnet-4-6",
    "claude-opus-4-5",
    "claude-sonnet-4-5",
  ],
  openai: [
    "gpt-5",
    "gpt-5-mini",
    "gpt-5-nano",
    "gpt-4.1",
    "gpt-4.1-mini",
    "gpt-4.1-nano",
    "gpt-4o",
    "o3",
    "o4-mini",
  ],
  deepseek: ["deepseek-chat", "deepseek-reasoner", "deepseek-v4-pro"],
};

/** `sonnet` → the current Sonnet id; anything else unchanged. */
export function resolveModelAlias(name: string): string {
  return MODEL_ALIASES[name.trim().toLowerCase()] ?? name;
}

export const EFFORT_LEVELS = ["low", "medium", "high", "max"] as const;
export type Effort = (typeof EFFORT_LEVELS)[number];

export type AnthropicModelFacts = {
  known: boolean;
  /** `thinking: {type: "enabled", budget_tokens}` is accepted. */
  manualThinking: boolean;
  /** `thinking: {type: "adaptive"}` is accepted. */
  adaptiveThinking: boolean;
  /** Thinks when the request has no `thinking` field; `disabled` may be refused. */
  thinksByDefault: boolean;
  refusesDisabledThinking: boolean;
  /** The raw thinking text is omitted unless `display: "summarized"` is asked for. */
  omitsThinkingText: boolean;
  effortLevels: readonly string[];
  maxOutputTokens: number;
};

const unknownAnthropic: AnthropicModelFacts = {
  known: false,
  manualThinking: true,
  adaptiveThinking: false,
  thinksByDefault: false,
  refusesDisabledThinking: false,
  omitsThinkingText: false,
  effortLevels: [],
  maxOutputTokens: 8192,
};

function facts(fields: Partial<AnthropicModelFacts>): AnthropicModelFacts {
  return {
    ...unknownAnthropic,
    known: true,
    adaptiveThinking: true,
    effortLevels: ["low", "medium", "high", "max"],
    maxOutputTokens: 128_000,
    ...fields,
  };
}

/** Claude model facts by id (dated ids and provider prefixes such as `anthropic/` are understood). */
export function anthropicModelFacts(model: string): AnthropicModelFacts {
  const id = model.toLowerCase();
  if (/claude-(fable|mythos)-/.test(id))
    return facts({
      manualThinking: false,
      thinksByDefault: true,
      refusesDisabledThinking: true,
      omitsThinkingText: true,
    });
  if (/claude-(opus-5|sonnet-5)/.test(id))
    return facts({ manualThinking: false, thinksByDefault: true, omitsThinkingText: true });
  if (/claude-opus-4-[78]/.test(id)) return facts({ manualThinking: false, omitsThinkingText: true });
  if (/claude-(opus|sonnet)-4-6/.test(id)) return facts({});
  if (/claude-opus-4-5/.test(id))
    return facts({
      adaptiveThinking: false,
      effortLevels: ["low", "medium", "high"],
      maxOutputTokens: 64_000,
    });
  if (/claude-(opus-4-1|opus-4-0|opus-4-2025)/.test(id))
    return facts({ adaptiveThinking: false, effortLevels: [], maxOutputTokens: 32_000 });
  if (/claude-(sonnet-4|haiku-4|3-7)/.test(id))
    return facts({ adaptiveThinking: false, effortLevels: [], maxOutputTokens: 64_000 });
  return unknownAnthropic;
}

export type OpenAIModelFacts = {
  /** Streams its reasoning (`reasoning_content` / `reasoning`) and needs it back in a tool loop. */
  reasoner: boolean;
  /** Accepts `reasoning_effort`; the values it takes for our four levels. */
  effort?: Readonly<Record<Effort, string>>;
  /** Uses `max_completion_tokens` instead of `max_tokens` (OpenAI's reasoning models). */
  maxCompletionTokens: boolean;
  images: boolean;
};

const openaiEffort = { low: "low", medium: "medium", high: "high", max: "high" } as const;
const deepseekEffort = { low: "high", medium: "high", high: "high", max: "max" } as const;

/** Chat Completions model facts; unknown models (local servers) read images and take no effort. */
export function openaiModelFacts(model: string): OpenAIModelFacts {
  const id = model.toLowerCase().replace(/^.*\//, "");
  if (/^(o\d|gpt-5)/.test(id))
    return { reasoner: false, effort: openaiEffort, maxCompletionTokens: true, images: true };
  if (/^(gpt-4|gpt-3\.5|chatgpt)/.test(id))
    return { reasoner: false, maxCompletionTokens: false, images: true };
  if (id.startsWith("deepseek")) {
    const reasoner = /reasoner|r1|v4/.test(id);
    return {
      reasoner,
      effort: reasoner ? deepseekEffort : undefined,
      maxCompletionTokens: false,
      images: false,
    };
  }
  if (/kimi-k2[.-](5|6|7|thinking)|kimi-k3/.test(id))
    return { reasoner: true, maxCompletionTokens: false, images: !id.includes("thinking") };
  return { reasoner: false, maxCompletionTokens: false, images: true };
}
