// The pure part of the gate: given the rules, the mode, the workspace and one call, decide allow,
// deny or ask (with the exact reason and who decided). Precedence: deny rules (also on the files a
// Bash command touches) > rules that cannot be checked > plan mode > questions to the person
// (person-tools.ts) > ask rules > hook ask > protected
// writes > hook allow > bypassPermissions > uncertain Bash > outside the workspace > allow rules and
// the read-only fast path > mode defaults. Turning "ask" into a prompt or a denial is gate.ts.
import type { AnalysedCommand, FastPath } from "../shell/index.js";
import { type GitConfiguredPaths, gitConfiguredWrite, protectedWrite } from "../util/index.js";
import {
  type AnalysedBash,
  accessHit,
  bashCoverage,
  type CompiledRule,
  describeAccess,
  type FastPathContext,
  readOnlyVerdict,
  ruleCoversAccess,
  strictGitFolders,
  uncoveredCommands,
} from "./evaluate-bash.js";
import { type CallFacts, type MatchContext, ruleMatchesCall } from "./match-rule.js";
import { isInside } from "./path-pattern.js";
import { personToolEvaluation } from "./person-tools.js";
import { EDIT_TOOLS } from "./rule.js";
import type { DecidedBy, PermissionMode, PermissionRequest, RuleBehavior } from "./types.js";

export type { CompiledRule };

/** The web tools change nothing locally: plan mode lets them through to the usual ask/allow rules. */
const WEB_TOOLS = new Set(["WebFetch", "WebSearch"]);

/** Why the gate wants to ask; "default" asks are the ones ALLOW_WRITE=1 lets headless runs skip. */
type AskCause =
  | "default"
  | "rule"
  | "hook"
  | "outside-workspace"
  | "uncertain"
  | "protected"
  /** A question to the person (AskUserQuestion, ExitPlanMode): nothing but an answer settles it. */
  | "person";

export type Evaluation =
  /** `readOnlyFastPath`: a Bash call allowed only because its analysis filed it read-only. */
  | {
      kind: "allow";
      by: DecidedBy;
      rule?: string;
      readOnlyFastPath?: true;
      /** Where no sandbox contains it: the folders its git commands run in (gate.ts replaces the
       *  attribute drivers configured there). */
      gitFolders?: string[];
    }
  | { kind: "deny"; by: DecidedBy; rule?: string; message: string }
  | {
      kind: "ask";
      by: DecidedBy;
      cause: AskCause;
      rule?: string;
      reason: string;
      pending: AnalysedCommand[];
    };

export type EvaluationState = {
  mode: PermissionMode;
  fastPath: FastPath;
  rules: CompiledRule[];
  context: MatchContext;
  workspaceRoots: string[];
  /** What git's configuration names outside `.git` (included files, core.hooksPath), read when a
   *  call writes something. */
  gitConfigured: () => GitConfiguredPaths;
};

function describeRule(rule: CompiledRule): string {
  return `${rule.rule.text} in ${rule.source}`;
}

function planModeMessage(toolName: string): string {
  return (
    `reagent is in plan mode: ${toolName} cannot run because only read-only tools are available while planning. ` +
    "Do not try to change anything yet; finish the plan and present it to the user for approval."
  );
}

type Hit = { kind: "match"; detail?: string } | { kind: "unchecked" } | null;

/** Whether a deny or ask rule applies to the call: to the call itself, or to a file a Bash command touches. */
function ruleHit(rule: CompiledRule, call: CallFacts, context: MatchContext): Hit {
  const direct = ruleMatchesCall(rule.rule, call, context, "any");
  if (direct === true) return { kind: "match" };
  if (call.bash?.kind === "analysed") {
    const access = accessHit(rule.rule, call.bash, context);
    if (access) return { kind: "match", detail: describeAccess(access) };
    const unresolved = call.bash.accesses.find((candidate) => candidate.path === null);
    if (
      rule.rule.kind === "path" &&
      unresolved &&
      (rule.rule.tool === "Read" || rule.rule.tool === "Edit" || rule.rule.tool === "Write")
    ) {
      return { kind: "unchecked" };
    }
  }
  return direct === "unparseable" ? { kind: "unchecked" } : null;
}

/** A rule that can match part of a Bash command: a Bash pattern, or a path rule on what it reads or writes. */
function couldApplyToBash(rule: CompiledRule): boolean {
  if (rule.rule.kind === "bash") return rule.rule.pattern.kind !== "any";
  return rule.rule.kind === "path" && ["Read", "Edit", "Write"].includes(rule.rule.tool);
}

