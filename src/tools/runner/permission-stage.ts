// Stage 3 of the ToolRunner: the permission gate. It gets the (possibly rewritten) input, the real
// paths the call touches and the PreToolUse verdict (allow skips the prompt but never a deny rule;
// ask forces the prompt). A deny is a `permission_denied` result; a user's "no" also ends the turn.
// A prompt answered with a replacement input (a program driving reagent through the SDK) has it
// validated against the tool's schema and checked once more: the approval covers that input, but
// deny rules still apply to it. A denial nobody chose at the moment (a rule, the mode, a headless run)
// fires PermissionDenied; its `retry: true` tells the model it may try the call again.
import type { ToolHooks } from "../../hooks/index.js";
import type { ToolUseBlock } from "../../model/index.js";
import type { PermissionDecision, PermissionGate } from "../../permissions/index.js";
import { formatZodError, systemNote } from "../../util/index.js";
import type { ToolExecution } from "../execution.js";
import type { Tool, ToolContext } from "../tool.js";
import { type CallNotes, failure, type PermissionDenial } from "./call-outcome.js";
import { type CommandPlan, commandPlan, type SandboxFacts, sandboxIntent } from "./containment.js";
import type { HookVerdict } from "./pre-tool-use-stage.js";
import { absolutePaths } from "./validate-call.js";

type PermissionStage = {
  gate: PermissionGate;
  hooks: ToolHooks;
  sandbox: SandboxFacts;
  onDenial?: (denial: PermissionDenial) => void;
};

/** Denials decided by configuration rather than by a person or a hook at that moment. */
const AUTOMATIC: ReadonlySet<string> = new Set(["rule", "mode", "headless"]);

type PermissionOutcome =
  | {
      type: "allowed";
      input: Record<string, unknown>;
      summary?: string;
      decision: Extract<PermissionDecision, { behavior: "allow" }>;
      /** The sandbox plan of the input that runs. */
      plan: CommandPlan;
    }
  | { type: "denied"; execution: ToolExecution };

export async function checkPermission(
  stage: PermissionStage,
  call: ToolUseBlock,
  tool: Tool,
  input: Record<string, unknown>,
  context: ToolContext,
  hook: HookVerdict,
  carried: CallNotes,
): Promise<PermissionOutcome> {
  const scope: CallScope = { stage, call, tool, context, carried };
  const planOf = (callInput: Record<string, unknown>) => planFor(scope, callInput);
  const ask = (callInput: Record<string, unknown>, verdict: HookVerdict) =>
    askGate(scope, callInput, verdict);
  const denied = (decision: Denial, deniedInput: typeof input) => deniedCall(scope, decision, deniedInput);
  const decision = await ask(input, hook);
  if (decision.behavior === "deny") return denied(decision, input);
  if (!decision.updatedInput) return { type: "allowed", input, decision, plan: planOf(input) };
  const parsed = tool.schema.safeParse(decision.updatedInput);
  if (!parsed.success) return invalidReplacement(scope, input, formatZodError(parsed.error));
  const rewritten = absolutePaths(tool, parsed.data as Record<string, unknown>, context);
  const again = await ask(rewritten, {
    hookDecision: "allow",
    hookReason: "approved by the permission prompt",
  });
  if (again.behavior === "deny") return denied(again, rewritten);
  const key = tool.summary?.(rewritten);
  return {
    type: "allowed",
    input: rewritten,
    summary: `${tool.name}(${key ?? "…"}) [input rewritten by the permission prompt]`,
    decision: again,
    plan: planOf(rewritten),
  };
}

type Denial = Extract<PermissionDecision, { behavior: "deny" }>;

/** The one call the stage decides on, with what earlier stages carried. */
type CallScope = {
  stage: PermissionStage;
  call: ToolUseBlock;
  tool: Tool;
  context: ToolContext;
  carried: CallNotes;
};

function planFor({ stage, tool, context }: CallScope, callInput: Record<string, unknown>): CommandPlan {
  return commandPlan(tool.name, callInput, stage.sandbox, context.shell.cwd);
}

/** The gate's decision on one input, with the paths it touches and the hook's verdict. */
async function askGate(
  scope: CallScope,
  callInput: Record<string, unknown>,
  verdict: HookVerdict,
): Promise<PermissionDecision> {
  const { stage, call, tool, context } = scope;
  return stage.gate.check({
    toolName: tool.name,
    input: callInput,
    toolUseId: call.id,
    readOnly: tool.isReadOnly(callInput),
    paths: tool.paths ? await tool.paths(callInput, context) : [],
    // Where the Bash tool's shell is (earlier calls' cd): the gate resolves paths from there.
    shellCwd: context.shell.cwd,
    sandboxIntent: sandboxIntent(planFor(scope, callInput)),
    ...verdict,
    signal: context.signal,
  });
}

/** A denied call: PermissionDenied for an automatic denial, the denial reported, the turn ended
 *  after a user's "no". */
async function deniedCall(
  { stage, call, tool, carried }: CallScope,
  decision: Denial,
  deniedInput: Record<string, unknown>,
): Promise<PermissionOutcome> {
  const notes = [...carried.notes];
  if (AUTOMATIC.has(decision.by) && stage.hooks?.permissionDenied) {
    const verdict = await stage.hooks.permissionDenied({
      toolName: tool.name,
      toolInput: deniedInput,
      toolUseId: call.id,
      reason: decision.message,
    });
    if (verdict.retry)
      notes.push(systemNote("PermissionDenied", "A hook says you may retry this call.", tool.name));
  }
  stage.onDenial?.({
    tool_name: tool.name,
    tool_use_id: call.id,
    tool_input: deniedInput,
    reason: decision.message,
  });
  const control = decision.endTurn
    ? { type: "stop" as const, by: "user" as const, reason: decision.message }
    : carried.control;
  return {
    type: "denied" as const,
    execution: failure(call, "permission_denied", decision.message, {
      notes,
      control,
      summary: carried.summary,
    }),
  };
}

/** The prompt approved the call with a replacement input its schema refuses: the call does not run. */
function invalidReplacement(
  { stage, call, tool, carried }: CallScope,
  input: Record<string, unknown>,
  problem: string,
): PermissionOutcome {
  const reason = `The permission prompt approved ${tool.name} with an input that is not valid (${problem}); the call was not run.`;
  stage.onDenial?.({ tool_name: tool.name, tool_use_id: call.id, tool_input: input, reason });
  return {
    type: "denied",
    execution: failure(call, "invalid_input", reason, {
      notes: carried.notes,
      control: carried.control,
      summary: carried.summary,
    }),
  };
}
