// How a turn ended, in the words its callers need: whether it is an error and the text shown as its
// result, and Claude Code's StopFailure matcher value for a model error. Pure.
import type { Terminal } from "../loop/index.js";
import type { ModelErrorKind } from "../model/index.js";

export function terminalOutcome(terminal: Terminal): { isError: boolean; result: string } {
  const isError =
    terminal.reason === "error" ||
    terminal.reason === "max_turns" ||
    terminal.reason === "aborted" ||
    terminal.reason === "max_budget" ||
    terminal.reason === "command_failed";
  const result =
    terminal.reason === "error"
      ? terminal.error.message
      : terminal.reason === "stopped_by_hook" ||
          terminal.reason === "declined" ||
          terminal.reason === "max_budget" ||
          terminal.reason === "command_failed"
        ? terminal.message
        : terminal.text;
  return { isError, result };
}

/** Claude Code's StopFailure matcher values for a model error. */
export function stopFailureType(kind: ModelErrorKind): string {
  switch (kind) {
    case "auth":
      return "authentication_failed";
    case "rate_limit":
      return "rate_limit";
    case "overloaded":
    case "server":
      return "server_error";
    case "bad_request":
    case "context_length":
      return "invalid_request";
    default:
      return "unknown";
  }
}
