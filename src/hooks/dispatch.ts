// The core of one hook event: select the matching handlers (matcher, `if` rule, de-duplication),
// build the stdin payload, run them all in parallel, parse each verdict, trace each run and report
// hook-start/hook-end, then merge in configuration order. No matching handler: nothing is spawned.
import type { Containment, ProcessLauncher, Redact } from "../contracts/index.js";
import type { Tracer } from "../util/index.js";
import { type HookConfig, type HookHandler, handlerKey, handlerName } from "./config-types.js";
import { EVENT_CATALOG, TOOL_EVENTS, traceName } from "./event-catalog.js";
import { emptyOutcome, type HookRun, type MergedOutcome, mergeRuns, runDecision } from "./merge.js";
import { parseHookOutput } from "./parse-output.js";
import { type CommandResult, runCommand } from "./run-command.js";
import { runHttpHook } from "./run-http.js";
import { type AskModel, runPromptHook } from "./run-prompt.js";
import type { HookEventName, HookRunEvent } from "./types.js";

export type RuleMatcher = (
  rule: string,
  toolName: string,
  toolInput: Record<string, unknown>,
) => boolean | "unparseable";

/** How hook processes start and what of their output others may see. */
export type HookProcesses = {
  launcher: ProcessLauncher;
  /** The containment of a command hook (a folder's hooks run in the sandbox when it is on). */
  containmentOf(handler: HookHandler): Containment;
  /** Applied to every hook's output (reasons, additionalContext, replaced tool output) before it is parsed. */
  redact: Redact;
};

type DispatchOptions = {
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

/** Runs an SDK hook callback: the payload object in, the callback's JSON answer (or failure) out,
 *  shaped as a command result so it is parsed and merged like a command hook's output. */
export type CallbackInvoker = (request: {
  callbackId: string;
  input: Record<string, unknown>;
  toolUseId?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}) => Promise<CommandResult>;

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

function substitute(text: string, projectDir: string): string {
  return text.replace(/\$\{(CLAUDE_PROJECT_DIR|REAGENT_PROJECT_DIR)\}/g, () => projectDir);
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
    if (!candidates) return [];
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
        const verdict = options.matchRule
          ? options.matchRule(handler.ifRule, request.tool.name, request.tool.input)
          : "unparseable";
        if (verdict === false) return false;
      }
      const key = handlerKey(handler);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  function payload(request: DispatchRequest): string {
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

  async function runOne(handler: HookHandler, request: DispatchRequest, stdin: string): Promise<HookRun> {
    const hook = handlerName(handler);
    const base = { event: request.event, hook, source: handler.source, matcher: handler.matcher };
    options.onEvent?.({ type: "hook-start", ...base });
    const result =
      handler.type === "callback"
        ? await callback(handler, request, stdin)
        : handler.type === "prompt"
          ? await runPromptHook({
              event: request.event,
              prompt: handler.command,
              model: handler.model,
              payload: stdin,
              timeoutMs: handler.timeoutMs,
              signal: request.signal,
              ask: options.askModel,
            })
          : handler.type === "http"
            ? await runHttpHook({
                url: handler.command,
                headers: handler.headers ?? {},
                allowedEnvVars: handler.allowedEnvVars ?? [],
                env: options.baseEnv,
                body: stdin,
                timeoutMs: handler.timeoutMs,
                signal: request.signal,
              })
            : await runCommand({
                command: substitute(handler.command, options.projectDir),
                args: handler.args?.map((arg) => substitute(arg, options.projectDir)),
                cwd: options.projectDir,
                env: {
                  ...options.baseEnv,
                  CLAUDE_PROJECT_DIR: options.projectDir,
                  REAGENT_PROJECT_DIR: options.projectDir,
                  ...handler.env,
                  ...request.env,
                },
                stdin,
                timeoutMs: handler.timeoutMs,
                signal: request.signal,
                launcher: options.processes.launcher,
                containment: options.processes.containmentOf(handler),
              });
    const verdict = parseHookOutput(request.event, handler, redactedOutput(result, options.processes.redact));
    const run: HookRun = { handler, result, verdict };
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

  function callback(handler: HookHandler, request: DispatchRequest, stdin: string): Promise<CommandResult> {
    if (!invokeCallback || handler.callbackId === undefined)
      return Promise.resolve({
        exitCode: null,
        stdout: "",
        stderr: "",
        stdoutTruncated: false,
        stderrTruncated: false,
        durationMs: 0,
        failure: { kind: "callback", message: "no program is connected to answer this hook callback" },
      });
    const input = JSON.parse(stdin) as Record<string, unknown>;
    const toolUseId = typeof input.tool_use_id === "string" ? input.tool_use_id : undefined;
    return invokeCallback({
      callbackId: handler.callbackId,
      input,
      ...(toolUseId ? { toolUseId } : {}),
      timeoutMs: handler.timeoutMs,
      signal: request.signal,
    });
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
      const stdin = payload(request);
      const runs = await Promise.all(handlers.map((handler) => runOne(handler, request, stdin)));
      return { runs, merged: mergeRuns(request.event, runs) };
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/** What a hook printed, with secrets replaced before anything reads it. */
function redactedOutput(result: CommandResult, redact: Redact): CommandResult {
  return { ...result, stdout: redact(result.stdout), stderr: redact(result.stderr) };
}
