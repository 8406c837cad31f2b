// Merges the verdicts of all hooks run for one event into one outcome: the lattice
// deny > ask > allow > none, block reasons, updatedInput / updatedToolOutput (last in configuration
// order wins, a warning names any conflict), additionalContext, `continue: false`, and one notice
// for every block, hook error and systemMessage. Runs arrive in configuration order.
import { type HookHandler, handlerName } from "./config-types.js";
import { firstLine, type HookJson, type HookVerdict } from "./parse-output.js";
import type { CommandResult } from "./run-command.js";
import type { HookDecision, HookEventName, HookNotice, HookRunDecision, StopRequest } from "./types.js";

export type HookRun = { handler: HookHandler; result: CommandResult; verdict: HookVerdict };

const RANK: Record<HookDecision, number> = { none: 0, allow: 1, ask: 2, deny: 3 };
const isDecision = (value: HookRunDecision): value is HookDecision => value in RANK;

/** What the hooks of one event decided together, in that event's terms: the events that answer a
 *  permission question (PreToolUse, PermissionRequest, PreModelSwitch) get the merged decision, where
 *  a block is a deny; every other event is blocked or not. */
type MergedVerdict = HookDecision | "block";

export type MergedOutcome = {
  /** A block is exit 2, decision "block", or a hook error with onError "deny" where that blocks. */
  verdict: MergedVerdict;
  /** Reason(s) of the winning decision or of the blocks. */
  reason?: string;
  updatedInput?: Record<string, unknown>;
  updatedToolOutput?: string;
  additionalContext: string[];
  /** WorktreeCreate: the worktree's path (JSON `worktreePath`, else the last line a hook printed). */
  worktreePath?: string;
  /** PermissionDenied: some hook said the model may retry. */
  retry?: boolean;
  /** SessionStart / CwdChanged / FileChanged: paths to watch for FileChanged. */
  watchPaths?: string[];
  stop?: StopRequest;
  notices: HookNotice[];
};

/** The outcome of an event no hook answered. */
export function emptyOutcome(): MergedOutcome {
  return { verdict: "none", additionalContext: [], notices: [] };
}

/** Some hook blocked the event (for a permission event: denied). */
export function blocks(merged: MergedOutcome): boolean {
  return merged.verdict === "block" || merged.verdict === "deny";
}

/** The outcome's `stop` as a field to spread into an event's outcome (none: no field). */
export function stopOf(merged: MergedOutcome): { stop?: StopRequest } {
  return merged.stop ? { stop: merged.stop } : {};
}

/** The merged answer of a permission event (PreToolUse, PermissionRequest, PreModelSwitch). */
export function permissionDecision(merged: MergedOutcome): HookDecision {
  return merged.verdict === "block" ? "deny" : merged.verdict;
}

/** Events where `onError: "deny"` turns a hook error into a deny/block. */
const ERROR_CAN_DENY: ReadonlySet<HookEventName> = new Set([
  "PreToolUse",
  "PermissionRequest",
  "UserPromptSubmit",
  "UserPromptExpansion",
]);
/** Events whose hooks answer a permission question (allow / ask / deny rather than block). */
const DECIDES: ReadonlySet<HookEventName> = new Set(["PreToolUse", "PermissionRequest", "PreModelSwitch"]);
/** Events whose plain stdout (exit 0) becomes model context. */
const TEXT_IS_CONTEXT: ReadonlySet<HookEventName> = new Set([
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
]);

function noticeFor(
  event: HookEventName,
  run: HookRun,
  kind: HookNotice["kind"],
  what: string,
  withStderr = true,
): HookNotice {
  const hook = handlerName(run.handler);
  const stderr = withStderr ? firstLine(run.result.stderr) : "";
  const detail = stderr && !what.includes(stderr) ? `: ${stderr}` : "";
  const text = `${event} hook "${hook}" (${run.handler.source}) ${what}${detail}`;
  return { kind, event, hook, source: run.handler.source, text: text.replace(/\s*\n\s*/g, " ") };
}

