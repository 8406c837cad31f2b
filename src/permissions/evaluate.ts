// The pure part of the gate: given the rules, the mode, the workspace and one call, decide allow,
// deny or ask (with the reason and who decided). Precedence: deny rules > (unparseable Bash with
// deny/ask rules) > plan mode > ask rules > hook ask > hook allow > bypassPermissions > allow rules >
// workspace boundary > mode defaults. Turning "ask" into a prompt or a headless denial is gate.ts.

import { commandTexts, matchCommandText, redirectWriteTargets } from "./bash-pattern.js";
import type { SimpleCommand } from "./bash-split.js";
import { type CallFacts, type MatchContext, ruleMatchesCall } from "./match-rule.js";
import { isInside, resolveUserPath } from "./path-pattern.js";
import { EDIT_TOOLS, type Rule } from "./rule.js";
import type { DecidedBy, PermissionMode, PermissionRequest, RuleBehavior } from "./types.js";

const WEB_TOOLS = new Set(["WebFetch", "WebSearch"]);

export type CompiledRule = { behavior: RuleBehavior; rule: Rule; source: string };

/** Why the gate wants to ask; "default" asks are the ones ALLOW_WRITE=1 lets headless runs skip. */
export type AskCause = "default" | "rule" | "hook" | "outside-workspace" | "unparseable";

export type Evaluation =
  | { kind: "allow"; by: DecidedBy; rule?: string }
  | { kind: "deny"; by: DecidedBy; rule?: string; message: string }
  | { kind: "ask"; by: DecidedBy; cause: AskCause; rule?: string; reason: string; pending: SimpleCommand[] };

export type EvaluationState = {
  mode: PermissionMode;
  rules: CompiledRule[];
  context: MatchContext;
  workspaceRoots: string[];
};

export function describeRule(rule: CompiledRule): string {
  return `${rule.rule.text} in ${rule.source}`;
}

export function planModeMessage(toolName: string): string {
  return (
    `reagent is in plan mode: ${toolName} cannot run because only read-only tools are available while planning. ` +
    "Do not try to change anything yet; finish the plan and present it to the user for approval."
  );
}

/** Files a Bash command's redirections write to, as real absolute paths. */
function bashWriteTargets(call: CallFacts, context: MatchContext): string[] {
  if (call.bash?.kind !== "ok") return [];
  return call.bash.commands
    .flatMap((command) => redirectWriteTargets(command.redirections))
    .map((target) => resolveUserPath(target, context));
}

