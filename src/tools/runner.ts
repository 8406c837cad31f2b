// The ToolRunner: the single path every tool call takes (built-in, MCP, skill). Its stages, each in
// runner/: validate → PreToolUse hooks → permission gate → execute → PostToolUse / PostToolUseFailure.
// A hook deny is final; a hook allow skips the prompt but never a deny rule; a hook ask forces a
// prompt. Failures of any stage become tool results the model sees; nothing here throws.
import type { ProcessLauncher, Redact } from "../contracts/index.js";
import type { BatchCall, HookEventName, HookNotice, ToolHooks } from "../hooks/index.js";
import type { ToolUseBlock } from "../model/index.js";
import type { PermissionGate } from "../permissions/index.js";
import type { Tracer } from "../util/index.js";
import { errorMessage, gitGuardEnvironment, systemNote } from "../util/index.js";
import type { ToolExecution, ToolExecutor } from "./execution.js";
import type { ToolRegistry } from "./registry.js";
import { interrupted, type PermissionDenial, stopControl } from "./runner/call-outcome.js";
import { chooseContainment, type SandboxFacts } from "./runner/containment.js";
import { executeTool } from "./runner/execute-stage.js";
import { checkPermission } from "./runner/permission-stage.js";
import { runPostToolUse } from "./runner/post-tool-use-stage.js";
import { runPreToolUse } from "./runner/pre-tool-use-stage.js";
import { redactExecuted } from "./runner/redact-stage.js";
import { type ParsedInput, validateCall } from "./runner/validate-call.js";
import type { Tool, ToolContext } from "./tool.js";

export type { PermissionDenial, SandboxFacts };

/** What the runner and the tools need of the run's containment: how processes start, the sandbox
 *  facts the containment choice reads, and the redaction of results. */
export type CallContainment = {
  launcher: ProcessLauncher;
  sandbox: SandboxFacts;
  redact: Redact;
};

export type ToolRunnerOptions = {
  registry: ToolRegistry;
  /** Required: a runner without hooks or a gate would run calls unchecked (tests that want none
   *  pass `noHooks()` / `allowAllGate()` from test/support explicitly). */
  hooks: ToolHooks;
  gate: PermissionGate;
  /** The call's context; the runner adds the launcher and the containment it chose. */
  context: (toolUseId: string, signal: AbortSignal) => Omit<ToolContext, "containment" | "launcher">;
  /** How processes start, the sandbox facts the containment choice reads (runner/containment.ts),
   *  and the redaction every result gets before PostToolUse hooks, the model and the transcript. */
  containment: CallContainment;
  tracer: Tracer;
  onDenial?: (denial: PermissionDenial) => void;
  /** A call passed validation, PreToolUse and the gate: its tool runs now. */
  onExecute?: (toolUseId: string) => void;
  /** Notices of the runner itself (hook engines report their own notices as they happen). */
  onNotice?: (notice: HookNotice) => void;
};

export function createToolRunner(options: ToolRunnerOptions): ToolExecutor {
  const { registry, tracer } = options;
  const parse = memoizedParse();
  /** What each executed call ran with and returned (PostToolBatch's tool_calls). */
  const executedCalls = new WeakMap<ToolUseBlock, BatchCall>();
  const hookFailure = hookFailureNotice(options.onNotice);

  /** The stages in order; each either ends the call with its execution or hands on to the next. */
  async function pipeline(call: ToolUseBlock, signal: AbortSignal): Promise<ToolExecution> {
    const { launcher, sandbox, redact } = options.containment;
    const context: ToolContext = { ...options.context(call.id, signal), launcher, containment: "none" };
    const valid = validateCall(call, registry, parse, context);
    if (valid.type === "invalid") return valid.execution;
    const { tool } = valid;
    const pre = await runPreToolUse(options, call, tool, valid.input, context);
    if (pre.type === "denied") return pre.execution;
    const { carried } = pre;
    if (signal.aborted) return interrupted(call, tool.name, carried.notes);
    // The time the gate takes (a prompt waiting for the user) is not the tool's time.
    const asked = Date.now();
    const stage = { ...options, sandbox };
    const permission = await checkPermission(stage, call, tool, pre.input, context, pre.hook, carried);
    const waitedMs = Date.now() - asked;
    if (permission.type === "denied") return { ...permission.execution, waitedMs };
    const { input } = permission;
    if (permission.summary) carried.summary = permission.summary;
    if (signal.aborted) return interrupted(call, tool.name, carried.notes);
    context.containment = chooseContainment(permission.plan, permission.decision, sandbox);
    tracer.trace("tool.containment", { tool: tool.name, id: call.id, containment: context.containment });
    // A fast-path command's git cannot be made to run a program by files in the project.
    if (permission.decision.readOnlyFastPath)
      context.baseEnv = gitGuardEnvironment(context.baseEnv ?? {}, permission.decision.gitDrivers);
    const folder = context.shell.cwd;
    options.onExecute?.(call.id);
    const executed = redactExecuted(await executeTool(tool, input, context), redact);
    executedCalls.set(call, {
      toolName: tool.name,
      toolInput: input,
      toolUseId: call.id,
      toolResponse: executed.result.data ?? executed.result.content,
    });
    if (context.shell.cwd !== folder) await announceCwdChange(options.hooks, folder, context, hookFailure);
    return {
      ...(await runPostToolUse(options.hooks, call, tool, input, executed, carried, signal)),
      waitedMs,
    };
  }

  async function run(call: ToolUseBlock, signal: AbortSignal): Promise<ToolExecution> {
    const started = Date.now();
    tracer.trace("tool.start", { tool: call.name, id: call.id });
    const execution = await pipeline(call, signal);
    tracer.trace("tool.end", {
      tool: call.name,
      id: call.id,
      ok: execution.result.is_error !== true,
      code: execution.code,
      ms: Date.now() - started,
    });
    return execution;
  }

  return {
    isReadOnly(call) {
      const tool = registry.get(call.name);
      if (!tool || call.inputError) return true;
      const parsed = parse(tool, call);
      return parsed.success ? tool.isReadOnly(parsed.data) : true;
    },
    summary(call) {
      const tool = registry.get(call.name);
      const parsed = tool ? parse(tool, call) : undefined;
      const key = tool?.summary && parsed?.success ? tool.summary(parsed.data) : "";
      return key ? `${call.name}(${key})` : call.name;
    },
    run,
    afterBatch: (calls, signal) => runPostToolBatch(options.hooks, executedCalls, calls, signal, hookFailure),
  };
}

