// The final result object of `--output-format json` / `stream-json`, shaped like `claude -p`'s
// (the Agent SDKs' SDKResultMessage): subtype and is_error, `errors` on every error result,
// `stop_reason` (the model's), `terminal_reason` (how the turn ended), `api_error_status`, `uuid`,
// plus reagent's `hook_errors` and whatever the caller adds (context, structured_output, cost …).
import { randomUUID } from "node:crypto";
import type { TurnResult } from "../../session/index.js";
import { describeTurnEnd, type HeadlessTurn, type ResultSubtype } from "./terminal-reason.js";

type ResultJson = {
  type: "result";
  subtype: ResultSubtype;
  is_error: boolean;
  result: string;
  num_turns: number;
  session_id: string;
  duration_ms: number;
  duration_api_ms: number;
  stop_reason: string | null;
  terminal_reason: string;
  usage: TurnResult["usage"];
  total_cost_usd: number;
  modelUsage: TurnResult["modelUsage"];
  permission_denials: TurnResult["permissionDenials"];
  hook_errors: Array<{ event: string; hook: string; source: string; error: string }>;
  uuid: string;
  errors?: string[];
  /** The HTTP status of the API error the turn ended on; null otherwise (always present). */
  api_error_status: number | null;
  [extra: string]: unknown;
};

export function resultJson(
  turn: HeadlessTurn,
  sessionId: string,
  extra: Record<string, unknown> = {},
): ResultJson {
  const end = describeTurnEnd(turn);
  return {
    type: "result",
    subtype: end.subtype,
    is_error: end.isError,
    result: end.result,
    num_turns: turn.numTurns,
    session_id: sessionId,
    duration_ms: turn.durationMs,
    duration_api_ms: turn.durationApiMs,
    stop_reason: turn.stopReason ?? null,
    terminal_reason: end.terminalReason,
    // Claude Code's usage shape: the cache counters always present; reasoning is inside output_tokens.
    usage: {
      input_tokens: turn.usage.input_tokens,
      cache_creation_input_tokens: turn.usage.cache_creation_input_tokens ?? 0,
      cache_read_input_tokens: turn.usage.cache_read_input_tokens ?? 0,
      output_tokens: turn.usage.output_tokens,
      ...(turn.usage.server_tool_use ? { server_tool_use: turn.usage.server_tool_use } : {}),
    },
    total_cost_usd: Number(turn.totalCostUsd.toFixed(6)),
    modelUsage: turn.modelUsage,
    ...(turn.unpricedModels.length > 0 ? { unpriced_models: turn.unpricedModels } : {}),
    ...(turn.terminal.reason === "completed" && turn.terminal.truncated ? { truncated: true } : {}),
    permission_denials: turn.permissionDenials,
    hook_errors: turn.hookErrors.map((notice) => ({
      event: notice.event,
      hook: notice.hook,
      source: notice.source,
      error:
        notice.text.length > 2000
          ? `${notice.text.slice(0, 2000)}… [${notice.text.length - 2000} more characters]`
          : notice.text,
    })),
    ...(end.errors ? { errors: end.errors } : {}),
    api_error_status: end.apiErrorStatus ?? null,
    uuid: randomUUID(),
    ...extra,
  };
}
