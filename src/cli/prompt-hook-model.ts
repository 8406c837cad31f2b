// The model `type: "prompt"` hooks ask: the hook's own `model`, else the small, fast model on Anthropic
// (ANTHROPIC_SMALL_FAST_MODEL, as for WebFetch), else the session's current model. One request without
// tools; its usage is counted in the session's cost like any side request. Never throws.
import type { AskModel } from "../hooks/run-prompt.js";
import type { ModelClient } from "../model/types.js";
import { createModelClient } from "../providers/create-model-client.js";
import type { Session } from "../session/session.js";
import { singleAnswer } from "../tools/side-request.js";
import { errorMessage } from "../util/errors.js";
import type { Basics } from "./compose.js";

const ANSWER_MAX_TOKENS = 1024;

export function promptHookModel(basics: Basics, sink: { session?: Session }): AskModel {
  const clients = new Map<string, Promise<ModelClient>>();
  const clientFor = (session: Session, name: string | undefined): Promise<ModelClient> => {
    const { provider } = session.model;
    const wanted = name ?? (provider === "anthropic" ? basics.env.smallFastModel : undefined);
    if (!wanted || provider === "scripted" || wanted === session.model.model)
      return Promise.resolve(session.model);
    let client = clients.get(wanted);
    if (!client) {
      client = createModelClient({
        model: wanted,
        provider,
        env: basics.env,
        apiKeyHelper: basics.apiKeyHelper,
        cwd: basics.cwd,
        tracer: basics.tracer,
        notice: (message) => session.emit({ type: "warning", message }),
      });
      clients.set(wanted, client);
    }
    return client;
  };
  return async ({ system, prompt, model, signal }) => {
    const session = sink.session;
    if (!session) return { ok: false, error: "the session has not started" };
    let client: ModelClient;
    try {
      client = await clientFor(session, model);
    } catch (error) {
      return { ok: false, error: errorMessage(error) };
    }
    const answer = await singleAnswer(client, { system, text: prompt, maxTokens: ANSWER_MAX_TOKENS, signal });
    if (answer.ok) session.count({ model: client.model, usage: answer.usage });
    return answer;
  };
}
