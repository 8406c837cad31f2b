// Turns one hook process's exit code and output into a typed per-hook verdict: exit 2 always blocks
// with stderr as the reason (stdout JSON is ignored, as in Claude Code); otherwise a JSON object on
// stdout is the decision whatever the exit code; any other failure (other exit code without JSON,
// timeout, spawn failure, invalid JSON decision) is a hook error. Compact-format handlers may also
// deny through a last-line JSON `{"permissionDecision"|"decision"|"behavior":"deny"}`.
import type { HookHandler } from "./config-types.js";
import { type HookJson, validateHookJson } from "./hook-json-schema.js";
import type { CommandResult } from "./run-command.js";
import type { HookEventName } from "./types.js";

export type { HookJson };

export type HookVerdict =
  /** Exit 0 (or any exit code with a JSON object): `json` and/or plain `text`. */
  | { kind: "ok"; json?: HookJson; text: string }
  /** Exit 2, a JSON block/deny, or a compact last-line deny. */
  | { kind: "block"; reason: string; json?: HookJson }
  | { kind: "error"; reason: string };

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseObject(text: string): Obj | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function firstLine(text: string): string {
  return (
    text
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "") ?? ""
  );
}

/** The compact format's deny line: the last non-empty stdout line as JSON saying "deny". */
function compactDeny(stdout: string): string | undefined {
  const lines = stdout.split("\n").filter((line) => line.trim() !== "");
  const last = parseObject(lines[lines.length - 1] ?? "");
  if (!last) return undefined;
  if (last.permissionDecision === "deny" || last.decision === "deny" || last.behavior === "deny") {
    const reason = [last.permissionDecisionReason, last.reason, last.message].find(
      (r) => typeof r === "string",
    );
    return (reason as string | undefined) ?? "denied by hook";
  }
  return undefined;
}

function describeExit(result: CommandResult): string {
  if (result.failure) return result.failure.message;
  if (result.exitCode === 127) return "exit code 127 (command not found)";
  if (result.exitCode === 126) return "exit code 126 (not executable)";
  return `exit code ${result.exitCode}`;
}

export function parseHookOutput(
  event: HookEventName,
  handler: HookHandler,
  result: CommandResult,
): HookVerdict {
  if (result.failure) return { kind: "error", reason: describeExit(result) };
  // Exit 2 blocks; the reason is stderr and any JSON on stdout is ignored (Claude Code's rule).
  if (result.exitCode === 2)
    return { kind: "block", reason: result.stderr.trim() || "blocked (exit code 2, nothing on stderr)" };
  const raw = parseObject(result.stdout);
  let json: HookJson | undefined;
  if (raw) {
    const validated = validateHookJson(event, raw);
    if (typeof validated === "string") return { kind: "error", reason: `invalid JSON output: ${validated}` };
    json = validated;
  }
  if (!json && handler.format === "compact") {
    const deny = compactDeny(result.stdout);
    if (deny !== undefined) return { kind: "block", reason: deny };
  }
  if (json) return { kind: "ok", json, text: "" };
  if (result.exitCode !== 0) {
    return { kind: "error", reason: describeExit(result) };
  }
  return { kind: "ok", text: result.stdout };
}
