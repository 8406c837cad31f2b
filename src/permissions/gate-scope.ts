// Where the gate evaluates a call: the main session's scope, or a subagent's. A subagent's scope
// never gets more than its parent's: its mode is the narrower of the parent's current mode and the
// agent's own, and an agent working in a git worktree has the project's rules anchored at the
// worktree (so they apply there) while the deny and ask rules anchored at the project still hold.

import type { FastPath } from "../shell/index.js";
import type { GitConfiguredPaths } from "../util/index.js";
import { type CompiledRule, type Evaluation, type EvaluationState, evaluate } from "./evaluate.js";
import { type CallFacts, describeCall, type MatchContext, type ShellStart } from "./match-rule.js";
import type { PermissionMode, PermissionRequest } from "./types.js";

/** Modes from the narrowest to the widest. */
const MODE_ORDER: readonly PermissionMode[] = [
  "plan",
  "dontAsk",
  "default",
  "acceptEdits",
  "bypassPermissions",
];

/** The narrower of two modes: a subagent's `permissionMode` can narrow its parent's, never widen it. */
export function narrowerMode(parent: PermissionMode, own: PermissionMode | undefined): PermissionMode {
  if (own === undefined) return parent;
  return MODE_ORDER.indexOf(own) < MODE_ORDER.indexOf(parent) ? own : parent;
}

export type GateScope = {
  mode: () => PermissionMode;
  /** Whether the read-only profile contains what the fast path lets run (the whole gate's). */
  fastPath: FastPath;
  rules: () => CompiledRule[];
  context: MatchContext;
  /** Read at every call: the session's workspace can widen or narrow (addDirectory/removeDirectory). */
  workspaceRoots: () => string[];
  /** What git's configuration names outside `.git` for a scope's roots (util/git-configured-paths.ts:
   *  read with git in the shells' environment, cached until one of the files changes). */
  gitConfigured: (roots: readonly string[]) => GitConfiguredPaths;
  /** Rules anchored elsewhere (the project, for a worktree agent) whose deny and ask rules also apply. */
  guard?: { rules: () => CompiledRule[]; context: MatchContext };
  /** The subagent's type, named in permission prompts (`[agent reviewer] Bash: npm test`). */
  agent?: string;
};

function scopeState(scope: GateScope): EvaluationState {
  const workspaceRoots = scope.workspaceRoots();
  return {
    mode: scope.mode(),
    fastPath: scope.fastPath,
    rules: scope.rules(),
    context: scope.context,
    workspaceRoots,
    gitConfigured: () => scope.gitConfigured(workspaceRoots),
  };
}

/** Evaluates a call in a scope: the scope's own rules, then its guard's deny and ask rules. */
export function evaluateInScope(
  scope: GateScope,
  request: PermissionRequest,
  call: CallFacts,
  shell?: ShellStart,
): Evaluation {
  const state = scopeState(scope);
  const primary = evaluate(request, call, state);
  if (!scope.guard || primary.kind === "deny") return primary;
  // A Bash call's facts come from where its shell starts (`shell`), not from the rules' anchor: the
  // analysis already made serves the guard as well (a second one would repeat its parse and file I/O).
  const guardCall = shell
    ? call
    : describeCall(request.toolName, request.input, scope.guard.context, request.paths);
  const guarded = evaluate(request, guardCall, {
    ...state,
    rules: scope.guard.rules().filter((rule) => rule.behavior !== "allow"),
    context: scope.guard.context,
  });
  if (guarded.kind === "deny" && guarded.by === "rule") return guarded;
  if (guarded.kind === "ask" && guarded.by === "rule" && primary.kind === "allow") return guarded;
  return primary;
}
