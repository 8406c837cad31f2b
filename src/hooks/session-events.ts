// The main conversation's own hook events: UserPromptSubmit, UserPromptExpansion, Stop, Setup (before
// the first SessionStart when asked for), SessionStart, SessionEnd, Notification and StopFailure. Each
// builds its payload fields and maps the merged result to the event's typed outcome.
import type { EventRunner } from "./event-runner.js";
import { blocks, type MergedOutcome, stopOf } from "./merge.js";
import { stopEvent } from "./stop-events.js";
import type { HookEventName, SessionHooks, UserPromptSubmitOutcome } from "./types.js";

function promptOutcome(event: HookEventName, merged: MergedOutcome): UserPromptSubmitOutcome {
  return {
    additionalContext: merged.additionalContext,
    notices: merged.notices,
    ...stopOf(merged),
    ...(blocks(merged) ? { blocked: { reason: merged.reason ?? `blocked by a ${event} hook` } } : {}),
  };
}

type SessionEventOptions = {
  baseEnv: Record<string, string | undefined>;
  /** `--init` / `--init-only` / `--maintenance`: Setup hooks run before the first SessionStart. */
  setupTrigger?: "init" | "maintenance";
};

export function sessionEvents(
  runner: EventRunner,
  options: SessionEventOptions,
): Omit<SessionHooks, "has" | "preCompact" | "postCompact" | "instructionsLoaded"> {
  const { run, withEnvFile } = runner;
  let setupTrigger = options.setupTrigger;
  const mainStops = { blocks: 0 };
  return {
    async userPromptSubmit(prompt, signal) {
      const merged = await run({ event: "UserPromptSubmit", fields: { prompt }, signal });
      return promptOutcome("UserPromptSubmit", merged);
    },

    async userPromptExpansion(input, signal) {
      const fields = {
        expansion_type: input.expansionType,
        command_name: input.commandName,
        command_args: input.commandArgs,
        command_source: input.commandSource,
        prompt: input.prompt,
      };
      return promptOutcome(
        "UserPromptExpansion",
        await run({ event: "UserPromptExpansion", fields, signal }),
      );
    },

    async stop({ stopHookActive, lastAssistantMessage, signal }) {
      const fields = { stop_hook_active: stopHookActive, last_assistant_message: lastAssistantMessage };
      return stopEvent(runner, "Stop", fields, mainStops, signal);
    },

    /** SessionStart; with `setupTrigger` (`--init`, `--init-only`, `--maintenance`) the Setup hooks run
     *  just before the first one, their context and CLAUDE_ENV_FILE variables coming first. */
    async sessionStart(source, model) {
      const inherited = (name: string) => options.baseEnv[name];
      const setup = setupTrigger
        ? await withEnvFile({ event: "Setup", fields: { trigger: setupTrigger } }, inherited)
        : undefined;
      setupTrigger = undefined;
      const start = await withEnvFile({ event: "SessionStart", fields: { source, model } }, inherited);
      return {
        additionalContext: [...(setup?.merged.additionalContext ?? []), ...start.merged.additionalContext],
        envExports: { ...setup?.env.exports, ...start.env.exports },
        notices: [...(setup?.merged.notices ?? []), ...start.merged.notices],
        ...stopOf(start.merged),
      };
    },

    async sessionEnd(reason) {
      return { notices: (await run({ event: "SessionEnd", fields: { reason } })).notices };
    },

    async notification(message, notificationType) {
      const fields = { message, notification_type: notificationType };
      return { notices: (await run({ event: "Notification", fields })).notices };
    },

    async stopFailure({ error, errorDetails, lastAssistantMessage }) {
      const fields = { error, error_details: errorDetails, last_assistant_message: lastAssistantMessage };
      return { notices: (await run({ event: "StopFailure", fields })).notices };
    },
  };
}
