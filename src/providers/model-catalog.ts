// What reagent knows about model ids: `--model` aliases, the ids /model offers, and per model the
// thinking forms the API takes (manual `enabled` with a budget, `adaptive` + effort), effort levels,
// output ceiling and whether it reads images. Facts as documented by the providers; unknown ids get cautious defaults
// (no thinking parameters, 8,192 output tokens). Pure data and lookups.

/** The aliases as Claude Code 2.1.197 resolves them on the Anthropic API (ANTHROPIC_DEFAULT_*_MODEL
 *  override them). */
export const MODEL_ALIASES: Readonly<Record<ModelAlias, string>> = {
  fable: "claude-fable-5",
  opus: "claude-opus-4-8",
  sonnet: "claude-sonnet-5",
  haiku: "claude-haiku-4-5",
};
type ModelAlias = "fable" | "opus" | "sonnet" | "haiku";
type AliasOverrides = Partial<Record<ModelAlias, string>>;

/** Retired first-party ids and the alias whose model succeeds them (requests to them would fail). */
const RETIRED: ReadonlyArray<[RegExp, ModelAlias]> = [
  [/^claude-(opus-4-[01]|opus-4-2025\d{4}|3-opus)(-|$)/, "opus"],
  [/^claude-(sonnet-4-0|sonnet-4-2025\d{4}|3-7-sonnet|3-5-sonnet|3-sonnet)(-|$)/, "sonnet"],
  [/^claude-(3-5-haiku|3-haiku)(-|$)/, "haiku"],
];

type ModelChoice = { id: string; notice?: string };

/** `sonnet` → the current Sonnet id (or its ANTHROPIC_DEFAULT_SONNET_MODEL); a retired id → its
 *  successor, with a notice saying so; anything else unchanged. */
export function resolveModelName(name: string, overrides: AliasOverrides = {}): ModelChoice {
  const key = name.trim().toLowerCase();
  const alias = aliasOf(key);
  if (alias) return { id: overrides[alias] ?? MODEL_ALIASES[alias] };
  const retired = RETIRED.find(([pattern]) => pattern.test(key));
  if (!retired) return { id: name };
  const id = overrides[retired[1]] ?? MODEL_ALIASES[retired[1]];
  return { id, notice: `model ${name} is retired; using its successor ${id} instead` };
}

function aliasOf(key: string): ModelAlias | undefined {
  return Object.hasOwn(MODEL_ALIASES, key) ? (key as ModelAlias) : undefined;
}

/** The alias resolved to its id, other names unchanged (no retired-id upgrade). */
export function resolveModelAlias(name: string, overrides: AliasOverrides = {}): string {
  const alias = aliasOf(name.trim().toLowerCase());
  return alias ? (overrides[alias] ?? MODEL_ALIASES[alias]) : name;
}

/** Bedrock's ids for the aliases' models, without the inference-profile prefix. */
const BEDROCK_MODELS: Readonly<Record<ModelAlias, string>> = {
  fable: "anthropic.claude-fable-5",
  opus: "anthropic.claude-opus-4-8",
  sonnet: "anthropic.claude-sonnet-5",
  haiku: "anthropic.claude-haiku-4-5-20251001-v1:0",
};

/** The cross-region inference profile prefix for an AWS region (us-gov-west-1 → us-gov). */
function bedrockProfilePrefix(region: string): string {
  if (region.startsWith("us-gov-")) return "us-gov";
  if (region.startsWith("us-")) return "us";
  if (region.startsWith("eu-")) return "eu";
  if (region.startsWith("ap-")) return "apac";
  return "global";
}

/** On Bedrock an alias becomes the region's inference profile id (`sonnet` in us-east-1 →
 *  `us.anthropic.claude-sonnet-5`); model ids, inference-profile ids and ARNs go as written. */
export function bedrockModelId(name: string, region: string, overrides: AliasOverrides = {}): string {
  const alias = aliasOf(name.trim().toLowerCase());
  if (!alias) return name;
  return overrides[alias] ?? `${bedrockProfilePrefix(region)}.${BEDROCK_MODELS[alias]}`;
}

/** Model ids offered by the REPL's /model picker per provider (any other id can still be typed). */
export const KNOWN_MODELS: Readonly<Record<string, readonly string[]>> = {
  anthropic: [
    "claude-fable-5",
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
    "gpt-5-codex",
  ],
  deepseek: ["deepseek-chat", "deepseek-reasoner", "deepseek-v4-pro"],
};

const EFFORT_LEVELS = ["low", "medium", "high", "max"] as const;
export type Effort = (typeof EFFORT_LEVELS)[number];

type AnthropicModelFacts = {
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

/** Models OpenAI serves through the Responses API only (Chat Completions answers 404 for them). */
const RESPONSES_ONLY = /^(codex-|computer-use|(gpt-[\d.]+|o\d+)(-mini)?-(codex|pro|deep-research))/;

/** Which OpenAI wire API a model takes: the Responses API for the models served only there, and for
 *  OpenAI's reasoning models (o-series, GPT-5) on OpenAI's own endpoint, where Chat Completions loses
 *  their reasoning between turns; Chat Completions for everything else (compatible servers). */
export function openaiWireApi(model: string, baseURL: string | undefined): "chat" | "responses" {
  const id = model.toLowerCase().replace(/^.*\//, "");
  if (RESPONSES_ONLY.test(id)) return "responses";
  const openaiHost = baseURL === undefined || /^https:\/\/api\.openai\.com(\/|$)/.test(baseURL);
  return openaiHost && /^(o\d|gpt-5)/.test(id) ? "responses" : "chat";
}

export type ResponsesModelFacts = {
  /** A reasoning model: takes `reasoning` and returns reasoning items (kept encrypted, passed back). */
  reasoning: boolean;
  /** `reasoning.effort` for our four levels. */
  effort?: Readonly<Record<Effort, string>>;
};

const responsesEffort = { low: "low", medium: "medium", high: "high", max: "high" } as const;
const responsesEffortXhigh = { low: "low", medium: "medium", high: "high", max: "xhigh" } as const;

/** Responses API model facts: OpenAI's o-series, GPT-5 and codex models reason; others do not. */
export function responsesModelFacts(model: string): ResponsesModelFacts {
  const id = model.toLowerCase().replace(/^.*\//, "");
  if (/codex-max|^gpt-5\.[2-9]/.test(id)) return { reasoning: true, effort: responsesEffortXhigh };
  if (/^(o\d|gpt-5|codex-)/.test(id)) return { reasoning: true, effort: responsesEffort };
  return { reasoning: false };
}
