// Hook callbacks an Agent SDK program registers in its `initialize` request
// (`hooks: {PreToolUse: [{matcher, hookCallbackIds, timeout, onFailure}]}`): each id becomes a hook
// handler of type `callback` that the hooks engine matches, runs, parses and merges exactly like a
// command hook, after the configured hooks. Running one sends a `hook_callback` control request;
// its answer is the hook's JSON output. A callback that errs or does not answer in time is a hook
// error, which blocks when its matcher says `onFailure: "block"` (as `onError: "deny"` does).

import {
  type CallbackInvoker,
  type CommandResult,
  compileMatcher,
  HOOK_EVENTS,
  type HookHandler,
} from "../hooks/index.js";
import { errorMessage, isOneOf } from "../util/index.js";
import { type ControlChannel, ControlRequestError } from "./channel.js";

/** Claude Code's default hook timeout (seconds) when a matcher gives none. */
const DEFAULT_TIMEOUT_SECONDS = 60;
const SDK_HOOKS_SOURCE = "SDK hook callbacks (initialize)";

export function sdkHookHandlers(
  hooks: unknown,
  firstOrder: number,
): { handlers: HookHandler[]; warnings: string[] } {
  const handlers: HookHandler[] = [];
  const warnings: string[] = [];
  if (hooks === null || hooks === undefined) return { handlers, warnings };
  if (typeof hooks !== "object" || Array.isArray(hooks)) {
    warnings.push(`initialize: "hooks" must be an object of events; the SDK hooks were ignored`);
    return { handlers, warnings };
  }
  for (const [event, matchers] of Object.entries(hooks)) {
    if (!isOneOf(HOOK_EVENTS, event)) {
      warnings.push(`initialize: hooks for unknown event "${event}" were ignored`);
      continue;
    }
    if (!Array.isArray(matchers)) continue;
    matchers.forEach((raw, index) => {
      const entry = (raw ?? {}) as {
        matcher?: unknown;
        hookCallbackIds?: unknown;
        timeout?: unknown;
        onFailure?: unknown;
      };
      const matcher = typeof entry.matcher === "string" ? entry.matcher : "";
      const ids = Array.isArray(entry.hookCallbackIds) ? entry.hookCallbackIds.map(String) : [];
      const seconds =
        typeof entry.timeout === "number" && entry.timeout > 0 ? entry.timeout : DEFAULT_TIMEOUT_SECONDS;
      for (const [position, id] of ids.entries())
        handlers.push({
          event,
          matcher,
          matches: compileMatcher(matcher, event),
          type: "callback",
          command: `SDK callback ${id}`,
          callbackId: id,
          timeoutMs: seconds * 1000,
          onError: entry.onFailure === "block" ? "deny" : "warn",
          source: SDK_HOOKS_SOURCE,
          path: `hooks.${event}[${index}].hookCallbackIds[${position}]`,
          format: "claude",
          order: firstOrder + handlers.length,
          origin: "user",
        });
    });
  }
  return { handlers, warnings };
}

/** Runs a callback through the control channel; the answer becomes a command-like result. */
export function channelInvoker(channel: ControlChannel): CallbackInvoker {
  return async ({ callbackId, input, toolUseId, timeoutMs, signal }) => {
    const started = Date.now();
    const base = { exitCode: 0, stderr: "", stdoutTruncated: false, stderrTruncated: false };
    try {
      const output = await channel.request(
        "hook_callback",
        { callback_id: callbackId, input, ...(toolUseId ? { tool_use_id: toolUseId } : {}) },
        { signal, timeoutMs },
      );
      // `{async: true}`: the callback goes on in the background and decides nothing.
      const decided = output.async === true ? {} : output;
      return {
        ...base,
        stdout: JSON.stringify(decided),
        durationMs: Date.now() - started,
      } satisfies CommandResult;
    } catch (error) {
      const timedOut = error instanceof ControlRequestError && error.failure.kind === "timeout";
      return {
        ...base,
        exitCode: null,
        stdout: "",
        durationMs: Date.now() - started,
        failure: {
          kind: timedOut ? "timeout" : "callback",
          message: timedOut
            ? `the SDK callback did not answer within ${Math.round(timeoutMs / 1000)} s`
            : `the SDK callback failed: ${errorMessage(error)}`,
        },
      };
    }
  };
}
