// A model switch inside a running session (/model in the REPL and in `-p`, the SDK's set_model, a
// custom command's `model:`): the new client keeps the session's provider (a scripted run may name any
// model), the run's environment and `--effort`, so every switch behaves the same.
import type { ModelClient } from "../model/types.js";
import type { Runtime } from "./compose.js";
import { createModelClient } from "./provider.js";

export function switchedModelClient(
  runtime: Pick<Runtime, "session" | "env" | "cwd" | "tracer" | "effort">,
  model: string,
): Promise<ModelClient> {
  const { provider } = runtime.session.model;
  return createModelClient({
    model,
    provider: provider === "scripted" ? undefined : provider,
    env: runtime.env,
    cwd: runtime.cwd,
    tracer: runtime.tracer,
    effort: runtime.effort,
  });
}
