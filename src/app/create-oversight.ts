// What oversees every model request and tool call of the run, built once the session has an id: the
// permission mode (flag, else settings `defaultMode`), the model slot and the facts of each model
// (context window, price), the spend guard with the live usage, and the hooks engine (its payloads
// carry the mode, the transcript's path and the live usage).

import { contextWindowFor } from "../compaction/index.js";
import type { HookEngine } from "../hooks/index.js";
import type { ModelFacts } from "../model/index.js";
import { PermissionModeState } from "../permissions/index.js";
import { ModelSlot } from "../session/index.js";
import { createHooks } from "./create-hooks.js";
import { createSpending, type Spending } from "./create-spending.js";
import { modelFactsFor } from "./model-facts.js";
import { promptHookModel } from "./prompt-hook-model.js";
import type { RunRecords, RunStart } from "./start-run.js";

export type Oversight = {
  mode: PermissionModeState;
  /** The session's current model (a switch replaces it). */
  slot: ModelSlot;
  /** Settings or environment context window that wins over a model's own. */
  windowOverride: number | undefined;
  factsOf: (model: string) => ModelFacts;
  spending: Spending;
  hooks: HookEngine;
};

export function createOversight(start: RunStart, records: RunRecords): Oversight {
  const { options, basics, events, interactive } = start;
  const { env, settings } = basics;
  const { sessionId, transcript } = records;
  const mode = new PermissionModeState(
    options.permissionMode ?? settings.merged.permissions?.defaultMode ?? "default",
  );
  const slot = new ModelSlot(start.model);
  const windowOverride = env.contextWindowTokens ?? settings.merged.contextWindow;
  const factsOf = (name: string) =>
    modelFactsFor(name, { windowOverride, pricing: settings.merged.modelPricing });
  const spending = createSpending({
    basics,
    options,
    sessionId,
    events,
    interactive,
    model: () => slot.current.model,
    window: () => contextWindowFor(slot.current.model, windowOverride),
    cost: (name, usage) => factsOf(name).cost(usage),
  });
  const hooks = createHooks({
    basics,
    sessionId,
    mode,
    events,
    transcriptPath: transcript.store?.path ?? null,
    contextDir: transcript.contextDir,
    askModel: promptHookModel({
      model: slot,
      clients: start.clients,
      events,
      smallFastModel: env.smallFastModel,
    }),
    setup: options.setup,
    processes: start.sandboxing.hookProcesses,
    warnings: start.startupWarnings,
    liveFields: () => spending.live.fields(),
  });
  return { mode, slot, windowOverride, factsOf, spending, hooks };
}
