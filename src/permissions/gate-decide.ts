// How the gate decides one call in a scope: evaluate it (evaluate.ts through gate-scope.ts), then, for
// an "ask", leaving the sandbox (only a person allows it), the sandbox's auto-allow, ALLOW_WRITE, the
// PermissionRequest hooks, the headless denial, or a prompt in turn (re-evaluated when its turn comes).
// Every decision is traced. Putting the question and reading the answer is gate-prompt.ts.
import { statSync } from "node:fs";
import { gitDriversOfFolders } from "../util/index.js";
import type { Evaluation } from "./evaluate.js";
import type { Env, GateCore, PermissionGateOptions } from "./gate-options.js";
import {
  type AskEvaluation,
  askPerson,
  type DescribedCall,
  finish,
  offered,
  refuse,
  summaryOf,
} from "./gate-prompt.js";
import { evaluateInScope, type GateScope } from "./gate-scope.js";
import { describeCall, type ShellStart } from "./match-rule.js";
import { realPathLoose } from "./path-pattern.js";
import type { PermissionDecision, PermissionRequest } from "./types.js";

/** Every decision is traced with the agent it was made for (absent: the main conversation). */
export async function checkCall(
  core: GateCore,
  scope: GateScope,
  request: PermissionRequest,
): Promise<PermissionDecision> {
  const decision = await decide(core, scope, request);
  core.options.tracer.trace("permission.decision", {
    tool: request.toolName,
    decision: decision.behavior,
    by: decision.by,
    rule: decision.rule,
    agent: scope.agent,
  });
  return decision;
}

async function decide(
  core: GateCore,
  scope: GateScope,
  request: PermissionRequest,
): Promise<PermissionDecision> {
  const { options } = core;
  const shell = request.toolName === "Bash" ? shellStart(options, scope, request) : undefined;
  const call = describeCall(request.toolName, request.input, scope.context, request.paths, shell);
  const evaluation = evaluateInScope(scope, request, call, shell);
  if (evaluation.kind === "deny") {
    const { by, rule, message } = evaluation;
    return finish({ behavior: "deny", by, rule, message });
  }
  // Leaving the sandbox is a person's decision alone: no mode, rule or hook answers it.
  if (request.sandboxIntent === "leave-requested") return leaveSandbox(core, scope, request, call);
  if (evaluation.kind === "allow") return finish(allowed(evaluation, core.gitEnv));
  if (
    options.autoAllowSandboxed === true &&
    request.sandboxIntent === "contained" &&
    evaluation.cause !== "rule" &&
    evaluation.cause !== "hook"
  )
    return finish({ behavior: "allow", by: "sandbox" });
  const scopeMode = scope.mode();
  const unattended = scopeMode === "dontAsk" || !options.interactive || !options.prompter;
  const headlessWrite = unattended && options.allowWrite && !options.interactive && scopeMode !== "dontAsk";
  if (headlessWrite && evaluation.cause === "default") {
    return finish({ behavior: "allow", by: "mode" });
  }
  if (scopeMode !== "dontAsk" && options.beforeAsk) {
    const answered = await hookAnswer(options, scope, request, evaluation, call);
    if (answered) return answered;
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
  return core.inTurn(async () => {
    const again = evaluateInScope(scope, request, call, shell);
    if (again.kind === "allow") return finish(allowed(again, core.gitEnv));
    if (again.kind === "deny")
      return finish({ behavior: "deny", by: again.by, rule: again.rule, message: again.message });
    return askPerson(core, scope, request, again, call);
  });
}

/** The PermissionRequest hooks' answer to the question about to be put: an allow or a deny decides,
 *  anything else leaves it to the person or the headless policy (undefined). */
async function hookAnswer(
  options: PermissionGateOptions,
  scope: GateScope,
  request: PermissionRequest,
  evaluation: AskEvaluation,
  call: DescribedCall,
): Promise<PermissionDecision | undefined> {
  const answer = await options.beforeAsk?.({
    toolName: request.toolName,
    input: request.input,
    toolUseId: request.toolUseId,
    summary: summaryOf(scope, call),
    reason: evaluation.reason,
    ...offered(scope, call, evaluation),
    ...(scope.agent ? { agent: scope.agent } : {}),
    signal: request.signal,
  });
  if (answer?.behavior === "allow") {
    const { updatedInput } = answer;
    return finish({ behavior: "allow", by: "hook", ...(updatedInput ? { updatedInput } : {}) });
  }
  if (answer?.behavior === "deny") {
    const { message, endTurn } = answer;
    return finish({ behavior: "deny", by: "hook", message, ...(endTurn ? { endTurn } : {}) });
  }
  return undefined;
}

/** A command the model wants to run outside the sandbox: asked of the person, never remembered;
 *  where nobody can be asked, denied. */
function leaveSandbox(
  core: GateCore,
  scope: GateScope,
  request: PermissionRequest,
  call: DescribedCall,
): Promise<PermissionDecision> | PermissionDecision {
  const { options } = core;
  const unattended = scope.mode() === "dontAsk" || !options.interactive || !options.prompter;
  if (unattended)
    return finish({
      behavior: "deny",
      by: "headless",
      message:
        "Permission denied: the command asks to run outside the sandbox (dangerouslyDisableSandbox), which only a person can allow, and this run cannot ask. Run it inside the sandbox, or ask the user to run it.",
    });
  const evaluation: AskEvaluation = {
    kind: "ask",
    by: "mode",
    cause: "default",
    reason:
      "the command asks to run OUTSIDE the sandbox (dangerouslyDisableSandbox): with your yes it can write anywhere you can, use the network and read your credentials",
    pending: [],
  };
  return core.inTurn(() => askPerson(core, scope, request, evaluation, call, { remember: false }));
}

/** Where the Bash tool's shell starts: the folder earlier calls left it in (the project if it is gone). */
function shellStart(
  options: PermissionGateOptions,
  scope: GateScope,
  request: PermissionRequest,
): ShellStart {
  const base = scope.context.cwd;
  const folder = request.shellCwd !== undefined && isFolder(request.shellCwd) ? request.shellCwd : base;
  const real = realPathLoose(folder);
  const inherited = options.inheritedPwd;
  const logicalCwd =
    inherited !== undefined && isFolder(inherited) && realPathLoose(inherited) === real
      ? inherited
      : undefined;
  return { cwd: real, logicalCwd, cdpath: options.cdpath, fastPath: scope.fastPath };
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
