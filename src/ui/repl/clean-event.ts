// Session events carry text from the model, tools, hooks and MCP servers; before the REPL shows any
// of it, escape sequences and control characters are removed (util/printable), and project paths in
// tool lines are made relative.
import { printable } from "../../util/index.js";
import type { SessionEvent } from "./host.js";

/** Paths inside the project are shown relative to it in tool lines (`Read(src/app.ts)`). */
export function relativeSummary(summary: string, cwd: string | undefined): string {
  const clean = printable(summary);
  return cwd ? clean.split(`${cwd.replace(/\/+$/, "")}/`).join("") : clean;
}

export function cleanEvent(event: SessionEvent, cwd?: string): SessionEvent {
  switch (event.type) {
    case "text-delta":
      return { ...event, text: printable(event.text) };
    case "tool-call-start":
      return { ...event, summary: relativeSummary(event.summary, cwd) };
    case "tool-call-end":
      return { ...event, summary: relativeSummary(event.summary, cwd), content: printable(event.content) };
    case "hook-notice": {
      const { notice } = event;
      return {
        ...event,
        notice: {
          ...notice,
          hook: printable(notice.hook),
          source: printable(notice.source),
          text: printable(notice.text),
        },
      };
    }
    case "history-compacted":
      return { ...event, summary: printable(event.summary) };
    case "prompt-blocked":
      return { ...event, reason: printable(event.reason) };
    case "warning":
      return { ...event, message: printable(event.message) };
    case "stop-continued":
      return { ...event, reason: printable(event.reason) };
    case "model-retry":
      return { ...event, reason: printable(event.reason) };
    case "subagent-event":
      return { ...event, event: cleanEvent(event.event, cwd) };
    case "task-list":
      return {
        ...event,
        tasks: event.tasks.map((task) => ({
          ...task,
          subject: printable(task.subject),
          ...(task.activeForm ? { activeForm: printable(task.activeForm) } : {}),
          ...(task.owner ? { owner: printable(task.owner) } : {}),
        })),
      };
    case "turn-end": {
      const { terminal } = event.result;
      const cleaned =
        terminal.reason === "error"
          ? { ...terminal, error: { ...terminal.error, message: printable(terminal.error.message) } }
          : terminal.reason === "stopped_by_hook" ||
              terminal.reason === "declined" ||
              terminal.reason === "command_failed"
            ? { ...terminal, message: printable(terminal.message) }
            : terminal;
      return { ...event, result: { ...event.result, terminal: cleaned } };
    }
    default:
      return event;
  }
}