function uncertainty(call: CallFacts): string | null {
  if (call.bash === null) return null;
  if (call.bash.kind === "unparseable")
    return `the command could not be read with certainty (${call.bash.reason})`;
  if (call.bash.reasons.length === 0) return null;
  return `the command is not understood with certainty: ${call.bash.reasons.join("; ")}`;
}

function ask(cause: AskCause, reason: string, by: DecidedBy = "mode", rule?: string): AskEvaluation {
  return { kind: "ask", by, cause, rule, reason, pending: [] };
}

type AskEvaluation = Extract<Evaluation, { kind: "ask" }>;

/** The rules by behavior, in their order. */
type RulesByBehavior = Record<RuleBehavior, CompiledRule[]>;

/** What the evaluation steps after the deny and unchecked rules share about the call. */
type CallView = {
  rules: RulesByBehavior;
  askHits: Array<{ rule: CompiledRule; hit: Hit }>;
  /** Why the Bash analysis is not certain, or null. */
  unsure: string | null;
  bash: AnalysedBash | null;
  facts: FastPathContext;
  insideWorkspace: (path: string) => boolean;
  /** The fast path's verdict on the Bash line (only when the analysis is certain). */
  coverage: ReturnType<typeof bashCoverage> | null;
  readOnly: boolean;
};

export function evaluate(request: PermissionRequest, call: CallFacts, state: EvaluationState): Evaluation {
  const { context } = state;
  const byBehavior = (behavior: RuleBehavior) => state.rules.filter((rule) => rule.behavior === behavior);
  const rules: RulesByBehavior = {
    allow: byBehavior("allow"),
    deny: byBehavior("deny"),
    ask: byBehavior("ask"),
  };
  const denyScan = scanDenyRules(rules.deny, call, context);
  if (denyScan.kind === "deny") return denyScan;
  const askHits = rules.ask.map((rule) => ({ rule, hit: ruleHit(rule, call, context) }));
  const unsure = uncertainty(call);
  const unchecked = uncheckedAsk(denyScan.unchecked, askHits, unsure, call, rules);
  if (unchecked) return unchecked;
  const bash = call.bash?.kind === "analysed" ? call.bash : null;
  const insideWorkspace = (path: string) => state.workspaceRoots.some((root) => isInside(root, path));
  const enforced = state.fastPath === "enforced";
  const facts: FastPathContext = {
    context,
    insideWorkspace,
    allowRules: rules.allow,
    denyRules: rules.deny,
    enforced,
  };
  const coverage = bash && !unsure ? bashCoverage(bash, facts) : null;
  const readOnly = trustedReadOnly(request, rules.allow, context) || coverage === "read-only";
  const view: CallView = { rules, askHits, unsure, bash, facts, insideWorkspace, coverage, readOnly };
  return (
    modeOrHookEvaluation(request, call, state, view) ?? ruleOrDefaultEvaluation(request, call, state, view)
  );
}

/** The first deny rule that matches the call (a deny), else the first one that cannot be checked. */
function scanDenyRules(
  denyRules: CompiledRule[],
  call: CallFacts,
  context: MatchContext,
): Extract<Evaluation, { kind: "deny" }> | { kind: "clear"; unchecked: CompiledRule | undefined } {
  let unchecked: CompiledRule | undefined;
  for (const rule of denyRules) {
    const hit = ruleHit(rule, call, context);
    if (hit?.kind === "match") {
      const detail = hit.detail ? ` (${hit.detail})` : "";
      return {
        kind: "deny",
        by: "rule",
        rule: rule.rule.text,
        message: `Permission denied by rule ${describeRule(rule)}${detail}.`,
      };
    }
    if (hit?.kind === "unchecked") unchecked ??= rule;
  }
  return { kind: "clear", unchecked };
}

/** The ask for a deny or ask rule the gate cannot check on this call (the first deny rule, else ask
 *  rule, found unchecked), or null. */