export function evaluate(request: PermissionRequest, call: CallFacts, state: EvaluationState): Evaluation {
  const { context } = state;
  const byBehavior = (behavior: RuleBehavior) => state.rules.filter((rule) => rule.behavior === behavior);
  const writes = bashWriteTargets(call, context);
  const writeCall: CallFacts = { toolName: "Write", input: {}, paths: writes, bash: null };
  const matchAny = (rule: CompiledRule) => {
    const direct = ruleMatchesCall(rule.rule, call, context, "any");
    // Redirection targets are file writes: Edit/Write path rules cover them (whole-tool rules do not).
    if (direct === true || writes.length === 0 || rule.rule.kind !== "path") return direct;
    return ruleMatchesCall(rule.rule, writeCall, context, "any") === true ? true : direct;
  };

  let unchecked: CompiledRule | undefined;
  for (const rule of byBehavior("deny")) {
    const result = matchAny(rule);
    if (result === true) {
      return {
        kind: "deny",
        by: "rule",
        rule: rule.rule.text,
        message: `Permission denied by rule ${describeRule(rule)}.`,
      };
    }
    if (result === "unparseable") unchecked ??= rule;
  }
  const askRules = byBehavior("ask");
  for (const rule of askRules) if (matchAny(rule) === "unparseable") unchecked ??= rule;
  if (unchecked && call.bash?.kind === "unparseable") {
    return {
      kind: "ask",
      by: "rule",
      cause: "rule",
      rule: unchecked.rule.text,
      reason: `the command could not be parsed with confidence (${call.bash.reason}), so rule ${describeRule(unchecked)} cannot be checked`,
      pending: [],
    };
  }
  // The web tools change nothing locally: plan mode lets them through to the usual ask/allow rules.
  if (state.mode === "plan" && !request.readOnly && !WEB_TOOLS.has(request.toolName)) {
    return { kind: "deny", by: "mode", message: planModeMessage(request.toolName) };
  }
  for (const rule of askRules) {
    if (matchAny(rule) === true) {
      const reason = `rule ${describeRule(rule)} asks for confirmation`;
      return { kind: "ask", by: "rule", cause: "rule", rule: rule.rule.text, reason, pending: [] };
    }
  }
  if (request.hookDecision === "ask") {
    const reason = request.hookReason
      ? `a hook asked: ${request.hookReason}`
      : "a PreToolUse hook asked for confirmation";
    return { kind: "ask", by: "hook", cause: "hook", reason, pending: [] };
  }
  if (request.hookDecision === "allow") return { kind: "allow", by: "hook" };
  if (state.mode === "bypassPermissions") return { kind: "allow", by: "mode" };

  const outsideWrites = writes.filter((path) => !insideWorkspace(path, state));
  if (outsideWrites.length > 0) {
    const reason = `the command writes to ${outsideWrites.join(", ")}, outside the workspace`;
    return { kind: "ask", by: "mode", cause: "outside-workspace", reason, pending: [] };
  }
  const allowedBy = coveringAllowRules(call, byBehavior("allow"), context);
  if (allowedBy) return { kind: "allow", by: "rule", rule: allowedBy };
  if (call.bash?.kind === "unparseable") {
    const reason = `the command could not be parsed with confidence (${call.bash.reason})`;
    return { kind: "ask", by: "mode", cause: "unparseable", reason, pending: [] };
  }
  const outside = call.paths.filter((path) => !insideWorkspace(path, state));
  if (outside.length > 0) {
    const reason = `${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside the workspace (${state.workspaceRoots.join(", ")})`;
    return { kind: "ask", by: "mode", cause: "outside-workspace", reason, pending: [] };
  }
  if (request.readOnly) return { kind: "allow", by: "mode" };
  if (state.mode === "acceptEdits" && EDIT_TOOLS.has(request.toolName)) return { kind: "allow", by: "mode" };
  return {
    kind: "ask",
    by: "mode",
    cause: "default",
    reason: `${request.toolName} needs approval in ${state.mode} mode`,
    pending: pendingCommands(call, byBehavior("allow")),
  };
}

/**
 * The allow rule(s) covering the whole call, or null. Each simple command of a Bash line and each
 * path must be covered by some allow rule (not necessarily the same one). Parts that are only a
 * redirection (`(a && b) > log`) run nothing themselves; their write targets are checked apart.
 */
function coveringAllowRules(
  call: CallFacts,
  allowRules: CompiledRule[],
  context: MatchContext,
): string | null {
  const units: CallFacts[] =
    call.bash?.kind === "ok" && call.bash.commands.length > 1
      ? call.bash.commands
          .filter((command) => command.words.length > 0)
          .map((command) => ({ ...call, bash: { kind: "ok", commands: [command] } }))
      : call.paths.length > 1
        ? call.paths.map((path) => ({ ...call, paths: [path] }))
        : [call];
  const used: string[] = [];
  for (const unit of units) {
    const rule = allowRules.find(
      (candidate) => ruleMatchesCall(candidate.rule, unit, context, "every") === true,
    );
    if (!rule) return null;
    if (!used.includes(rule.rule.text)) used.push(rule.rule.text);
  }
  return used.join(", ");
}

function insideWorkspace(path: string, state: EvaluationState): boolean {
  return state.workspaceRoots.some((root) => isInside(root, path));
}

/** The simple commands of a Bash call that no allow rule covers (for the suggested rule). */
function pendingCommands(call: CallFacts, allowRules: CompiledRule[]): SimpleCommand[] {
  if (call.bash?.kind !== "ok") return [];
  return call.bash.commands.filter(
    (command) =>
      !allowRules.some((rule) => {
        if (rule.rule.kind !== "bash") return false;
        const pattern = rule.rule.pattern;
        return commandTexts(command).some((text) => matchCommandText(pattern, text));
      }),
  );
}
