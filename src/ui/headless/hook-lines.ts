// stream-json's hook lines: `system/hook_started` when a hook starts and `system/hook_response` when it
// ends, in Claude Code's shapes. A response carries the hook_id of its start: running hooks are matched
// by their event, name, source and matcher, first in, first out.
import type { SessionEvent } from "../../session/index.js";

type HookRun = Extract<SessionEvent, { type: "hook-run" }>["event"];

/** The hook line of one hook-run event (without the uuid and session id every line carries). */
export function createHookLines(newUuid: () => string): (event: HookRun) => Record<string, unknown> {
  /** hook_id of each running hook, by a key of its event, name, source and matcher (first in, first out). */
  const hookIds = new Map<string, string[]>();
  return (event) => {
    const key = [event.event, event.hook, event.source, event.matcher].join("\u0000");
    const { type, ...fields } = event;
    const names = { hook_name: event.hook, hook_event: event.event };
    if (type === "hook-start") {
      const id = newUuid();
      hookIds.set(key, [...(hookIds.get(key) ?? []), id]);
      return { type: "system", subtype: "hook_started", hook_id: id, ...names, ...fields };
    }
    const queue = hookIds.get(key) ?? [];
    const id = queue.shift() ?? newUuid();
    if (queue.length === 0) hookIds.delete(key);
    const outcome = event.outcome === "success" || event.outcome === "block" ? "success" : "error";
    return {
      type: "system",
      subtype: "hook_response",
      hook_id: id,
      ...names,
      output: event.error ?? "",
      stdout: "",
      stderr: "",
      ...(event.exitCode !== null ? { exit_code: event.exitCode } : {}),
      ...fields,
      outcome,
      reagent_outcome: event.outcome,
    };
  };
}