function uncheckedAsk(
  uncheckedDeny: CompiledRule | undefined,
  askHits: CallView["askHits"],
  unsure: string | null,
  call: CallFacts,
  rules: RulesByBehavior,
): AskEvaluation | null {
  let unchecked = uncheckedDeny ?? askHits.find((entry) => entry.hit?.kind === "unchecked")?.rule;
  // What the analysis did not understand may hide any command or file: every rule that could apply
  // to a Bash command is then unchecked (a deny rule must not be passed by an alias or a subscript).
  if (unsure && call.bash !== null) unchecked ??= [...rules.deny, ...rules.ask].find(couldApplyToBash);
  if (!unchecked) return null;
  const why = unsure ?? "some of its words come from expansions the gate cannot see";
  return ask(
    "rule",
    `${why}, so rule ${describeRule(unchecked)} cannot be checked`,
    "rule",
    unchecked.rule.text,
  );
}

/** Plan mode, questions to the person, ask rules, a hook's ask, protected writes, a hook's allow and
 *  bypassPermissions, in that order; null when none of them decides. */
function modeOrHookEvaluation(
  request: PermissionRequest,
  call: CallFacts,
  state: EvaluationState,
  view: CallView,
): Evaluation | null {
  if (state.mode === "plan" && !view.readOnly && !WEB_TOOLS.has(request.toolName)) {
    return { kind: "deny", by: "mode", message: planModeMessage(request.toolName) };
  }
  const person = personToolEvaluation(request, state.mode);
  if (person) return person;
  for (const { rule, hit } of view.askHits) {
    if (hit?.kind === "match") {
      const detail = hit.detail ? ` (${hit.detail})` : "";
      return ask("rule", `rule ${describeRule(rule)} asks for confirmation${detail}`, "rule", rule.rule.text);
    }
  }
  if (request.hookDecision === "ask") {
    return ask(
      "hook",
      request.hookReason ? `a hook asked: ${request.hookReason}` : "a PreToolUse hook asked for confirmation",
      "hook",
    );
  }
  if (state.mode !== "bypassPermissions") {
    const guarded = protectedTarget(request, call, state);
    if (guarded) return ask("protected", `${guarded}; writing it always needs your confirmation`);
  }
  // Plan mode lets only read-only Bash lines through: a hook's allow still runs them contained.
  if (request.hookDecision === "allow")
    return {
      kind: "allow",
      by: "hook",
      ...(state.mode === "plan" && view.bash ? { readOnlyFastPath: true } : {}),
    };
  if (state.mode === "bypassPermissions") return { kind: "allow", by: "mode" };
  return null;
}

/** Uncertain Bash, the Bash line's fast path, accesses and allow rules (or a file tool's allow rules),
 *  paths outside the workspace, then the mode's defaults. */
function ruleOrDefaultEvaluation(
  request: PermissionRequest,
  call: CallFacts,
  state: EvaluationState,
  view: CallView,
): Evaluation {
  const { rules, unsure, bash, insideWorkspace } = view;
  const wholeBash =
    rules.allow.find((rule) => rule.rule.kind === "bash" && rule.rule.pattern.kind === "any") ??
    rules.allow.find((rule) => rule.rule.kind === "tool" && rule.rule.tool === "Bash");
  if (unsure && call.bash !== null) {
    if (wholeBash) return { kind: "allow", by: "rule", rule: wholeBash.rule.text };
    return ask("uncertain", unsure);
  }
  if (bash) {
    const decided = bashLineEvaluation(bash, state, view, wholeBash);
    if (decided) return decided;
  } else {
    const allowedBy = coveringAllowRules(call, rules.allow, state.context);
    if (allowedBy) return { kind: "allow", by: "rule", rule: allowedBy };
  }
  const outside = call.paths.filter((path) => !insideWorkspace(path));
  if (outside.length > 0) {
    const reason = `${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside the workspace (${state.workspaceRoots.join(", ")})`;
    return ask("outside-workspace", reason);
  }
  if (view.readOnly) return { kind: "allow", by: "mode" };
  if (state.mode === "acceptEdits" && EDIT_TOOLS.has(request.toolName)) return { kind: "allow", by: "mode" };
  const evaluation = ask("default", `${request.toolName} needs approval in ${state.mode} mode`);
  if (bash) {
    evaluation.pending = uncoveredCommands(bash, view.facts);
    evaluation.reason = bashApprovalReason(bash, evaluation.pending, view.facts, state.mode);
  }
  return evaluation;
}

/** A certain Bash line: the read-only fast path, a read or write outside the workspace no rule
 *  covers, a whole-Bash allow rule, or the allow rules covering its commands; null when none applies. */
