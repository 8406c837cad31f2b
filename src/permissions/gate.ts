// The permission gate the ToolRunner calls after PreToolUse hooks: validates rules at start-up,
// evaluates each call (evaluate.ts), turns "ask" into a prompt (interactive, one prompt at a time)
// or a denial that names the reason (headless, dontAsk), records "don't ask again" rules, and writes
// the `permission.decision` trace line (the steps: gate-decide.ts, gate-prompt.ts). The Prompter
// (terminal UI) and persistence are passed in. `scoped()` gives a subagent a gate over the same
// rules, prompter and prompt queue (gate-scope.ts).
import type { FastPath } from "../shell/index.js";
import { UsageError } from "../util/index.js";
import type { CompiledRule } from "./evaluate.js";
import { checkCall } from "./gate-decide.js";
import type { GateCore, PermissionGateOptions } from "./gate-options.js";
import { type GateScope, narrowerMode } from "./gate-scope.js";
import { type MatchContext, prepareRule } from "./match-rule.js";
import { PermissionModeState } from "./mode-state.js";
import { realPathLoose, resolveUserPath } from "./path-pattern.js";
import { readDeniedIn, readDenyBelowIn } from "./read-deny.js";
import { coversWholeTool, parseRule, validateRule } from "./rule.js";
import type {
  PermissionDecision,
  PermissionGate,
  PermissionMode,
  PermissionRequest,
  PermissionRules,
  RuleBehavior,
  RuleSource,
} from "./types.js";

export type { PermissionGateOptions } from "./gate-options.js";

export type ManagedPermissionGate = PermissionGate & {
  /** Adds a rule for the rest of the session; throws a UsageError for an invalid rule. */
  addRule(behavior: RuleBehavior, rule: string, source?: string): void;
  /** The deny rule that forbids reading this absolute path (Read rules cover Grep and Glob results). */
  readDeniedBy(absolutePath: string): string | undefined;
  /** Some deny path rule may hide a file below this absolute folder (a search must then sort them out). */
  readDenyBelow(absoluteFolder: string): boolean;
  /** Removes every rule with this exact text and behavior; returns the sources it came from. */
  removeRule(behavior: RuleBehavior, rule: string): string[];
  rules(): PermissionRules;
  readonly mode: PermissionMode;
  setMode(mode: PermissionMode): void;
  /** The mode with its change notifications. */
  readonly modeState: PermissionModeState;
  readonly workspaceRoots: readonly string[];
  /** What the read-only fast path covers here ("enforced": the read-only profile contains it). */
  readonly fastPath: FastPath;
  /** Widens (or narrows again) the workspace for the rest of the session (an SDK caller's update). */
  addDirectory(directory: string): void;
  removeDirectory(directory: string): boolean;
  /** A subagent's gate: same rules, prompter and prompt queue; `mode` narrows the parent's mode
   *  (read at every call), `cwd` anchors the rules at the agent's worktree as well, `agent` names
   *  the agent in prompts. */
  scoped(options: { mode?: PermissionMode; cwd?: string; agent?: string }): ScopedPermissionGate;
};

type ScopedPermissionGate = PermissionGate & {
  readDeniedBy(absolutePath: string): string | undefined;
  readDenyBelow(absoluteFolder: string): boolean;
  readonly mode: PermissionMode;
};

const BEHAVIORS: RuleBehavior[] = ["allow", "deny", "ask"];

/** Validates and parses a rule and builds its matcher once (path rules: real base folder and glob). */
function compileRule(behavior: RuleBehavior, entry: RuleSource, context: MatchContext): CompiledRule {
  const error = validateRule(entry.rule);
  if (error !== null) {
    const field = entry.source.startsWith("--") ? entry.source : `${entry.source} (permissions.${behavior})`;
    throw new UsageError(
      `Invalid permission rule "${entry.rule}" in ${field}: ${error}. Fix or remove the rule.`,
    );
  }
  const rule = parseRule(entry.rule);
  prepareRule(rule, context);
  return { behavior, rule, source: entry.source };
}

/** One prompt at a time: each step starts once the one before has settled (a failed one too). */
function promptQueue(): GateCore["inTurn"] {
  let chain: Promise<unknown> = Promise.resolve();
  return (step) => {
    const turn = chain.then(step);
    chain = turn.catch(() => undefined);
    return turn;
  };
}

/** Compiles a rule (a UsageError when it is invalid) and adds it unless the same rule is there already. */
function addRuleTo(
  compiled: CompiledRule[],
  context: MatchContext,
  behavior: RuleBehavior,
  entry: RuleSource,
) {
  const added = compileRule(behavior, entry, context);
  if (
    !compiled.some((existing) => existing.behavior === behavior && existing.rule.text === added.rule.text)
  ) {
    compiled.push(added);
  }
}

/** Removes every rule with this exact text and behavior from `compiled`; returns the sources it came from. */
function removeRules(compiled: CompiledRule[], behavior: RuleBehavior, rule: string): string[] {
  const sources: string[] = [];
  for (let index = compiled.length - 1; index >= 0; index--) {
    const entry = compiled[index];
    if (entry?.behavior === behavior && entry.rule.text === rule) {
      sources.unshift(entry.source);
      compiled.splice(index, 1);
    }
  }
  return sources;
}

function rulesOf(compiled: readonly CompiledRule[]): PermissionRules {
  const result: PermissionRules = { allow: [], deny: [], ask: [] };
  for (const rule of compiled) result[rule.behavior].push({ rule: rule.rule.text, source: rule.source });
  return result;
}

