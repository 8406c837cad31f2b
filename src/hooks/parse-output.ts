// Turns one hook process's exit code and output into a typed per-hook verdict: exit 2 always blocks
// with stderr as the reason (stdout JSON is ignored, as in Claude Code); otherwise a JSON object on
// stdout is the decision whatever the exit code; any other failure (other exit code without JSON,
// timeout, spawn failure, invalid JSON decision) is a hook error. Compact-format handlers may also
// deny through a last-line JSON `{"permissionDecision"|"decision"|"behavior":"deny"}`.
import type { HookHandler } from "./config-types.js";
import type { CommandResult } from "./run-command.js";
import type { HookEventName } from "./types.js";

/** The validated JSON fields a hook may print. */
export type HookJson = {
  continue?: boolean;
  stopReason?: string;
  systemMessage?: string;
  suppressOutput?: boolean;
  decision?: "block" | "approve";
  reason?: string;
  permissionDecision?: "allow" | "deny" | "ask";
  permissionDecisionReason?: string;
  /** PermissionRequest: `hookSpecificOutput.decision.behavior` ("ask" reads as no decision). */
  permissionBehavior?: "allow" | "deny";
  /** PermissionRequest: `decision.message` (why, for the model on a deny). */
  permissionMessage?: string;
  /** PermissionRequest: `decision.interrupt` with a deny stops the agent. */
  permissionInterrupt?: boolean;
  /** PreToolUse `updatedInput`, or PermissionRequest `decision.updatedInput`. */
  updatedInput?: Record<string, unknown>;
  updatedToolOutput?: string;
  additionalContext?: string;
};

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

/** Validates the JSON object; returns the problem text when a field has the wrong type or value. */
export function validateHookJson(event: HookEventName, raw: Obj): HookJson | string {
  const json: HookJson = {};
  const str = (value: unknown, name: string): string | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") throw new Error(`${name} must be a string`);
    return value;
  };
  try {
    if (raw.continue !== undefined && typeof raw.continue !== "boolean")
      throw new Error("continue must be a boolean");
    if (raw.continue !== undefined) json.continue = raw.continue as boolean;
    if (raw.suppressOutput !== undefined && typeof raw.suppressOutput !== "boolean") {
      throw new Error("suppressOutput must be a boolean");
    }
    if (raw.suppressOutput !== undefined) json.suppressOutput = raw.suppressOutput as boolean;
    json.stopReason = str(raw.stopReason, "stopReason");
    json.systemMessage = str(raw.systemMessage, "systemMessage");
    json.reason = str(raw.reason, "reason");
    // "approve" is the legacy "no objection" of every event (PreToolUse reads it as allow).
    if (raw.decision !== undefined && raw.decision !== null) {
      if (raw.decision !== "block" && raw.decision !== "approve")
        throw new Error(`decision must be "block" or "approve", got ${JSON.stringify(raw.decision)}`);
      json.decision = raw.decision;
    }
    const specific = raw.hookSpecificOutput;
    if (specific !== undefined && specific !== null) {
      if (!isObject(specific)) throw new Error("hookSpecificOutput must be an object");
      if (specific.hookEventName !== undefined && specific.hookEventName !== event) {
        throw new Error(
          `hookSpecificOutput.hookEventName is "${specific.hookEventName}", expected "${event}"`,
        );
      }
      const decision = specific.permissionDecision;
      if (decision !== undefined && decision !== null) {
        if (event !== "PreToolUse") throw new Error(`permissionDecision is only valid for PreToolUse`);
        if (decision !== "allow" && decision !== "deny" && decision !== "ask") {
          throw new Error(
            `permissionDecision must be "allow", "deny" or "ask", got ${JSON.stringify(decision)}`,
          );
        }
        json.permissionDecision = decision;
      }
      json.permissionDecisionReason = str(specific.permissionDecisionReason, "permissionDecisionReason");
      if (event === "PermissionRequest") permissionRequestDecision(specific, json);
      const updatedInput = json.updatedInput ?? specific.updatedInput;
      if (updatedInput !== undefined && updatedInput !== null) {
        if (event !== "PreToolUse" && event !== "PermissionRequest")
          throw new Error("updatedInput is only valid for PreToolUse and PermissionRequest");
        if (!isObject(updatedInput)) throw new Error("updatedInput must be an object");
        json.updatedInput = updatedInput;
      }
      const output = specific.updatedToolOutput ?? specific.updatedMCPToolOutput;
      if (output !== undefined && output !== null) {
        if (event !== "PostToolUse") throw new Error("updatedToolOutput is only valid for PostToolUse");
        json.updatedToolOutput = typeof output === "string" ? output : JSON.stringify(output);
      }
      json.additionalContext = str(specific.additionalContext, "additionalContext");
    }
  } catch (error) {
    return (error as Error).message;
  }
  for (const key of Object.keys(json) as Array<keyof HookJson>) if (json[key] === undefined) delete json[key];
  return json;
}

/** `hookSpecificOutput.decision` of a PermissionRequest hook: `{behavior, updatedInput?, message?,
 *  interrupt?}`. Some scripts put `updatedInput` beside `decision`; both places are read. */
function permissionRequestDecision(specific: Obj, json: HookJson): void {
  const decision = specific.decision;
  if (decision === undefined || decision === null) return;
  if (!isObject(decision)) throw new Error("decision must be an object with behavior");
  const behavior = decision.behavior;
  if (behavior !== "allow" && behavior !== "deny" && behavior !== "ask")
    throw new Error(`decision.behavior must be "allow" or "deny", got ${JSON.stringify(behavior)}`);
  if (behavior !== "ask") json.permissionBehavior = behavior;
  if (decision.message !== undefined && decision.message !== null) {
    if (typeof decision.message !== "string") throw new Error("decision.message must be a string");
    json.permissionMessage = decision.message;
  }
  if (decision.interrupt !== undefined && typeof decision.interrupt !== "boolean")
    throw new Error("decision.interrupt must be a boolean");
  if (decision.interrupt === true) json.permissionInterrupt = true;
  if (decision.updatedInput !== undefined && decision.updatedInput !== null) {
    if (!isObject(decision.updatedInput)) throw new Error("decision.updatedInput must be an object");
    json.updatedInput = decision.updatedInput;
  }
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
