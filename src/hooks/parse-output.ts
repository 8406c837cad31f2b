// Turns one hook process's exit code and output into a typed per-hook verdict: exit 2 always blocks,
// and as in Claude Code the reason is that of a blocking JSON decision on stdout (published scripts print
// `{"decision":"block","reason":…}` or a hookSpecificOutput deny and exit 2), stderr added when there is
// any; otherwise a JSON object on stdout is the decision whatever the exit code; any other failure (other exit code without JSON,
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

/** The reason a JSON object on stdout gives for blocking (not one that allows or asks). */
function blockingReason(json: Obj | undefined): string | undefined {
  if (!json) return undefined;
  const specific = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const decision = isObject(specific.decision) ? specific.decision : {};
  const says = [json.decision, specific.permissionDecision, json.permissionDecision, decision.behavior];
  if (says.some((value) => value === "allow" || value === "approve" || value === "ask")) return undefined;
  const reason = [
    specific.permissionDecisionReason,
    json.permissionDecisionReason,
    json.reason,
    decision.message,
    json.stopReason,
  ].find((value): value is string => typeof value === "string" && value.trim() !== "");
  return reason?.trim();
}

/** Exit 2's reason: the JSON's (the whole stdout, or its last line), then stderr. */
function exitTwoReason(result: CommandResult): string {
  const lines = result.stdout.split("\n").filter((line) => line.trim() !== "");
  const json = parseObject(result.stdout) ?? parseObject(lines.at(-1) ?? "");
  const fromJson = blockingReason(json);
  const stderr = result.stderr.trim();
  // A script that says the same on stderr and in its JSON gives the reason once.
  const parts = [fromJson, stderr === fromJson ? undefined : stderr].filter(
    (part) => part !== undefined && part !== "",
  );
  return (
    parts.join("\n") || "blocked (exit code 2, with no reason on stderr or in a JSON decision on stdout)"
  );
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
  // Exit 2 blocks, whatever the JSON on stdout decides; its blocking reason (and stderr) goes to the model.
  if (result.exitCode === 2) return { kind: "block", reason: exitTwoReason(result) };
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
