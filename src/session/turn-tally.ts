// What one turn counts while it runs (when it started, its model requests and their time, its usage
// and cost), and the TurnResult made of it when the turn ends.
import type { HookNotice } from "../hooks/index.js";
import type { Terminal } from "../loop/index.js";
import type { StopReason } from "../model/index.js";
import type { PermissionDenial } from "../tools/index.js";
import type { TurnResult } from "./events.js";
import { terminalOutcome } from "./turn-outcome.js";
import { type RunUsage, UsageLedger } from "./usage-ledger.js";

export type TurnTally = { started: number; apiMs: number; numTurns: number; run: RunUsage };

export function startTally(): TurnTally {
  const run: RunUsage = { usage: { input_tokens: 0, output_tokens: 0 }, ledger: new UsageLedger() };
  return { started: Date.now(), apiMs: 0, numTurns: 0, run };
}

/** The result of a turn that ended with `terminal`; denials and hook errors are those since the
 *  previous turn ended. */
export function turnResult(
  terminal: Terminal,
  { started, apiMs, numTurns, run }: TurnTally,
  stopReason: StopReason | undefined,
  permissionDenials: PermissionDenial[],
  hookErrors: HookNotice[],
): TurnResult {
  const { isError, result } = terminalOutcome(terminal);
  return {
    terminal,
    result,
    isError,
    ...(stopReason ? { stopReason } : {}),
    numTurns,
    durationMs: Date.now() - started,
    durationApiMs: apiMs,
    usage: run.usage,
    totalCostUsd: run.ledger.totalCostUsd,
    modelUsage: run.ledger.models,
    unpricedModels: [...run.ledger.unpriced],
    permissionDenials,
    hookErrors,
  };
}
