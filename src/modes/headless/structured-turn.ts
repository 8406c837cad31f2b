// A turn under a JSON schema (`--json-schema`, the SDK's outputFormat): the model answers by calling
// the StructuredOutput tool. A turn that ends without a valid call is nudged to make it (at most
// MAX_NUDGES more requests in the same conversation); if it still has none, the result is Claude
// Code's `error_max_structured_output_retries`. Turns that failed otherwise are reported as they are.

import type { App } from "../../app/index.js";
import { addUsage } from "../../model/index.js";
import type { TurnResult } from "../../session/index.js";
import { STRUCTURED_OUTPUT_TOOL } from "../../tools/index.js";
import type { HeadlessTurn } from "../../ui/headless/index.js";

const MAX_NUDGES = 2;
const NUDGE = `You have not given your final answer in the required format. Call the ${STRUCTURED_OUTPUT_TOOL} tool now with your final answer; its input must match the schema.`;

function combine(first: HeadlessTurn, next: TurnResult): HeadlessTurn {
  const models = { ...first.modelUsage };
  for (const [name, entry] of Object.entries(next.modelUsage)) {
    const before = models[name];
    if (!before) {
      models[name] = entry;
      continue;
    }
    const summed: Record<string, unknown> = { ...entry };
    for (const [key, value] of Object.entries(entry))
      if (typeof value === "number" && key !== "contextWindow" && key !== "maxOutputTokens")
        summed[key] = value + Number((before as Record<string, unknown>)[key] ?? 0);
    models[name] = summed as typeof entry;
  }
  const usage = { ...first.usage };
  addUsage(usage, next.usage);
  return {
    ...next,
    numTurns: first.numTurns + next.numTurns,
    durationMs: first.durationMs + next.durationMs,
    durationApiMs: first.durationApiMs + next.durationApiMs,
    usage,
    totalCostUsd: first.totalCostUsd + next.totalCostUsd,
    modelUsage: models,
    unpricedModels: [...new Set([...first.unpricedModels, ...next.unpricedModels])],
    permissionDenials: [...first.permissionDenials, ...next.permissionDenials],
    hookErrors: [...first.hookErrors, ...next.hookErrors],
  };
}

export async function finishStructuredTurn(
  runtime: App,
  turn: HeadlessTurn,
): Promise<{ turn: HeadlessTurn; fields: Record<string, unknown> }> {
  const sink = runtime.structuredOutput();
  if (!sink || turn.commandError !== undefined) return { turn, fields: {} };
  let current = turn;
  let answer = sink.take();
  for (let nudge = 0; !answer && !current.isError && nudge < MAX_NUDGES; nudge++) {
    current = combine(current, await runtime.session.submit(NUDGE));
    answer = sink.take();
  }
  if (answer) return { turn: current, fields: { structured_output: answer.value } };
  if (current.isError) return { turn: current, fields: {} };
  return {
    turn: {
      ...current,
      structuredOutputMissing: `The model did not return its final answer in the required format (no valid ${STRUCTURED_OUTPUT_TOOL} call after ${MAX_NUDGES} reminders).`,
    },
    fields: {},
  };
}
