// The /model picker's list for the provider in use: the aliases (with the id each stands for), the
// known ids of that provider (for an OpenAI-compatible server, those of its vendor when its address
// says which; a local server's own names come from OPENAI_MODEL and settings), the models priced in
// settings, and the current one — each with its price per million tokens when known.
import type { App } from "../../app/index.js";
import type { ModelPrice } from "../../model/index.js";
import { KNOWN_MODELS, MODEL_ALIASES, modelPrice } from "../../providers/index.js";
import type { ModelChoice } from "../../ui/repl/index.js";

function price(model: string, overrides: Readonly<Record<string, ModelPrice>>): string {
  const known = modelPrice(model, overrides);
  return known ? `$${known.input} / $${known.output} per Mtok` : "";
}

function vendorModels(provider: string, baseUrl: string | undefined): readonly string[] {
  if (provider === "anthropic") return KNOWN_MODELS.anthropic ?? [];
  if (provider !== "openai" && provider !== "openai-responses") return [];
  if (!baseUrl || /api\.openai\.com/.test(baseUrl)) return KNOWN_MODELS.openai ?? [];
  if (/deepseek/.test(baseUrl)) return KNOWN_MODELS.deepseek ?? [];
  return [];
}

export function modelChoices(options: {
  provider: string;
  current: string;
  baseUrl?: string;
  configured: readonly string[];
  pricing?: Readonly<Record<string, ModelPrice>>;
}): ModelChoice[] {
  const pricing = options.pricing ?? {};
  const choices: ModelChoice[] = [];
  const seen = new Set<string>();
  const add = (name: string, description: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    choices.push({ name, description, current: name === options.current });
  };
  if (options.provider === "anthropic")
    for (const [alias, id] of Object.entries(MODEL_ALIASES))
      add(alias, [`alias for ${id}`, price(id, pricing)].filter(Boolean).join(" · "));
  const ids = [
    ...vendorModels(options.provider, options.baseUrl),
    ...options.configured,
    ...Object.keys(pricing),
    options.current,
  ];
  for (const id of ids) if (id) add(id, price(id, pricing));
  return choices;
}

/** The choices for the session of an App: its provider and model, the models its environment and
 *  settings name, with their prices (the REPL's /model picker and an editor's model option). */
export function appModelChoices(app: App): ModelChoice[] {
  const { session, env } = app;
  return modelChoices({
    provider: session.model.provider,
    current: session.model.model,
    baseUrl: env.openaiBaseUrl,
    configured: [env.anthropicModel, env.openaiModel, app.settings.merged.model].filter(
      (name): name is string => typeof name === "string" && name !== "",
    ),
    pricing: app.settings.merged.modelPricing,
  });
}
