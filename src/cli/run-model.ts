// The run's model client: `--model` / settings `model` on `--provider` / settings `provider`, wrapped
// for `--fallback-model` (the fallback is built on first need, on the same provider). Notices (a
// retired id upgraded) and the switch to the fallback reach the user as warnings: on stderr and in
// the UI once the session runs, in the start-up warnings before.
import type { ModelClient } from "../model/types.js";
import { createModelClient } from "../providers/create-model-client.js";
import { withFallbackModel } from "../providers/fallback-client.js";
import type { HttpFetch } from "../providers/http-fetch.js";
import type { Session } from "../session/session.js";
import type { Basics } from "./compose.js";
import type { CliOptions } from "./options.js";

export async function createRunModel(
  basics: Basics,
  options: Pick<CliOptions, "model" | "provider" | "effort" | "fallbackModel">,
  fetch: HttpFetch,
  sink: { session?: Session },
  startupWarnings: string[],
): Promise<ModelClient> {
  const { settings } = basics;
  const notice = (message: string) => {
    if (sink.session) sink.session.emit({ type: "warning", message });
    else startupWarnings.push(message);
  };
  const common = {
    env: basics.env,
    apiKeyHelper: basics.apiKeyHelper,
    cwd: basics.cwd,
    tracer: basics.tracer,
    effort: options.effort ?? settings.merged.effort,
    fetch,
    notice,
  };
  const primary = await createModelClient({
    ...common,
    model: options.model ?? settings.merged.model,
    provider: options.provider ?? settings.merged.provider,
  });
  const fallbackModel = options.fallbackModel;
  if (!fallbackModel) return primary;
  return withFallbackModel(
    primary,
    () =>
      createModelClient({
        ...common,
        model: fallbackModel,
        provider: primary.provider === "scripted" ? undefined : primary.provider,
      }),
    (from, to, reason) =>
      notice(
        `${from} stays overloaded (${reason}); switched to the fallback model ${to.model} for the rest of the session`,
      ),
  );
}
