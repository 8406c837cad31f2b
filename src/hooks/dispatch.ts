// The core of one hook event: select the matching handlers (matcher, `if` rule, de-duplication),
// build the stdin payload, run them all in parallel, parse each verdict, trace each run and report
// hook-start/hook-end, then merge in configuration order. No matching handler: nothing is spawned.
import type { Redact } from "../contracts/index.js";
import type { Tracer } from "../util/index.js";
import { type HookConfig, type HookHandler, handlerKey, handlerName } from "./config-types.js";
import { EVENT_CATALOG, TOOL_EVENTS, traceName } from "./event-catalog.js";
import { emptyOutcome, type HookRun, type MergedOutcome, mergeRuns, runDecision } from "./merge.js";
import { parseHookOutput } from "./parse-output.js";
import type { CommandResult } from "./run-command.js";
import { type CallbackInvoker, type HookProcesses, runHandler } from "./run-handler.js";
import type { AskModel } from "./run-prompt.js";
import type { HookEventName, HookRunEvent } from "./types.js";

export type RuleMatcher = (
  rule: string,
  toolName: string,
  toolInput: Record<string, unknown>,
) => boolean | "unparseable";

export type DispatchOptions = {
  config: HookConfig;
  processes: HookProcesses;
  projectDir: string;
  sessionId: string;
  baseEnv: Record<string, string | undefined>;
  tracer: Tracer;
  permissionMode: () => string;
  transcriptPath?: () => string | null;
  matchRule?: RuleMatcher;
  onEvent?: (event: HookRunEvent) => void;
  /** The model prompt hooks ask (absent: a prompt hook is a hook error saying so). */
  askModel?: AskModel;
  /** reagent's fields after Claude Code's common ones in every payload (the session's live usage). */
  liveFields?: () => Record<string, unknown>;
};

export type DispatchRequest = {
  event: HookEventName;
  /** Event-specific payload fields (merged after the common ones). */
  fields: Record<string, unknown>;
  tool?: { name: string; input: Record<string, unknown> };
  signal?: AbortSignal;
  /** Extra environment for this event's hooks (CLAUDE_ENV_FILE for SessionStart). */
  env?: Record<string, string>;
};

type DispatchResult = { runs: HookRun[]; merged: MergedOutcome };

/** The handlers of `candidates` that apply to `request`: the matcher matches its match field (an `Agent`
 *  call also matches `Task`), the `if` rule does not rule the tool call out, and each handler once. */
function selectFor(
  candidates: readonly HookHandler[],
  request: DispatchRequest,
  matchRule: RuleMatcher | undefined,
): HookHandler[] {
  const field = EVENT_CATALOG[request.event].matchField;
  const value = field === undefined ? undefined : String(request.fields[field] ?? "");
  const seen = new Set<string>();
  return candidates.filter((handler) => {
    // The Agent tool was called Task in Claude Code: matchers written for either name apply.
    const matches =
      value !== undefined &&
      (handler.matches(value) ||
        (value === "Agent" && TOOL_EVENTS.has(request.event) && handler.matches("Task")));
    if (value !== undefined && !matches) return false;
    if (handler.ifRule !== undefined) {
      if (!request.tool || !TOOL_EVENTS.has(request.event)) return false;
      const verdict = matchRule
        ? matchRule(handler.ifRule, request.tool.name, request.tool.input)
        : "unparseable";
      if (verdict === false) return false;
    }
    const key = handlerKey(handler);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The JSON on a hook's stdin: Claude Code's common fields, reagent's live ones, then the event's. */
function payloadOf(options: DispatchOptions, request: DispatchRequest): string {
  return JSON.stringify({
    session_id: options.sessionId,
    transcript_path: options.transcriptPath?.() ?? null,
    cwd: options.projectDir,
    permission_mode: options.permissionMode(),
    hook_event_name: request.event,
    ...options.liveFields?.(),
    ...request.fields,
  });
}

/** Runs one handler: hook-start, the run, its verdict from the redacted output, the trace line and hook-end. */
async function runOne(
  options: DispatchOptions,
  handler: HookHandler,
  request: DispatchRequest,
  stdin: string,
  invokeCallback: () => CallbackInvoker | undefined,
): Promise<HookRun> {
  const hook = handlerName(handler);
  const base = { event: request.event, hook, source: handler.source, matcher: handler.matcher };
  options.onEvent?.({ type: "hook-start", ...base });
  const call = { event: request.event, stdin, env: request.env, signal: request.signal };
  const result = await runHandler(options, handler, call, invokeCallback());
  // Redacted once for all that follows: the verdict, and the notices that quote the hook's stderr.
  const redacted = redactedOutput(result, options.processes.redact);
  const verdict = parseHookOutput(request.event, handler, redacted);
  const run: HookRun = { handler, result: redacted, verdict };
  const decision = runDecision(request.event, run);
  const outcome =
    result.failure?.kind === "timeout"
      ? "timeout"
      : verdict.kind === "error"
        ? "error"
        : decision === "deny" || decision === "block"
          ? "block"
          : "success";
  options.tracer.trace(traceName(request.event), {
    tool: request.tool?.name,
    matcher: handler.matcher || "*",
    hook,
    exitCode: result.exitCode,
    ms: Math.round(result.durationMs),
    decision,
    error: verdict.kind === "error" ? verdict.reason : undefined,
  });
  options.onEvent?.({
    type: "hook-end",
    ...base,
    exitCode: result.exitCode,
    durationMs: result.durationMs,
    outcome,
    decision,
    ...(verdict.kind === "error" ? { error: verdict.reason } : {}),
  });
  return run;
}

export function createDispatcher(options: DispatchOptions) {
  const byEvent = new Map<HookEventName, HookHandler[]>();
  let invokeCallback: CallbackInvoker | undefined;
  const add = (handler: HookHandler) => {
    const list = byEvent.get(handler.event) ?? [];
    list.push(handler);
    byEvent.set(handler.event, list);
  };
  for (const handler of options.config.handlers) add(handler);

  function select(request: DispatchRequest): HookHandler[] {
    const candidates = byEvent.get(request.event);
    return candidates ? selectFor(candidates, request, options.matchRule) : [];
  }

  return {
    has(event: HookEventName): boolean {
      return byEvent.has(event);
    },
    /** Adds SDK hook callbacks (after the configured hooks, in configuration order) and how to run them. */
    registerCallbacks(handlers: readonly HookHandler[], invoke: CallbackInvoker): void {
      invokeCallback = invoke;
      for (const handler of handlers) add(handler);
    },
    select,
    /** The matcher texts of the handlers configured for `event`. */
    matchersOf(event: HookEventName): string[] {
      return (byEvent.get(event) ?? []).map((handler) => handler.matcher);
    },
    async dispatch(request: DispatchRequest, handlers = select(request)): Promise<DispatchResult> {
      if (handlers.length === 0) return { runs: [], merged: emptyOutcome() };
      const stdin = payloadOf(options, request);
      const runs = await Promise.all(
        handlers.map((handler) => runOne(options, handler, request, stdin, () => invokeCallback)),
      );
      return { runs, merged: mergeRuns(request.event, runs) };
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/** What a hook printed, with secrets replaced before anything reads it. */
function redactedOutput(result: CommandResult, redact: Redact): CommandResult {
  return { ...result, stdout: redact(result.stdout), stderr: redact(result.stderr) };
}
