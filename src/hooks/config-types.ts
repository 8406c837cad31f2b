// The validated hook configuration model shared by the loader, the engine and the formatters.
// A HookConfig is built once at start-up by load-config.ts from already-parsed JSON; the engine
// only reads it. Handlers keep their source file and JSON path so every message can name them.
import type { HookEventName } from "./types.js";

export type OnError = "allow" | "deny" | "warn";

export type HookHandler = {
  event: HookEventName;
  /** The matcher text as written ("" when absent; "*" and "" both mean all). */
  matcher: string;
  /** Compiled matcher: true when the event's match value (tool name, source, reason …) matches. */
  matches: (value: string) => boolean;
  /** `callback`: a hook function inside the program driving reagent (an Agent SDK hook), asked through
   *  the control channel; it goes through the same matching, parsing and merging as a command. */
  type: "command" | "callback" | "http" | "prompt";
  /** Shell command (shell form) or the program to run (exec form, when `args` is present); for a
   *  callback, a label naming it; for an http hook, its URL; for a prompt hook, its prompt. */
  command: string;
  /** A prompt hook's model (default: the small, fast model, else the session's). */
  model?: string;
  /** An http hook's request headers (`$NAME` filled only for `allowedEnvVars`). */
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
  /** The SDK's id of a callback handler. */
  callbackId?: string;
  args?: string[];
  /** Extra environment of the hook's process (CLAUDE_PLUGIN_ROOT for a plugin's hooks). */
  env?: Record<string, string>;
  timeoutMs: number;
  onError: OnError;
  statusMessage?: string;
  /** One permission rule (e.g. `Bash(rm *)`): the handler runs only for tool calls matching it. */
  ifRule?: string;
  /** The file (or `--settings` label) the handler came from. */
  source: string;
  /** JSON path of the handler inside its source, e.g. `hooks.PreToolUse[0].hooks[1]`. */
  path: string;
  format: "claude" | "compact";
  /** Position in configuration order (settings layers in order, then compact files). */
  order: number;
  /** `folder`: from the project's own files (project and local settings, .agents/hooks.json, a
   *  project agent file), which run in the sandbox when it is on; `user`: the user's own (and SDK
   *  callbacks), which run outside it with the environment filter. */
  origin: "user" | "folder";
};

export type HookConfig = {
  handlers: readonly HookHandler[];
  /** Why hooks are off (`HOOKS=0` or the file setting `disableAllHooks`), when they are. */
  disabledBy?: string;
  /** Unknown keys in handler objects (kept for forward compatibility), each with a suggestion. */
  warnings: readonly string[];
};

/** A configuration problem: names the file, the JSON path and what is wrong. */
export class HookConfigError extends Error {
  override readonly name = "HookConfigError";
  constructor(
    readonly source: string,
    readonly jsonPath: string,
    readonly problem: string,
  ) {
    super(`${source}: ${jsonPath ? `${jsonPath}: ` : ""}${problem}`);
  }
}

/** A short, stable name for a handler in notices: its statusMessage, else its command line. */
export function handlerName(handler: HookHandler): string {
  if (handler.statusMessage) return handler.statusMessage;
  const line = handler.args ? [handler.command, ...handler.args].join(" ") : handler.command;
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}

/** Identity used for de-duplication: same command and same args run once. */
export function handlerKey(handler: HookHandler): string {
  return JSON.stringify([handler.command, handler.args ?? null]);
}
