// The permission gate the ToolRunner calls after PreToolUse hooks: validates rules at start-up,
// evaluates each call (evaluate.ts), turns "ask" into a prompt (interactive, one prompt at a time)
// or a denial that names the reason (headless, dontAsk), records "don't ask again" rules, and writes
// the `permission.decision` trace line. The Prompter (terminal UI) and persistence are passed in.
// `scoped()` gives a subagent a gate over the same rules, prompter and prompt queue (gate-scope.ts).
import { statSync } from "node:fs";
import type { FastPath } from "../shell/index.js";
import type { Tracer } from "../util/index.js";
import { errorMessage, gitDriversOfFolders, present, UsageError } from "../util/index.js";
import type { CompiledRule, Evaluation } from "./evaluate.js";
import { evaluateInScope, type GateScope, gitConfiguredPaths, narrowerMode } from "./gate-scope.js";
import {
  type CallFacts,
  describeCall,
  type MatchContext,
  prepareRule,
  type ShellStart,
} from "./match-rule.js";
import { PermissionModeState } from "./mode-state.js";
import { realPathLoose, resolveUserPath } from "./path-pattern.js";
import { readDeniedIn, readDenyBelowIn } from "./read-deny.js";
import { coversWholeTool, parseRule, validateRule } from "./rule.js";
import { suggestRule, suggestRules, summarizeCall } from "./suggest-rule.js";
import type {
  PermissionDecision,
  PermissionGate,
  PermissionHookAnswer,
  PermissionMode,
  PermissionRequest,
  PermissionRules,
  Prompter,
  PromptRequest,
  RuleBehavior,
  RuleSource,
} from "./types.js";

type Env = Readonly<Record<string, string | undefined>>;

