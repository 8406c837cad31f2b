// One short stderr line per tool call, retry, hook notice or warning in headless mode, so that
// stdout stays clean for the result.
import type { SessionEvent } from "../../session/index.js";
import { printable } from "../../util/index.js";
import { subagentActivityLine } from "./subagent-lines.js";

function firstLine(text: string, max = 160): string {
  const line = printable(text.split("\n").find((part) => part.trim() !== "") ?? "");
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Refusals are reagent's own sentences whose end says what to do (the flag, the rule, the setting):
 *  they are shown whole, on one line. Other failures show their first line. */
const REFUSALS: ReadonlySet<string> = new Set(["permission_denied", "hook_denied"]);

function failureText(code: string | undefined, content: string): string {
  if (code === undefined || !REFUSALS.has(code)) return firstLine(content, 400);
  return printable(content.replace(/\s*\n\s*/g, " ").trim());
}

export function activityLine(event: SessionEvent, verbose: boolean): string | undefined {
  switch (event.type) {
    case "tool-call-start":
      return verbose ? `● ${event.summary} …` : undefined;
    case "tool-call-end": {
      const ms = `${event.durationMs} ms`;
      if (!event.isError) return `● ${event.summary} → ok (${ms})`;
      return `● ${event.summary} → ${event.code ?? "error"}: ${failureText(event.code, event.content)}`;
    }
    case "model-retry":
      return `reagent: ${event.reason}; retrying in ${(event.delayMs / 1000).toFixed(1)}s (attempt ${event.attempt})`;
    case "hook-notice": {
      const { notice } = event;
      if (notice.kind === "disabled") return `reagent: ${notice.text}`;
      return `[hook] ${firstLine(notice.text, 400)}`;
    }
    case "prompt-blocked":
      return `reagent: prompt blocked by a ${event.hook ?? "UserPromptSubmit"} hook: ${firstLine(event.reason, 300)}`;
    case "stop-continued":
      // The hook notice already said why; the count is progress detail.
      return verbose
        ? `reagent: continuing after a Stop hook block (${event.count} in this prompt)`
        : undefined;
    case "warning":
      return `reagent: warning: ${event.message}`;
    case "output-truncated":
      return event.skippedCalls > 0
        ? `reagent: the model's reply was cut off at its output token limit; ${event.skippedCalls} unfinished tool call(s) were not run and the model was asked to continue in smaller steps`
        : "reagent: the answer was cut off at the model's output token limit (max_tokens); it is incomplete";
    case "subagent-start":
    case "subagent-event":
    case "subagent-end":
      return subagentActivityLine(event, verbose, activityLine);
    case "turn-start":
      return verbose && event.turn > 1 ? `… turn ${event.turn}` : undefined;
    default:
      return undefined;
  }
}