function bashLineEvaluation(
  bash: AnalysedBash,
  state: EvaluationState,
  view: CallView,
  wholeBash: CompiledRule | undefined,
): Evaluation | null {
  const { coverage, rules, insideWorkspace } = view;
  // Read-only by the analysis: contained by the read-only profile where one starts, even when a
  // rule would allow it too.
  if (coverage === "read-only") {
    if (view.facts.enforced) return { kind: "allow", by: "mode", readOnlyFastPath: true };
    const gitFolders = strictGitFolders(bash);
    if (typeof gitFolders === "string") return ask("uncertain", gitFolders);
    return { kind: "allow", by: "mode", readOnlyFastPath: true, gitFolders };
  }
  // A plain `Bash` allow rule accepts what commands read; writes outside the workspace still ask.
  const outside = bash.accesses.find(
    (access) =>
      access.path !== null &&
      (access.mode === "write" || !wholeBash) &&
      !insideWorkspace(access.path) &&
      !rules.allow.some((rule) => ruleCoversAccess(rule.rule, access, state.context)),
  );
  if (outside)
    return ask(
      "outside-workspace",
      `${describeAccess(outside)}, outside the workspace (${state.workspaceRoots.join(", ")})`,
    );
  if (wholeBash) return { kind: "allow", by: "rule", rule: wholeBash.rule.text };
  if (coverage !== null) return { kind: "allow", by: "rule", rule: coverage };
  return null;
}

/** Why a certain Bash command still needs approval: the first command no rule covers, and why it is
 *  not read-only (or the write a redirection of the whole line makes). */
function bashApprovalReason(
  bash: AnalysedBash,
  pending: AnalysedCommand[],
  facts: FastPathContext,
  mode: PermissionMode,
): string {
  const first = pending[0];
  if (first !== undefined) {
    const text = [...first.assignments, ...first.words.map((word) => word.raw)].join(" ");
    return `no allow rule covers \`${text}\` and it is not provably read-only (${readOnlyVerdict(first, facts)}); it needs approval in ${mode} mode`;
  }
  const write = bash.accesses.find((access) => access.mode === "write");
  const what = write ? describeAccess(write) : (bash.notReadOnly ?? "the command");
  return `${what}, and no allow rule covers it; it needs approval in ${mode} mode`;
}

/**
 * A tool's own read-only flag counts, except an MCP server's `readOnlyHint`: that is a claim of the
 * server, trusted only for servers (or tools) the user allowed by a rule.
 */
function trustedReadOnly(
  request: PermissionRequest,
  allowRules: CompiledRule[],
  context: MatchContext,
): boolean {
  if (!request.readOnly) return false;
  if (!request.toolName.startsWith("mcp__")) return true;
  const facts: CallFacts = { toolName: request.toolName, input: request.input, paths: [], bash: null };
  return allowRules.some(
    (rule) => rule.rule.kind === "mcp" && ruleMatchesCall(rule.rule, facts, context, "any") === true,
  );
}

/** Why the call writes a protected path (a file tool's path, or a file a Bash command writes), or null. */
function protectedTarget(request: PermissionRequest, call: CallFacts, state: EvaluationState): string | null {
  // Read (a stat per configuration file) only for a call that writes, and once for all its writes.
  let named: GitConfiguredPaths | undefined;
  const guarded = (path: string, recursive: boolean, written?: string[]) => {
    const why = protectedWrite(path, recursive, state.workspaceRoots, written);
    if (why !== null) return why;
    named ??= state.gitConfigured();
    return gitConfiguredWrite(path, recursive, named);
  };
  if (EDIT_TOOLS.has(request.toolName)) {
    for (const path of call.paths) {
      const why = guarded(path, false);
      if (why) return why;
    }
  }
  if (call.bash?.kind !== "analysed") return null;
  // The line's writes together: one that completes a repository-like folder with another is seen.
  const written = call.bash.accesses.flatMap((access) =>
    access.mode === "write" && access.path !== null ? [access.path] : [],
  );
  for (const access of call.bash.accesses) {
    if (access.mode !== "write" || access.path === null) continue;
    const why = guarded(access.path, access.recursive, written);
    if (why) return `${describeAccess(access)}: ${why}`;
  }
  return null;
}

/** The allow rule(s) covering every path of a file tool's call (each may be covered by another rule). */
function coveringAllowRules(
  call: CallFacts,
  allowRules: CompiledRule[],
  context: MatchContext,
): string | null {
  const units: CallFacts[] =
    call.paths.length > 1 ? call.paths.map((path) => ({ ...call, paths: [path] })) : [call];
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
