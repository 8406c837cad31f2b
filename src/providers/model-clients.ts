// Clients for other models during a run (a `/model` switch, a subagent's or a side request's own
// model, the fallback after overloads), built with the run's environment, `--effort` and connection.
// The one place that knows a scripted run is special: it plays one script for the whole run, so a
// subagent or side request gets the same client, while a switch may name any model (chosen as at
// start-up, by name and keys).
import type { ModelClient } from "../model/index.js";
import type { Tracer } from "../util/index.js";
import type { ApiKeyHelper } from "./api-key-helper.js";
import { createModelClient } from "./create-model-client.js";
import type { Effort } from "./model-catalog.js";
import type { ProviderEnv } from "./provider-env.js";

export type ModelClients = {
  /** The client a switch to `name` uses. */
  forSwitch(name: string, current: ModelClient): Promise<ModelClient>;
  /** The client for work done for the conversation under `name` (undefined: the current model; a
   *  scripted run: always the current one). */
  forTask(name: string | undefined, current: ModelClient): Promise<ModelClient>;
};

export function createModelClients(options: {
  env: ProviderEnv;
  cwd: string;
  tracer: Tracer;
  effort?: Effort;
  fetch?: typeof fetch;
  /** Settings `apiKeyHelper`: one per run, so every client shares its cached key. */
  apiKeyHelper?: ApiKeyHelper;
  /** One line for the user (a retired model id was upgraded). */
  notice: (text: string) => void;
}): ModelClients {
  const make = (model: string, provider: ModelClient["provider"] | undefined) =>
    createModelClient({ ...options, model, provider });
  return {
    forSwitch: (name, current) => make(name, current.provider === "scripted" ? undefined : current.provider),
    forTask: async (name, current) =>
      !name || current.provider === "scripted" ? current : make(name, current.provider),
  };
}
