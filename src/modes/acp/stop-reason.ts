// How a reagent turn ends, in ACP's words: the stop reason session/prompt answers with, or the
// JSON-RPC error a failed request becomes (the model's error message, for the editor to show).
import { RequestError, type StopReason } from "@agentclientprotocol/sdk";
import type { HeadlessTurn } from "../../ui/headless/index.js";

type TurnOutcome =
  | { kind: "stop"; stopReason: StopReason; note?: string }
  | { kind: "error"; error: RequestError };

export function turnOutcome(turn: HeadlessTurn, cancelled: boolean): TurnOutcome {
  const { terminal } = turn;
  if (cancelled || terminal.reason === "aborted") return { kind: "stop", stopReason: "cancelled" };
  switch (terminal.reason) {
    case "max_turns":
      return {
        kind: "stop",
        stopReason: "max_turn_requests",
        note: `Stopped after ${terminal.turns} model requests (the turn limit; raise it with --max-turns).`,
      };
    case "error":
      return {
        kind: "error",
        error: RequestError.internalError({ kind: terminal.error.kind }, terminal.error.message),
      };
    case "max_budget":
    case "stopped_by_hook":
    case "declined":
    case "command_failed":
      return { kind: "stop", stopReason: "end_turn", note: terminal.message };
    case "completed":
      if (turn.stopReason === "refusal") return { kind: "stop", stopReason: "refusal" };
      if (terminal.truncated || turn.stopReason === "max_tokens")
        return { kind: "stop", stopReason: "max_tokens" };
      return { kind: "stop", stopReason: "end_turn" };
  }
}