export function createPermissionGate(options: PermissionGateOptions): ManagedPermissionGate {
  const cwd = realPathLoose(options.cwd);
  const context = { cwd, homeDir: realPathLoose(options.homeDir) };
  const gitEnv = { ...options.shellEnv, HOME: options.homeDir };
  const compiled: CompiledRule[] = BEHAVIORS.flatMap((behavior) =>
    options.rules[behavior].map((entry) => compileRule(behavior, entry, context)),
  );
  const workspaceRoots = [cwd, ...options.additionalDirectories.map((dir) => resolveUserPath(dir, context))];
  const modeState =
    options.mode instanceof PermissionModeState ? options.mode : new PermissionModeState(options.mode);
  const fastPath: FastPath = options.readOnlyEnforced === true ? "enforced" : "strict";
  const root: GateScope = {
    mode: () => modeState.current,
    fastPath,
    rules: () => compiled,
    context,
    workspaceRoots: () => workspaceRoots,
    gitConfigured: options.gitConfigured,
  };
  const addRule = (behavior: RuleBehavior, rule: string, source = "session") =>
    addRuleTo(compiled, context, behavior, { rule, source });
  const core: GateCore = {
    options,
    gitEnv,
    addRule,
    inTurn: promptQueue(),
  };
  const check = (scope: GateScope, request: PermissionRequest) => checkCall(core, scope, request);
  const readDeniedBy = (absolutePath: string) => readDeniedIn(compiled, context, absolutePath);
  const readDenyBelow = (folder: string) => readDenyBelowIn(compiled, context, folder);
  const isToolHidden = (toolName: string) =>
    compiled.some((rule) => rule.behavior === "deny" && coversWholeTool(rule.rule, toolName));
  const parent: ParentGate = {
    root,
    modeState,
    compiled,
    workspaceRoots,
    check,
    isToolHidden,
    readDeniedBy,
    readDenyBelow,
  };

  return {
    check: (request) => check(root, request),
    scoped: (scopeOptions) => scopedGate(parent, scopeOptions),
    readDeniedBy,
    readDenyBelow,
    isToolHidden,
    addRule,
    removeRule: (behavior, rule) => removeRules(compiled, behavior, rule),
    rules: () => rulesOf(compiled),
    get mode() {
      return modeState.current;
    },
    setMode(next) {
      modeState.set(next);
    },
    modeState,
    workspaceRoots,
    fastPath,
    addDirectory(directory) {
      const root = resolveUserPath(directory, context);
      if (!workspaceRoots.includes(root)) workspaceRoots.push(root);
    },
    removeDirectory: (directory) => removeWorkspaceRoot(workspaceRoots, resolveUserPath(directory, context)),
  };
}

/** Takes `root` out of the workspace; the project itself (the first root) always stays. */
function removeWorkspaceRoot(workspaceRoots: string[], root: string): boolean {
  const index = workspaceRoots.indexOf(root);
  if (index <= 0) return false;
  workspaceRoots.splice(index, 1);
  return true;
}

/** What a subagent's gate shares with the gate it is scoped from. */
type ParentGate = {
  root: GateScope;
  modeState: PermissionModeState;
  compiled: CompiledRule[];
  workspaceRoots: string[];
  check(scope: GateScope, request: PermissionRequest): Promise<PermissionDecision>;
  isToolHidden(toolName: string): boolean;
  readDeniedBy(absolutePath: string): string | undefined;
  readDenyBelow(folder: string): boolean;
};

/** A subagent's gate: its mode narrows the parent's (read at every call); with a `cwd` elsewhere the
 *  rules are anchored there as well, the project's deny and ask rules still guarding. */
function scopedGate(
  parent: ParentGate,
  scopeOptions: { mode?: PermissionMode; cwd?: string; agent?: string },
): ScopedPermissionGate {
  const { root, modeState, compiled, workspaceRoots } = parent;
  const own = scopeOptions.mode;
  let scope: GateScope = {
    ...root,
    mode: () => narrowerMode(modeState.current, own),
    agent: scopeOptions.agent,
  };
  if (scopeOptions.cwd !== undefined && realPathLoose(scopeOptions.cwd) !== root.context.cwd) {
    const there = { cwd: realPathLoose(scopeOptions.cwd), homeDir: root.context.homeDir };
    const anchored = compiled.map((entry) =>
      compileRule(entry.behavior, { rule: entry.rule.text, source: entry.source }, there),
    );
    scope = {
      ...scope,
      rules: () => anchored,
      context: there,
      // The worktree stands in for the project; the added directories are the session's, as they are now.
      workspaceRoots: () => [there.cwd, ...workspaceRoots.slice(1)],
      guard: { rules: () => compiled, context: root.context },
    };
  }
  const current = scope;
  return {
    check: (request) => parent.check(current, request),
    isToolHidden: parent.isToolHidden,
    readDeniedBy: (absolutePath) =>
      readDeniedIn(current.rules(), current.context, absolutePath) ??
      (current.guard ? parent.readDeniedBy(absolutePath) : undefined),
    readDenyBelow: (folder) =>
      readDenyBelowIn(current.rules(), current.context, folder) ||
      (current.guard !== undefined && parent.readDenyBelow(folder)),
    get mode() {
      return current.mode();
    },
  };
}

/** The start-up line saying which guarantee the read-only fast path has. */
export function fastPathNotice(fastPath: FastPath): string {
  return fastPath === "enforced"
    ? "read-only commands (enforced): those the gate finds read-only run without a prompt, inside the sandbox's read-only profile"
    : "read-only commands (strict): no sandbox contains them here, so only known-safe command and option forms run without a prompt";
}
