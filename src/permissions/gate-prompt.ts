// Turning the gate's "ask" into an answer: a question put to the person (their yes, no, deny or "don't
// ask again" rule, which is recorded) or, where nobody can be asked, a denial that names the reason and
// how to allow the call. Which calls get here and when is gate-decide.ts.
import { errorMessage, present } from "../util/index.js";
import type { Evaluation } from "./evaluate.js";
import type { GateCore } from "./gate-options.js";
import type { GateScope } from "./gate-scope.js";
import type { CallFacts, describeCall } from "./match-rule.js";
import { suggestRule, suggestRules, summarizeCall } from "./suggest-rule.js";
import type { PermissionDecision, PermissionRequest } from "./types.js";

export type AskEvaluation = Extract<Evaluation, { kind: "ask" }>;
export type DescribedCall = ReturnType<typeof describeCall>;

/** A decision as the gate returns it: no `rule` field when no rule decided. */
export function finish(decision: PermissionDecision): PermissionDecision {
  if (decision.rule === undefined) delete decision.rule;
  return decision;
}

/** The rules a question offers: broad for this session, narrow for always. */
export function offered(scope: GateScope, call: CallFacts, evaluation: AskEvaluation) {
  const rules = suggestRules(call, scope.context.cwd, evaluation.pending);
  return { sessionRule: rules.session, suggestedRule: rules.always };
}

/** The call in one line; a subagent's calls name the agent. */
export function summaryOf(scope: GateScope, call: CallFacts): string {
  return `${scope.agent ? `[agent ${scope.agent}] ` : ""}${summarizeCall(call)}`;
}

/** The denial of a question nobody can be asked (dontAsk, or a non-interactive run). */
export function refuse(
  scope: GateScope,
  request: PermissionRequest,
  evaluation: AskEvaluation,
  call: DescribedCall,
): PermissionDecision {
  const rule = evaluation.rule;
  if (scope.mode() === "dontAsk") {
    const message = rule
      ? `Permission denied: ${evaluation.reason}, and the permission mode is dontAsk (nothing is asked).`
      : `Permission denied: ${request.toolName} is not allowed by any rule and the permission mode is dontAsk. Add an allow rule to permit it.`;
    return finish({ behavior: "deny", by: rule ? "rule" : "mode", rule, message });
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
  return finish({ behavior: "deny", by: "headless", rule, message: `Permission denied: ${why}.` });
}

/** Puts the question to the person and turns the answer into a decision; a "don't ask again" answer
 *  adds its rule (and saves an "always" one) unless `remember` is false. */
export async function askPerson(
  core: GateCore,
  scope: GateScope,
  request: PermissionRequest,
  evaluation: AskEvaluation,
  call: DescribedCall,
  { remember = true }: { remember?: boolean } = {},
): Promise<PermissionDecision> {
  const { options } = core;
  const prompter = present(options.prompter, "a prompt is asked only when a prompter is set (attended)");
  const summary = summaryOf(scope, call);
  if (request.signal?.aborted) {
    return finish({ behavior: "deny", by: "user", message: "The tool call was aborted.", endTurn: true });
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
    return finish({ behavior: "deny", by: "user", message, endTurn: answer.endTurn });
  }
  if (answer.kind === "no") {
    const said = answer.message?.trim();
    // A plain no ends the turn; a no with an instruction hands it to the model, and the turn goes on.
    if (said) {
      const message = `The user declined this tool call (${summary}). The user said: ${said}`;
      return finish({ behavior: "deny", by: "user", message, endTurn: false });
    }
    const message = `The user declined this tool call (${summary}). Do not retry it; wait for the user's instructions.`;
    return finish({ behavior: "deny", by: "user", message, endTurn: true });
  }
  if ((answer.kind === "always" || answer.kind === "session") && !remember)
    return finish({ behavior: "allow", by: "user" });
  if (answer.kind === "session") {
    try {
      core.addRule("allow", answer.rule, "session");
    } catch (error) {
      options.onWarning?.(`Could not add the rule ${answer.rule}: ${errorMessage(error)}`);
    }
    return finish({ behavior: "allow", by: "user", rule: answer.rule });
  }
  if (answer.kind === "always") {
    try {
      core.addRule("allow", answer.rule, "session");
      await options.persistRule?.(answer.rule);
    } catch (error) {
      const text = errorMessage(error);
      options.onWarning?.(`Could not save the rule ${answer.rule}: ${text}`);
      options.tracer.trace("permission.persist-failed", { rule: answer.rule, error: text });
    }
    return finish({ behavior: "allow", by: "user", rule: answer.rule });
  }
  if (answer.updatedInput)
    return finish({ behavior: "allow", by: "user", updatedInput: answer.updatedInput });
  return finish({ behavior: "allow", by: "user" });
}
