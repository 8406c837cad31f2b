// Runs one hook handler by its type — a command (with the project's variables and its own env), an
// HTTP call, a model prompt or an SDK callback — and returns what it printed. Choosing the handlers,
// redacting, parsing, tracing and merging their verdicts are the dispatcher's.
import type { Containment, ProcessLauncher, Redact } from "../contracts/index.js";
import type { HookHandler } from "./config-types.js";
import { type CommandResult, runCommand } from "./run-command.js";
import { runHttpHook } from "./run-http.js";
import { type AskModel, runPromptHook } from "./run-prompt.js";
import type { HookEventName } from "./types.js";

/** How hook processes start and what of their output others may see. */
export type HookProcesses = {
  launcher: ProcessLauncher;
  /** The containment of a command hook (a folder's hooks run in the sandbox when it is on). */
  containmentOf(handler: HookHandler): Containment;
  /** Applied to every hook's output (reasons, additionalContext, replaced tool output) before it is parsed. */
  redact: Redact;
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

type HandlerRunOptions = {
  processes: HookProcesses;
  projectDir: string;
  baseEnv: Record<string, string | undefined>;
  /** The model prompt hooks ask (absent: a prompt hook is a hook error saying so). */
  askModel?: AskModel;
};

/** One run of a handler for an event: its payload on stdin, extra environment, the abort signal. */
type HandlerCall = {
  event: HookEventName;
  stdin: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
};

function substitute(text: string, projectDir: string): string {
  return text.replace(/\$\{(CLAUDE_PROJECT_DIR|REAGENT_PROJECT_DIR)\}/g, () => projectDir);
}

/** What `handler` printed for `call` (as printed: redacting it is the caller's); `invokeCallback`
 *  answers SDK callbacks (absent: no program is connected). */
export function runHandler(
  options: HandlerRunOptions,
  handler: HookHandler,
  call: HandlerCall,
  invokeCallback: CallbackInvoker | undefined,
): Promise<CommandResult> {
  const { stdin, signal } = call;
  if (handler.type === "callback") return runCallback(handler, call, invokeCallback);
  if (handler.type === "prompt")
    return runPromptHook({
      event: call.event,
      prompt: handler.command,
      model: handler.model,
      payload: stdin,
      timeoutMs: handler.timeoutMs,
      signal,
      ask: options.askModel,
    });
  if (handler.type === "http")
    return runHttpHook({
      url: handler.command,
      headers: handler.headers ?? {},
      allowedEnvVars: handler.allowedEnvVars ?? [],
      env: options.baseEnv,
      body: stdin,
      timeoutMs: handler.timeoutMs,
      signal,
    });
  return runCommand({
    command: substitute(handler.command, options.projectDir),
    args: handler.args?.map((arg) => substitute(arg, options.projectDir)),
    cwd: options.projectDir,
    env: {
      ...options.baseEnv,
      CLAUDE_PROJECT_DIR: options.projectDir,
      REAGENT_PROJECT_DIR: options.projectDir,
      ...handler.env,
      ...call.env,
    },
    stdin,
    timeoutMs: handler.timeoutMs,
    signal,
    launcher: options.processes.launcher,
    containment: options.processes.containmentOf(handler),
  });
}

function runCallback(
  handler: HookHandler,
  call: HandlerCall,
  invokeCallback: CallbackInvoker | undefined,
): Promise<CommandResult> {
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
  const input = JSON.parse(call.stdin) as Record<string, unknown>;
  const toolUseId = typeof input.tool_use_id === "string" ? input.tool_use_id : undefined;
  return invokeCallback({
    callbackId: handler.callbackId,
    input,
    ...(toolUseId ? { toolUseId } : {}),
    timeoutMs: handler.timeoutMs,
    signal: call.signal,
  });
}