type HookFailure = (event: HookEventName, error: unknown) => undefined;

/** One validation per call: the loop asks isReadOnly and summary before run, all on the same input. */
function memoizedParse(): (tool: Tool, call: ToolUseBlock) => ParsedInput {
  const parsedInputs = new WeakMap<ToolUseBlock, ParsedInput>();
  return (tool, call) => {
    let parsed = parsedInputs.get(call);
    if (!parsed) {
      const adapt = call.name === tool.name ? undefined : tool.aliases?.[call.name];
      parsed = tool.schema.safeParse(adapt ? adapt(call.input) : call.input);
      parsedInputs.set(call, parsed);
    }
    return parsed;
  };
}

/** A hook event that could not run at all (not a hook's own error): said once, the call goes on. */
function hookFailureNotice(onNotice: ToolRunnerOptions["onNotice"]): HookFailure {
  return (event, error) => {
    onNotice?.({
      kind: "error",
      event,
      hook: "",
      source: "",
      text: `${event} hooks could not run: ${errorMessage(error)}`,
    });
    return undefined;
  };
}

/** A call moved the shell's folder: CwdChanged hooks run, and their exports and unsets reach the
 *  shell's environment. */
async function announceCwdChange(
  hooks: ToolHooks,
  folder: string,
  context: ToolContext,
  hookFailure: HookFailure,
): Promise<void> {
  if (!hooks?.cwdChanged) return;
  const { env } = context.shell;
  // The call already ran: a CwdChanged failure is reported, and the call keeps its result.
  const changed = await hooks
    .cwdChanged(folder, context.shell.cwd, (name) => (name in env ? env[name] : context.baseEnv?.[name]))
    .catch((error: unknown) => hookFailure("CwdChanged", error));
  Object.assign(env, changed?.envExports ?? {});
  for (const name of changed?.envUnset ?? []) delete env[name];
}

/** PostToolBatch after a response's calls: its context and block reason become notes, its stop a
 *  turn control. */
async function runPostToolBatch(
  hooks: ToolHooks,
  executedCalls: WeakMap<ToolUseBlock, BatchCall>,
  calls: ToolUseBlock[],
  signal: AbortSignal,
  hookFailure: HookFailure,
): ReturnType<NonNullable<ToolExecutor["afterBatch"]>> {
  if (!hooks?.postToolBatch || calls.length === 0 || signal.aborted) return { notes: [] };
  const batch = calls.map(
    (call): BatchCall =>
      executedCalls.get(call) ?? {
        toolName: call.name,
        toolInput: call.input as Record<string, unknown>,
        toolUseId: call.id,
      },
  );
  const outcome = await hooks
    .postToolBatch(batch, signal)
    .catch((error: unknown) => hookFailure("PostToolBatch", error));
  if (!outcome) return { notes: [] };
  const notes = [...outcome.additionalContext];
  if (outcome.blockReason) notes.unshift(outcome.blockReason);
  const control = stopControl(outcome.stop);
  return {
    notes: notes.map((text) => systemNote("PostToolBatch", text)),
    ...(control ? { control } : {}),
  };
}
