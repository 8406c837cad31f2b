// A model switch inside a running session (/model in the REPL and in `-p`, the REPL's picker, the
// SDK's set_model, a custom command's `model:`): the new client keeps the session's provider (a
// scripted run may name any model), the run's environment and `--effort`, so every switch behaves
// the same. A user's or program's switch fires PreModelSwitch (deny or ask keeps the model: reagent
// has no confirmation step for a switch) and PostModelSwitch (its context reaches the new model),
// with what the switch costs in cache writes.

import type { HookEngine, ModelSwitchFacts } from "../hooks/index.js";
import type { ModelClient, ModelPrice } from "../model/index.js";
import { systemNote } from "../util/index.js";
import type { Session } from "./session.js";

export type SwitchSource = ModelSwitchFacts["source"];

/** What a switch needs besides the session: a client for the name, the hooks, and the price (where
 *  it comes from: the user's `modelPricing`, the built-in table, or unknown). */
type SwitchParts = {
  session: Session;
  hooks: Pick<HookEngine, "has" | "preModelSwitch" | "postModelSwitch">;
  clientFor: (name: string) => Promise<ModelClient>;
  priceOf: (model: string) => { price?: ModelPrice; pricing: ModelSwitchFacts["pricing"] };
};

/** When each session's model last answered (a prompt cache lives 5 minutes after its last use). */
const lastAnswer = new WeakMap<Session, number>();
const CACHE_TTL_MS = 5 * 60_000;
/** Cache-write price assumed for a model without a known price ($ per million tokens). */
const DEFAULT_CACHE_WRITE = 3.75;

/** Starts noting when the session's model answers (for PreModelSwitch's prompt_cache_warm); returns
 *  the stop. */
export function watchAnswers(session: Session): () => void {
  return session.subscribe((event) => {
    if (event.type === "assistant-message") lastAnswer.set(session, Date.now());
  });
}

function switchFacts(
  parts: SwitchParts,
  to: string,
  requested: string | null,
  source: SwitchSource,
): ModelSwitchFacts {
  const { session } = parts;
  const usage = session.lastUsage;
  const contextTokens = usage
    ? usage.input_tokens +
      (usage.cache_read_input_tokens ?? 0) +
      (usage.cache_creation_input_tokens ?? 0) +
      usage.output_tokens
    : 0;
  const { price, pricing } = parts.priceOf(to);
  const answered = lastAnswer.get(session);
  return {
    from_model: session.model.model,
    to_model: to,
    requested_model: requested,
    source,
    context_tokens: contextTokens,
    prompt_cache_warm: usage !== undefined && answered !== undefined && Date.now() - answered < CACHE_TTL_MS,
    cache_ttl: "5m",
    estimated_cache_write_usd: (contextTokens * (price?.cacheWrite ?? DEFAULT_CACHE_WRITE)) / 1_000_000,
    pricing,
  };
}

export type SwitchOutcome = { ok: true } | { ok: false; reason: string };

/** Switches the session to `requested` (null: back to `initial`, the SDK's "default"), through the
 *  PreModelSwitch / PostModelSwitch hooks. */
export async function switchModel(
  parts: SwitchParts,
  requested: string | null,
  source: SwitchSource,
  initial?: ModelClient,
): Promise<SwitchOutcome> {
  const client = requested === null && initial ? initial : await parts.clientFor(requested ?? "");
  const { hooks, session } = parts;
  const watched = hooks.has("PreModelSwitch") || hooks.has("PostModelSwitch");
  const facts = watched ? switchFacts(parts, client.model, requested, source) : undefined;
  if (facts && hooks.has("PreModelSwitch")) {
    const verdict = await hooks.preModelSwitch(facts);
    const why = verdict.reason ? `: ${verdict.reason}` : "";
    if (verdict.decision === "deny")
      return { ok: false, reason: `a PreModelSwitch hook refused the switch to ${client.model}${why}` };
    if (verdict.decision === "ask")
      return {
        ok: false,
        reason: `a PreModelSwitch hook asks to confirm the switch to ${client.model}${why}; reagent cannot confirm a switch, so the model stays ${session.model.model}`,
      };
  }
  const notes =
    facts && hooks.has("PostModelSwitch")
      ? (await hooks.postModelSwitch(facts)).additionalContext.map((text) =>
          systemNote("PostModelSwitch", text),
        )
      : [];
  session.setModel(client, notes);
  return { ok: true };
}