/** The decision one run contributes (for TRACE and stream-json). */
export function runDecision(event: HookEventName, run: HookRun): HookRunDecision {
  const { verdict } = run;
  if (verdict.kind === "error") {
    if (run.handler.onError === "deny" && ERROR_CAN_DENY.has(event))
      return DECIDES.has(event) ? "deny" : "block";
    return "error";
  }
  if (verdict.kind === "block") return DECIDES.has(event) ? "deny" : "block";
  const json = verdict.json;
  if (!json) return "none";
  if (event === "PermissionRequest") return json.permissionBehavior ?? "none";
  if (event === "PreToolUse" || event === "PreModelSwitch") {
    if (json.permissionDecision) return json.permissionDecision;
    if (json.decision === "approve") return "allow";
    if (json.decision === "block") return "deny";
    return "none";
  }
  return json.decision === "block" ? "block" : "none";
}

function lastLine(text: string): string | undefined {
  const lines = text.split("\n").map((line) => line.trim());
  return lines.filter((line) => line !== "").at(-1);
}

function distinct(values: string[]): boolean {
  return new Set(values).size > 1;
}

/** The merge so far, run by run. */
type MergeState = {
  merged: MergedOutcome;
  /** Some run denied or blocked (or failed with onError "deny"). */
  blocked: boolean;
  /** The highest decision of the runs that did not fail. */
  best: HookDecision;
  reasons: Record<HookDecision, string[]>;
  inputs: Array<{ run: HookRun; value: Record<string, unknown> }>;
  outputs: Array<{ run: HookRun; value: string }>;
};

export function mergeRuns(event: HookEventName, runs: readonly HookRun[]): MergedOutcome {
  const state: MergeState = {
    merged: emptyOutcome(),
    blocked: false,
    best: "none",
    reasons: { none: [], allow: [], ask: [], deny: [] },
    inputs: [],
    outputs: [],
  };
  for (const run of runs) {
    const { verdict } = run;
    const decision = runDecision(event, run);
    if (verdict.kind === "error") mergeFailure(state, event, run, verdict.reason, decision);
    else mergeAnswer(state, event, run, verdict, decision);
  }
  return settle(state, event);
}

/** A hook that failed: a notice, and with onError "deny" a block (or deny) naming the failure. */
function mergeFailure(
  state: MergeState,
  event: HookEventName,
  run: HookRun,
  reason: string,
  decision: HookRunDecision,
): void {
  const denies = decision === "deny" || decision === "block";
  const consequence = denies
    ? DECIDES.has(event)
      ? "; denied (onError: deny)"
      : "; blocked (onError: deny)"
    : "";
  state.merged.notices.push(noticeFor(event, run, "error", `failed: ${reason}${consequence}`));
  if (denies) {
    state.blocked = true;
    state.reasons.deny.push(
      `hook "${handlerName(run.handler)}" failed (${reason}) and its onError is "deny"`,
    );
  }
}

/** A hook that answered: its decision and reason, its JSON fields (or plain text as context), a notice
 *  for what it wrote on stderr. */
function mergeAnswer(
  state: MergeState,
  event: HookEventName,
  run: HookRun,
  verdict: Exclude<HookVerdict, { kind: "error" }>,
  decision: HookRunDecision,
): void {
  const { merged } = state;
  const json = verdict.json;
  mergeDecision(state, event, run, verdict, decision);
  if (event === "WorktreeCreate" && verdict.kind === "ok")
    merged.worktreePath ??= json?.worktreePath ?? lastLine(verdict.text);
  if (json) mergeJson(state, event, run, json, decision);
  else if (verdict.kind === "ok" && TEXT_IS_CONTEXT.has(event) && verdict.text.trim() !== "") {
    merged.additionalContext.push(verdict.text.trim());
  }
  const stderr = run.result.stderr.trim();
  if (verdict.kind === "ok" && stderr !== "") {
    const [first = "", ...others] = stderr.split("\n");
    const more = others.length > 0 ? ` (+${others.length} more lines)` : "";
    merged.notices.push(noticeFor(event, run, "output", `says: ${first.trim()}${more}`, false));
  }
  if (isDecision(decision) && RANK[decision] > RANK[state.best]) state.best = decision;
}

