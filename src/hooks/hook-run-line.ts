// One finished hook run as a line of text (`/hooks` lists the last ones): event, hook, source,
// outcome, decision, exit status, duration and error.
import type { HookRunEvent } from "./types.js";

export function hookRunLine(event: HookRunEvent): string | undefined {
  if (event.type !== "hook-end") return undefined;
  const decision = event.decision ? ` decision=${event.decision}` : "";
  const error = event.error ? ` error: ${event.error}` : "";
  return `${event.event} ${event.hook} (${event.source}) → ${event.outcome}${decision} exit=${event.exitCode} ${event.durationMs}ms${error}`;
}
