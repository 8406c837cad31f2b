// The model `type: "prompt"` hooks ask: the hook's own `model`, else the small, fast model on Anthropic
// (ANTHROPIC_SMALL_FAST_MODEL, as for WebFetch), else the session's current model. One request without
// tools; its usage is counted in the session's cost like any side request. Never throws.
import type { AskModel } from "../hooks/index.js";
import type { ModelClient } from "../model/index.js";
import type { ModelClients } from "../providers/index.js";
import type { ModelSlot, SessionEvents } from "../session/index.js";
import { singleAnswer } from "../tools/index.js";
import { errorMessage } from "../util/index.js";

const ANSWER_MAX_TOKENS = 1024;

export function promptHookModel(parts: {
  model: ModelSlot;
  clients: ModelClients;
  events: SessionEvents;
  smallFastModel?: string;
}): AskModel {
  const clients = new Map<string, Promise<ModelClient>>();
  const clientFor = (name: string | undefined): Promise<ModelClient> => {
    const current = parts.model.current;
    const wanted = name ?? (current.provider === "anthropic" ? parts.smallFastModel : undefined);
    if (!wanted) return Promise.resolve(current);
    let client = clients.get(wanted);
    if (!client) {
      client = parts.clients.forTask(wanted, current);
      clients.set(wanted, client);
    }
    return client;
  };
  return async ({ system, prompt, model, signal }) => {
    let client: ModelClient;
    try {
      client = await clientFor(model);
    } catch (error) {
      return { ok: false, error: errorMessage(error) };
    }
    const answer = await singleAnswer(client, { system, text: prompt, maxTokens: ANSWER_MAX_TOKENS, signal });
    if (answer.ok)
      parts.events.emit({ type: "side-request", spent: { model: client.model, usage: answer.usage } });
    return answer;
  };
}
