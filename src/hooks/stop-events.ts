// Stop and SubagentStop (a block makes the agent continue, capped per prompt or per subagent run) and
// PreCompact / PostCompact, for the main conversation or a subagent (its payload fields, its own hooks).
import type { Dispatcher } from "./dispatch.js";
import type { EventRunner } from "./event-runner.js";
import { blocks, stopOf } from "./merge.js";
import type { HookNotice, NoticesOnly, PreCompactOutcome, StopOutcome } from "./types.js";

/** Stop blocks honoured per prompt (per subagent run); the next one ends the run with a warning. */
const STOP_BLOCK_LIMIT = 8;

/** Stop and SubagentStop: a block continues the agent, at most STOP_BLOCK_LIMIT times from the first stop
 *  (stop_hook_active false) on. */
export async function stopEvent(
  runner: EventRunner,
  event: "Stop" | "SubagentStop",
  fields: Record<string, unknown>,
  counter: { blocks: number },
  signal: AbortSignal | undefined,
  own?: Dispatcher,
): Promise<StopOutcome> {
  if (fields.stop_hook_active !== true) counter.blocks = 0;
  const merged = await runner.run({ event, fields, signal }, own);
  const outcome = {
    additionalContext: merged.additionalContext,
    notices: merged.notices,
    ...stopOf(merged),
  };
  if (!blocks(merged) || merged.stop) return outcome;
  counter.blocks++;
  if (counter.blocks > STOP_BLOCK_LIMIT) {
    const what = event === "Stop" ? "run" : "subagent";
    const notice: HookNotice = {
      kind: "warning",
      event,
      hook: "",
      source: "",
      text: `${event} hooks blocked ${counter.blocks} times; ending the ${what} (at most ${STOP_BLOCK_LIMIT} blocks are honoured ${event === "Stop" ? "per prompt" : "per subagent run"})`,
    };
    runner.notify([notice]);
    return { ...outcome, notices: [...outcome.notices, notice] };
  }
  return { ...outcome, block: { reason: merged.reason ?? `blocked by a ${event} hook` } };
}

/** PreCompact (a hook may block the compaction) and PostCompact (observe only); `extra` gives a
 *  subagent's payload fields at the time of the call. */
export function compactEvents(runner: EventRunner, extra: () => Record<string, string>, own?: Dispatcher) {
  return {
    async preCompact(trigger: "manual" | "auto", customInstructions: string): Promise<PreCompactOutcome> {
      const fields = { trigger, custom_instructions: customInstructions, ...extra() };
      const merged = await runner.run({ event: "PreCompact", fields }, own);
      return {
        notices: merged.notices,
        ...(blocks(merged) ? { blocked: { reason: merged.reason ?? "blocked by a PreCompact hook" } } : {}),
      };
    },
    async postCompact(trigger: "manual" | "auto", summary: string): Promise<NoticesOnly> {
      const fields = { trigger, compact_summary: summary, ...extra() };
      return { notices: (await runner.run({ event: "PostCompact", fields }, own)).notices };
    },
  };
}
