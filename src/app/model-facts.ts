// Joins what reagent knows about a model for the session's usage accounting: its context window
// (compaction's table or the user's override), its output ceiling and its price (the built-in table
// or settings `modelPricing`).
import { contextWindowFor } from "../compaction/index.js";
import type { ModelFacts, ModelPrice } from "../model/index.js";
import { anthropicModelFacts, modelPrice, openaiModelFacts, usageCost } from "../providers/index.js";

export function modelFactsFor(
  model: string,
  options: { windowOverride?: number; pricing?: Readonly<Record<string, ModelPrice>> },
): ModelFacts {
  const price = modelPrice(model, options.pricing);
  const anthropic = anthropicModelFacts(model);
  const maxOutputTokens = anthropic.known
    ? anthropic.maxOutputTokens
    : openaiModelFacts(model).maxCompletionTokens
      ? 128_000
      : 8_192;
  return {
    contextWindow: contextWindowFor(model, options.windowOverride),
    maxOutputTokens,
    cost: (usage) => (price ? usageCost(usage, price) : undefined),
  };
}
