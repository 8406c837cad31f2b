// How a turn's end reads in Claude Code's result vocabulary: the result `subtype`, `is_error`,
// `terminal_reason` (Claude Code's names where they mean the same), the `errors` list every error
// result carries, and `api_error_status` for a turn that ended on an API error (which Claude Code
// reports as subtype "success" with is_error true and the error text as the result).
import type { SessionEvent, TurnResult } from "../../session/index.js";

type ModelErrorKind = Extract<SessionEvent, { type: "model-retry" }>["errorKind"];

export type ResultSubtype =
  | "success"
  | "error_max_turns"
  | "error_during_execution"
  | "error_max_budget_usd"
  | "error_max_structured_output_retries";

type TurnEnd = {
  subtype: ResultSubtype;
  isError: boolean;
  terminalReason: string;
  /** Present (possibly empty) on every error result. */
  errors?: string[];
  apiErrorStatus?: number | null;
  /** The result text (API errors read "API Error: …" as Claude Code prints them). */
  result: string;
};

/** A turn as headless output reports it: a model turn, or a local slash command (no model call) whose
 *  failure is `commandError`. */
export type HeadlessTurn = TurnResult & {
  commandError?: string;
  /** Under a JSON schema: why no structured answer came. */
  structuredOutputMissing?: string;
};

export function describeTurnEnd(turn: HeadlessTurn): TurnEnd {
  if (turn.commandError !== undefined)
    return {
      subtype: "error_during_execution",
      isError: true,
      terminalReason: "turn_setup_failed",
      errors: [turn.commandError],
      result: turn.commandError,
    };
  if (turn.structuredOutputMissing !== undefined)
    return {
      subtype: "error_max_structured_output_retries",
      isError: true,
      terminalReason: "structured_output_retry_exhausted",
      errors: [turn.structuredOutputMissing],
      result: turn.result,
    };
  const { terminal } = turn;
  switch (terminal.reason) {
    case "completed":
      return { subtype: "success", isError: false, terminalReason: "completed", result: turn.result };
    case "max_turns":
      return {
        subtype: "error_max_turns",
        isError: true,
        terminalReason: "max_turns",
        errors: [`Reached the maximum number of turns (${terminal.turns})`],
        result: turn.result,
      };
    case "max_budget":
      return {
        subtype: "error_max_budget_usd",
        isError: true,
        terminalReason: "budget_exhausted",
        errors: [terminal.message],
        result: turn.result,
      };
    case "aborted":
      return {
        subtype: "error_during_execution",
        isError: true,
        terminalReason: "aborted_streaming",
        errors: ["The run was interrupted"],
        result: turn.result,
      };
    case "error": {
      const { error } = terminal;
      const text = `API Error: ${error.status !== undefined ? `${error.status} ` : ""}${error.message}`;
      return {
        subtype: "success",
        isError: true,
        terminalReason: error.kind === "context_length" ? "prompt_too_long" : "api_error",
        errors: [],
        apiErrorStatus: error.status ?? null,
        result: text,
      };
    }
    case "stopped_by_hook":
      return { subtype: "success", isError: false, terminalReason: "hook_stopped", result: turn.result };
    case "declined":
      return { subtype: "success", isError: false, terminalReason: "aborted_tools", result: turn.result };
    case "command_failed":
      return {
        subtype: "error_during_execution",
        isError: true,
        terminalReason: "turn_setup_failed",
        errors: [terminal.message],
        result: terminal.message,
      };
  }
}

/** The `error` category of a `system/api_retry` line (the SDKs' SDKAssistantMessageError names). */
export function retryErrorCategory(kind: ModelErrorKind): string {
  switch (kind) {
    case "rate_limit":
      return "rate_limit";
    case "overloaded":
      return "overloaded";
    case "server":
      return "server_error";
    case "auth":
      return "authentication_failed";
    case "bad_request":
    case "context_length":
      return "invalid_request";
    default:
      return "unknown";
  }
}

/** Whether the turn counts as failed (the exit status of a headless run). */
export function turnFailed(turn: HeadlessTurn): boolean {
  return describeTurnEnd(turn).isError;
}
