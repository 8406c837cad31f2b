// The tools whose call is a question to the person: AskUserQuestion (multiple-choice questions) and
// ExitPlanMode (approve the plan). Their permission question *is* the question, so no mode, allow rule
// or ALLOW_WRITE skips it: it goes to the prompter (the REPL's dialog, an SDK program's canUseTool) or a
// PermissionRequest hook, and where nobody can be asked the call is refused. A PreToolUse hook's allow
// answers it on the person's behalf (its updatedInput carries the answers). Deny rules still win, and
// ExitPlanMode outside plan mode is refused.
import type { Evaluation } from "./evaluate.js";
import type { PermissionMode, PermissionRequest } from "./types.js";

const REASONS: Readonly<Record<string, string>> = {
  AskUserQuestion:
    "AskUserQuestion puts questions to the user, which only a person (or a program or hook answering for them) can answer",
  ExitPlanMode:
    "ExitPlanMode asks the user to approve the plan, which only a person (or a program or hook answering for them) can do",
};

/** The verdict for a person tool (undefined: not one, or a hook already answered for the person). */
export function personToolEvaluation(
  request: PermissionRequest,
  mode: PermissionMode,
): Evaluation | undefined {
  const reason = REASONS[request.toolName];
  if (reason === undefined) return undefined;
  if (request.toolName === "ExitPlanMode" && mode !== "plan")
    return {
      kind: "deny",
      by: "mode",
      message:
        "You are not in plan mode, so there is no plan to approve: ExitPlanMode only ends plan mode. Go on with the task.",
    };
  if (request.hookDecision === "allow") return undefined;
  return { kind: "ask", by: "mode", cause: "person", reason, pending: [] };
}