export type PermissionGateOptions = {
  /** The mode now: an initial mode, or the session's mode state (shared with the hooks engine). */
  mode: PermissionMode | PermissionModeState;
  rules: PermissionRules;
  /** The project root: relative paths and `/path` rules resolve against it. */
  cwd: string;
  homeDir: string;
  /** The Bash tool's environment: strict fast-path git's configuration (drivers to replace) is read in it. */
  shellEnv: Env;
  /** `permissions.additionalDirectories` and `--add-dir` (absolute, relative to cwd, or `~/…`). */
  additionalDirectories: string[];
  interactive: boolean;
  prompter?: Prompter;
  /** Saves a "don't ask again" rule (to `.agents/settings.local.json`). */
  persistRule?: (rule: string) => Promise<void>;
  /** ALLOW_WRITE=1: headless runs may use write tools inside the workspace. */
  allowWrite?: boolean;
  /** The $PWD the Bash tool's shells inherit (bash keeps it as its logical folder when it names the same folder). */
  inheritedPwd?: string;
  /** CDPATH is set in that environment (`cd name` may then go elsewhere). */
  cdpath?: boolean;
  /** The sandbox's read-only profile can start here: the fast path may then cover every command the
   *  analysis finds read-only ("enforced"); else only the strict allow-list of known-safe forms. */
  readOnlyEnforced?: boolean;
  tracer: Tracer;
  /** Problems the user should see that do not stop the call (e.g. a rule that could not be saved). */
  onWarning?: (message: string) => void;
  /** Consulted when a question is about to be put (a prompt, or the headless policy's denial; never
   *  in dontAsk): the PermissionRequest hooks. An allow or deny answers the question. */
  beforeAsk?: (request: PromptRequest) => Promise<PermissionHookAnswer>;
  /** `autoAllowBashIfSandboxed` with the sandbox on and able to start: a Bash call that runs contained
   *  (`sandboxIntent: "contained"`) is allowed unless a deny or ask rule (or a hook's ask) applies. */
  autoAllowSandboxed?: boolean;
};

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
  let promptChain: Promise<unknown> = Promise.resolve();

  const fastPath: FastPath = options.readOnlyEnforced === true ? "enforced" : "strict";
  const root: GateScope = {
    mode: () => modeState.current,
    fastPath,
    rules: () => compiled,
    context,
    workspaceRoots: () => workspaceRoots,
    gitConfigured: gitConfiguredPaths(gitEnv),
  };
  const finish = (_request: PermissionRequest, decision: PermissionDecision): PermissionDecision => {
    if (decision.rule === undefined) delete decision.rule;
    return decision;
  };

  const addRule = (behavior: RuleBehavior, rule: string, source = "session") => {
    const entry = compileRule(behavior, { rule, source }, context);
    if (
      !compiled.some((existing) => existing.behavior === behavior && existing.rule.text === entry.rule.text)
    ) {
      compiled.push(entry);
    }
  };

  const removeRule = (behavior: RuleBehavior, rule: string): string[] => {
    const sources: string[] = [];
    for (let index = compiled.length - 1; index >= 0; index--) {
      const entry = compiled[index];
      if (entry?.behavior === behavior && entry.rule.text === rule) {
        sources.unshift(entry.source);
        compiled.splice(index, 1);
      }
    }
    return sources;
  };

  const refuse = (
    scope: GateScope,
    request: PermissionRequest,
    evaluation: Extract<Evaluation, { kind: "ask" }>,
    call: ReturnType<typeof describeCall>,
  ) => {
    const rule = evaluation.rule;
    if (scope.mode() === "dontAsk") {
      const message = rule
        ? `Permission denied: ${evaluation.reason}, and the permission mode is dontAsk (nothing is asked).`
        : `Permission denied: ${request.toolName} is not allowed by any rule and the permission mode is dontAsk. Add an allow rule to permit it.`;
      return finish(request, { behavior: "deny", by: rule ? "rule" : "mode", rule, message });
    }
    const why =
      evaluation.cause === "default"
        ? request.toolName === "WebFetch"
          ? // Name the domain and the rule that allows it (issue 16: the reason is in permission_denials).
            `WebFetch of ${String(request.input.url)} is not allowed in non-interactive mode; allow its domain with --allowedTools "${suggestRule(call, scope.context.cwd)}"`
          : `${request.toolName} is not allowed in non-interactive mode; use --allowedTools or --permission-mode` +
            (request.toolName === "Bash" ? ` (${evaluation.reason})` : "")
        : `${evaluation.reason}; this run is non-interactive, so it cannot ask` +
          (evaluation.cause === "outside-workspace"
            ? " (use --add-dir or /add-dir to widen the workspace)"
            : evaluation.cause === "protected"
              ? " (only --permission-mode bypassPermissions writes it without a prompt)"
              : "");
    return finish(request, { behavior: "deny", by: "headless", rule, message: `Permission denied: ${why}.` });
  };

  /** The rules a question offers: broad for this session, narrow for always. */
  const offered = (scope: GateScope, call: CallFacts, evaluation: Extract<Evaluation, { kind: "ask" }>) => {
    const rules = suggestRules(call, scope.context.cwd, evaluation.pending);
    return { sessionRule: rules.session, suggestedRule: rules.always };
  };

  /** The call in one line; a subagent's calls name the agent. */
  const summaryOf = (scope: GateScope, call: CallFacts) =>
    `${scope.agent ? `[agent ${scope.agent}] ` : ""}${summarizeCall(call)}`;

  /** A command the model wants to run outside the sandbox: asked of the person, never remembered;
   *  where nobody can be asked, denied. */
  const leaveSandbox = (
    scope: GateScope,
    request: PermissionRequest,
    call: ReturnType<typeof describeCall>,
  ): Promise<PermissionDecision> | PermissionDecision => {
    const unattended = scope.mode() === "dontAsk" || !options.interactive || !options.prompter;
    if (unattended)
      return finish(request, {
        behavior: "deny",
        by: "headless",
        message:
          "Permission denied: the command asks to run outside the sandbox (dangerouslyDisableSandbox), which only a person can allow, and this run cannot ask. Run it inside the sandbox, or ask the user to run it.",
      });
    const evaluation: Extract<Evaluation, { kind: "ask" }> = {
      kind: "ask",
      by: "mode",
      cause: "default",
      reason:
        "the command asks to run OUTSIDE the sandbox (dangerouslyDisableSandbox): with your yes it can write anywhere you can, use the network and read your credentials",
      pending: [],
    };
    const turn = promptChain.then(() => prompt(scope, request, evaluation, call, { remember: false }));
    promptChain = turn.catch(() => undefined);
    return turn;
  };

  const prompt = async (
    scope: GateScope,
    request: PermissionRequest,
    evaluation: Extract<Evaluation, { kind: "ask" }>,
    call: ReturnType<typeof describeCall>,
    { remember = true }: { remember?: boolean } = {},
  ): Promise<PermissionDecision> => {
    const prompter = present(options.prompter, "a prompt is asked only when a prompter is set (attended)");
    const summary = summaryOf(scope, call);
    if (request.signal?.aborted) {
      return finish(request, {
        behavior: "deny",
        by: "user",
        message: "The tool call was aborted.",
        endTurn: true,
      });
    }
    const answer = await prompter.ask({
      toolName: request.toolName,
      input: request.input,
      toolUseId: request.toolUseId,
      summary,
      reason: evaluation.reason,
      ...offered(scope, call, evaluation),
      ...(scope.agent ? { agent: scope.agent } : {}),
      signal: request.signal,
    });
    if (answer.kind === "deny") {
      const message = answer.message.trim() || `The tool call was refused (${summary}).`;
      return finish(request, { behavior: "deny", by: "user", message, endTurn: answer.endTurn });
    }
    if (answer.kind === "no") {
      const said = answer.message?.trim();
      // A plain no ends the turn; a no with an instruction hands it to the model, and the turn goes on.
      if (said) {
        const message = `The user declined this tool call (${summary}). The user said: ${said}`;
        return finish(request, { behavior: "deny", by: "user", message, endTurn: false });
      }
      const message = `The user declined this tool call (${summary}). Do not retry it; wait for the user's instructions.`;
      return finish(request, { behavior: "deny", by: "user", message, endTurn: true });
    }
    if ((answer.kind === "always" || answer.kind === "session") && !remember)
      return finish(request, { behavior: "allow", by: "user" });
    if (answer.kind === "session") {
      try {
        addRule("allow", answer.rule, "session");
      } catch (error) {
        options.onWarning?.(`Could not add the rule ${answer.rule}: ${errorMessage(error)}`);
      }
      return finish(request, { behavior: "allow", by: "user", rule: answer.rule });
    }
    if (answer.kind === "always") {
      try {
        addRule("allow", answer.rule, "session");
        await options.persistRule?.(answer.rule);
      } catch (error) {
        const text = errorMessage(error);
        options.onWarning?.(`Could not save the rule ${answer.rule}: ${text}`);
        options.tracer.trace("permission.persist-failed", { rule: answer.rule, error: text });
      }
      return finish(request, { behavior: "allow", by: "user", rule: answer.rule });
    }
    if (answer.updatedInput)
      return finish(request, { behavior: "allow", by: "user", updatedInput: answer.updatedInput });
    return finish(request, { behavior: "allow", by: "user" });
  };

  /** Where the Bash tool's shell starts: the folder earlier calls left it in (the project if it is gone). */
  const shellStart = (scope: GateScope, request: PermissionRequest): ShellStart => {
    const base = scope.context.cwd;
    const folder = request.shellCwd !== undefined && isFolder(request.shellCwd) ? request.shellCwd : base;
    const real = realPathLoose(folder);
    const inherited = options.inheritedPwd;
    const logicalCwd =
      inherited !== undefined && isFolder(inherited) && realPathLoose(inherited) === real
        ? inherited
        : undefined;
    return { cwd: real, logicalCwd, cdpath: options.cdpath, fastPath: scope.fastPath };
  };

  /** Every decision is traced with the agent it was made for (absent: the main conversation). */
  const check = async (scope: GateScope, request: PermissionRequest): Promise<PermissionDecision> => {
    const decision = await decide(scope, request);
    options.tracer.trace("permission.decision", {
      tool: request.toolName,
      decision: decision.behavior,
      by: decision.by,
      rule: decision.rule,
      agent: scope.agent,
    });
    return decision;
  };

  const decide = async (scope: GateScope, request: PermissionRequest): Promise<PermissionDecision> => {
    const shell = request.toolName === "Bash" ? shellStart(scope, request) : undefined;
    const call = describeCall(request.toolName, request.input, scope.context, request.paths, shell);
    const evaluation = evaluateInScope(scope, request, call, shell);
    if (evaluation.kind === "deny") {
      const { by, rule, message } = evaluation;
      return finish(request, { behavior: "deny", by, rule, message });
    }
    // Leaving the sandbox is a person's decision alone: no mode, rule or hook answers it.
    if (request.sandboxIntent === "leave-requested") return leaveSandbox(scope, request, call);
    if (evaluation.kind === "allow") return finish(request, allowed(evaluation, gitEnv));
    if (
      options.autoAllowSandboxed === true &&
      request.sandboxIntent === "contained" &&
      evaluation.cause !== "rule" &&
      evaluation.cause !== "hook"
    )
      return finish(request, { behavior: "allow", by: "sandbox" });
    const scopeMode = scope.mode();
    const unattended = scopeMode === "dontAsk" || !options.interactive || !options.prompter;
    const headlessWrite = unattended && options.allowWrite && !options.interactive && scopeMode !== "dontAsk";
    if (headlessWrite && evaluation.cause === "default") {
      return finish(request, { behavior: "allow", by: "mode" });
    }
    if (scopeMode !== "dontAsk" && options.beforeAsk) {
      const answer = await options.beforeAsk({
        toolName: request.toolName,
        input: request.input,
        toolUseId: request.toolUseId,
        summary: summaryOf(scope, call),
        reason: evaluation.reason,
        ...offered(scope, call, evaluation),
        ...(scope.agent ? { agent: scope.agent } : {}),
        signal: request.signal,
      });
      if (answer.behavior === "allow") {
        const { updatedInput } = answer;
        return finish(request, { behavior: "allow", by: "hook", ...(updatedInput ? { updatedInput } : {}) });
      }
      if (answer.behavior === "deny") {
        const { message, endTurn } = answer;
        return finish(request, { behavior: "deny", by: "hook", message, ...(endTurn ? { endTurn } : {}) });
      }
    }
    if (unattended) return refuse(scope, request, evaluation, call);
    options.tracer.trace("permission.decision", {
      tool: request.toolName,
      decision: "ask",
      by: evaluation.by,
      rule: evaluation.rule,
      agent: scope.agent,
    });
    // One prompt at a time; re-evaluate once it is our turn (an earlier "always" may cover this call).
    const turn = promptChain.then(async () => {
      const again = evaluateInScope(scope, request, call, shell);
      if (again.kind === "allow") return finish(request, allowed(again, gitEnv));
      if (again.kind === "deny")
        return finish(request, { behavior: "deny", by: again.by, rule: again.rule, message: again.message });
      return prompt(scope, request, again, call);
    });
    promptChain = turn.catch(() => undefined);
    return turn;
  };

  const readDeniedBy = (absolutePath: string) => readDeniedIn(compiled, context, absolutePath);
  const readDenyBelow = (folder: string) => readDenyBelowIn(compiled, context, folder);
  const isToolHidden = (toolName: string) =>
    compiled.some((rule) => rule.behavior === "deny" && coversWholeTool(rule.rule, toolName));

  const scoped = (scopeOptions: {
    mode?: PermissionMode;
    cwd?: string;
    agent?: string;
  }): ScopedPermissionGate => {
    const own = scopeOptions.mode;
    let scope: GateScope = {
      ...root,
      mode: () => narrowerMode(modeState.current, own),
      agent: scopeOptions.agent,
    };
    if (scopeOptions.cwd !== undefined && realPathLoose(scopeOptions.cwd) !== cwd) {
      const there = { cwd: realPathLoose(scopeOptions.cwd), homeDir: context.homeDir };
      const anchored = compiled.map((entry) =>
        compileRule(entry.behavior, { rule: entry.rule.text, source: entry.source }, there),
      );
      scope = {
        ...scope,
        rules: () => anchored,
        context: there,
        // The worktree stands in for the project; the added directories are the session's, as they are now.
        workspaceRoots: () => [there.cwd, ...workspaceRoots.slice(1)],
        guard: { rules: () => compiled, context },
      };
    }
    const current = scope;
    return {
      check: (request) => check(current, request),
      isToolHidden,
      readDeniedBy: (absolutePath) =>
        readDeniedIn(current.rules(), current.context, absolutePath) ??
        (current.guard ? readDeniedBy(absolutePath) : undefined),
      readDenyBelow: (folder) =>
        readDenyBelowIn(current.rules(), current.context, folder) ||
        (current.guard !== undefined && readDenyBelow(folder)),
      get mode() {
        return current.mode();
      },
    };
  };

  return {
    check: (request) => check(root, request),
    scoped,
    readDeniedBy,
    readDenyBelow,
    isToolHidden,
    addRule,
    removeRule,
    rules: () => {
      const result: PermissionRules = { allow: [], deny: [], ask: [] };
      for (const rule of compiled) result[rule.behavior].push({ rule: rule.rule.text, source: rule.source });
      return result;
    },
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
    removeDirectory(directory) {
      const root = resolveUserPath(directory, context);
      const index = workspaceRoots.indexOf(root);
      // The project itself always stays in the workspace.
      if (index <= 0) return false;
      workspaceRoots.splice(index, 1);
      return true;
    },
  };
}

/** The start-up line saying which guarantee the read-only fast path has. */
export function fastPathNotice(fastPath: FastPath): string {
  return fastPath === "enforced"
    ? "read-only commands (enforced): those the gate finds read-only run without a prompt, inside the sandbox's read-only profile"
    : "read-only commands (strict): no sandbox contains them here, so only known-safe command and option forms run without a prompt";
}

/** The decision of an allowing evaluation; a strict fast-path line's git gets the attribute drivers
 *  configured where it runs replaced (util/git-drivers.ts), read in the shells' environment. */
function allowed(evaluation: Extract<Evaluation, { kind: "allow" }>, env: Env): PermissionDecision {
  const { by, rule, readOnlyFastPath, gitFolders } = evaluation;
  const gitDrivers = gitFolders === undefined ? undefined : gitDriversOfFolders(gitFolders, env);
  const extra = { ...(readOnlyFastPath ? { readOnlyFastPath } : {}), ...(gitDrivers ? { gitDrivers } : {}) };
  return { behavior: "allow", by, rule, ...extra };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
