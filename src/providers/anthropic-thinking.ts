// The thinking part of an Anthropic request, sent as the API expects for the model: adaptive thinking
// plus `output_config.effort` where the model supports it (with `display: "summarized"` where the raw
// text is otherwise omitted), else manual thinking with a `budget_tokens` below `max_tokens`; and the
// `max_tokens` that leaves room for it. `--effort` / settings `effort` / MAX_THINKING_TOKENS decide.
import { anthropicModelFacts, type Effort } from "./model-catalog.js";

export type ThinkingSettings = {
  effort?: Effort;
  /** MAX_THINKING_TOKENS / `--max-thinking-tokens`: a budget for manual thinking (at least the API's
   *  minimum of 1,024); 0 turns thinking off. */
  maxThinkingTokens?: number;
  /** `--thinking adaptive|enabled`: thinking on at the model's default budget. */
  on?: boolean;
};

type ThinkingParams = {
  max_tokens: number;
  thinking?:
    | { type: "enabled"; budget_tokens: number }
    | { type: "adaptive"; display?: "summarized" }
    | { type: "disabled" };
  output_config?: { effort: string };
};

/** Manual thinking budgets per effort level (tokens). */
const THINKING_BUDGETS: Readonly<Record<Effort, number>> = {
  low: 4_000,
  medium: 10_000,
  high: 20_000,
  max: 31_999,
};
/** The API refuses a manual thinking budget below this. */
const MIN_BUDGET = 1_024;
const ANSWER_ROOM = 8_192;
const DEFAULT_OUTPUT = 32_000;
const UNKNOWN_MODEL_OUTPUT = 8_192;

export function anthropicThinkingParams(
  model: string,
  settings: ThinkingSettings,
  request: { maxTokens?: number; reasoning?: "off" },
): ThinkingParams {
  const facts = anthropicModelFacts(model);
  const ceiling = facts.known ? facts.maxOutputTokens : Number.POSITIVE_INFINITY;
  let maxTokens =
    request.maxTokens ?? (facts.known ? Math.min(DEFAULT_OUTPUT, ceiling) : UNKNOWN_MODEL_OUTPUT);
  const off = request.reasoning === "off" || settings.maxThinkingTokens === 0;
  const wanted =
    settings.effort !== undefined || (settings.maxThinkingTokens ?? 0) > 0 || settings.on === true;
  if (off) {
    if (!facts.thinksByDefault || facts.refusesDisabledThinking) return { max_tokens: maxTokens };
    return { max_tokens: maxTokens, thinking: { type: "disabled" } };
  }
  const effort =
    settings.effort !== undefined && facts.effortLevels.includes(settings.effort)
      ? { output_config: { effort: settings.effort } }
      : {};
  if (facts.adaptiveThinking && (wanted || facts.thinksByDefault)) {
    const display = facts.omitsThinkingText ? { display: "summarized" as const } : {};
    return { max_tokens: maxTokens, thinking: { type: "adaptive", ...display }, ...effort };
  }
  if (!wanted || !facts.manualThinking) return { max_tokens: maxTokens, ...effort };
  let budget = Math.max(
    MIN_BUDGET,
    settings.maxThinkingTokens ?? THINKING_BUDGETS[settings.effort ?? "medium"],
  );
  if (request.maxTokens === undefined)
    maxTokens = Math.min(ceiling, Math.max(maxTokens, budget + ANSWER_ROOM));
  budget = Math.min(budget, maxTokens - Math.min(ANSWER_ROOM, Math.floor(maxTokens / 4)));
  // The API wants 1,024 ≤ budget < max_tokens; without room for that, the request goes without thinking.
  if (budget < MIN_BUDGET) return { max_tokens: maxTokens, ...effort };
  return { max_tokens: maxTokens, thinking: { type: "enabled", budget_tokens: budget }, ...effort };
}