/** A deny or block (with a notice saying how), or the reason of an allow or ask. */
function mergeDecision(
  state: MergeState,
  event: HookEventName,
  run: HookRun,
  verdict: Exclude<HookVerdict, { kind: "error" }>,
  decision: HookRunDecision,
): void {
  const json = verdict.json;
  if (decision === "deny" || decision === "block") {
    const reason =
      verdict.kind === "block"
        ? verdict.reason
        : (json?.permissionMessage ?? json?.permissionDecisionReason ?? json?.reason ?? "blocked by hook");
    state.blocked = true;
    state.reasons.deny.push(reason.trim());
    const verb = DECIDES.has(event) ? "denied the call" : "blocked";
    const how =
      verdict.kind === "block" && !json ? (run.result.exitCode === 2 ? "exit code 2" : "deny") : "JSON";
    state.merged.notices.push(
      noticeFor(event, run, "block", `${verb} (${how}): ${firstLine(reason)}`, false),
    );
  } else if (decision === "allow" || decision === "ask") {
    state.reasons[decision].push(
      (json?.permissionMessage ?? json?.permissionDecisionReason ?? json?.reason ?? "").trim(),
    );
  }
}

/** The fields of a hook's JSON answer beyond its decision. */
function mergeJson(
  state: MergeState,
  event: HookEventName,
  run: HookRun,
  json: HookJson,
  decision: HookRunDecision,
): void {
  const { merged } = state;
  if (json.retry) merged.retry = true;
  if (json.watchPaths?.length) merged.watchPaths = [...(merged.watchPaths ?? []), ...json.watchPaths];
  if (json.updatedInput && decision !== "deny") state.inputs.push({ run, value: json.updatedInput });
  if (json.updatedToolOutput !== undefined) state.outputs.push({ run, value: json.updatedToolOutput });
  if (json.additionalContext) merged.additionalContext.push(json.additionalContext);
  if (json.continue === false && !merged.stop) {
    merged.stop = { reason: json.stopReason ?? `stopped by ${event} hook "${handlerName(run.handler)}"` };
  }
  if (json.permissionInterrupt && decision === "deny" && !merged.stop) {
    merged.stop = {
      reason: json.permissionMessage ?? `stopped by ${event} hook "${handlerName(run.handler)}"`,
    };
  }
  if (json.systemMessage)
    merged.notices.push(noticeFor(event, run, "system-message", json.systemMessage, false));
}

/** The event's verdict and winning reason, and the last updatedInput / updatedToolOutput (a warning
 *  names a conflict). */
function settle(state: MergeState, event: HookEventName): MergedOutcome {
  const { merged, blocked, best, reasons, inputs, outputs } = state;
  merged.verdict = DECIDES.has(event) ? (blocked ? "deny" : best) : blocked ? "block" : "none";
  const winning = blocked ? reasons.deny : reasons[best];
  const reason = winning.filter((text) => text !== "").join("\n");
  if (reason) merged.reason = reason;
  const lastInput = inputs.at(-1);
  if (merged.verdict !== "deny" && lastInput) {
    merged.updatedInput = lastInput.value;
    if (distinct(inputs.map((input) => JSON.stringify(input.value)))) {
      merged.notices.push(conflict(event, "updatedInput", inputs, lastInput.run));
    }
  }
  const lastOutput = outputs.at(-1);
  if (lastOutput) {
    merged.updatedToolOutput = lastOutput.value;
    if (distinct(outputs.map((output) => output.value))) {
      merged.notices.push(conflict(event, "updatedToolOutput", outputs, lastOutput.run));
    }
  }
  return merged;
}

function conflict(
  event: HookEventName,
  field: string,
  entries: Array<{ run: HookRun }>,
  winner: HookRun,
): HookNotice {
  const names = entries.map(({ run }) => `"${handlerName(run.handler)}" (${run.handler.source})`).join(", ");
  return noticeFor(
    event,
    winner,
    "warning",
    `wins a conflict: ${entries.length} hooks returned different ${field} (${names}); using the last in configuration order`,
    false,
  );
}
