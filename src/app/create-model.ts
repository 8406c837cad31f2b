// The run's model client: the one the ports give (tests: the scripted model), else chosen from
// `--model` / settings / the environment, with its connection opened early (TCP, TLS) while the rest
// of the run is assembled; `--fallback-model` wraps it. The clients for other models (switches,
// subagents, side requests) share that connection, the environment and `--effort`.
import type { ModelClient } from "../model/index.js";
import type { Effort } from "../providers/index.js";
import {
  connectEarly,
  createModelClient,
  createModelClients,
  type ModelClients,
  withFallbackModel,
} from "../providers/index.js";
import type { SessionEvents } from "../session/index.js";
import type { Basics } from "./app.js";
import type { RunOptions } from "./run-options.js";

export async function createModel(parts: {
  options: RunOptions;
  basics: Basics;
  effort?: Effort;
  events: SessionEvents;
  given?: ModelClient;
}): Promise<{ model: ModelClient; clients: ModelClients }> {
  const { options, basics, effort } = parts;
  const { env, cwd, tracer, settings } = basics;
  const { apiKeyHelper } = basics;
  const choice = {
    model: options.model ?? settings.merged.model,
    provider: options.provider ?? settings.merged.provider,
    env,
    apiKeyHelper,
  };
  const notice = (message: string) => parts.events.emit({ type: "warning", message });
  const fetch = parts.given ? undefined : connectEarly(choice);
  const clients = createModelClients({ env, cwd, tracer, effort, fetch, apiKeyHelper, notice });
  const primary = parts.given ?? (await createModelClient({ ...choice, cwd, tracer, effort, fetch, notice }));
  const fallbackModel = options.fallbackModel;
  if (!fallbackModel) return { model: primary, clients };
  const model = withFallbackModel(
    primary,
    () => clients.forSwitch(fallbackModel, primary),
    (from, to, reason) =>
      parts.events.emit({
        type: "warning",
        message: `${from} stays overloaded (${reason}); switched to the fallback model ${to.model} for the rest of the session`,
      }),
  );
  return { model, clients };
}
