// The hooks engine the ToolRunner and the session call: one method per lifecycle event, each
// building the event's payload fields, dispatching the matching handlers and mapping the merged
// result to the event's typed outcome. Also owns the Stop block cap, the CLAUDE_ENV_FILE round
// trip, the context spill and `reagent hooks list|test`. Notices go to `onNotice` as they happen.
import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ensureFolderSync } from "../util/ensure-folder-sync.js";
import type { Tracer } from "../util/trace.js";
import { type HookConfig, HookConfigError, type HookHandler } from "./config-types.js";
import { spillContext } from "./context-spill.js";
import {
  type CallbackInvoker,
  createDispatcher,
  type DispatchRequest,
  type RuleMatcher,
} from "./dispatch.js";
import { parseEnvFile } from "./env-file.js";
import { type HookListEntry, type HookTestReport, listHooks, testHooks } from "./inspect.js";
import type { MergedOutcome } from "./merge.js";
import type {
  HookEventName,
  HookNotice,
  HookRunEvent,
  PermissionHooks,
  PermissionRequestOutcome,
  PostToolUseOutcome,
  PreToolUseOutcome,
  SessionHooks,
  StopOutcome,
  SubagentHooks,
  ToolHooks,
} from "./types.js";

export type HookEngineOptions = {
  config: HookConfig;
  projectDir: string;
  sessionId: string;
  baseEnv: Record<string, string | undefined>;
  /** Where long additionalContext is written (kept with the session's transcript when there is one). */
  spillDir: string;
  /** Where the SessionStart env files go (temporary; default: spillDir). */
  envDir?: string;
  tracer: Tracer;
  permissionMode: () => string;
  transcriptPath?: () => string | null;
  matchRule?: RuleMatcher;
  validateRule?: (rule: string) => string | null;
  onEvent?: (event: HookRunEvent) => void;
  onNotice?: (notice: HookNotice) => void;
};

export type HookEngine = ToolHooks &
  SessionHooks &
  PermissionHooks &
  SubagentHooks & {
    readonly disabledBy?: string;
    /** Adds the hook callbacks a program registered at run time (the Agent SDK's initialize). */
    registerCallbacks(handlers: readonly HookHandler[], invoke: CallbackInvoker): void;
    list(): HookListEntry[];
    test(
      event: HookEventName,
      synthetic?: { tool?: string; input?: Record<string, unknown> },
    ): Promise<HookTestReport>;
  };

/** Stop blocks honoured in a row; the next one ends the run with a warning. */
export const STOP_BLOCK_LIMIT = 8;

export function createHookEngine(options: HookEngineOptions): HookEngine {
  if (options.validateRule) {
    for (const handler of options.config.handlers) {
      const problem = handler.ifRule === undefined ? null : options.validateRule(handler.ifRule);
      if (problem) {
        throw new HookConfigError(
          handler.source,
          `${handler.path}.if`,
          `invalid permission rule "${handler.ifRule}": ${problem}`,
        );
      }
    }
  }
  const dispatcher = createDispatcher(options);
  const notify = (notices: HookNotice[]) => {
    for (const notice of notices) options.onNotice?.(notice);
  };
  if (options.config.disabledBy) {
    notify([
      {
        kind: "disabled",
        event: "SessionStart",
        hook: "",
        source: "",
        text: `hooks are disabled (${options.config.disabledBy})`,
      },
    ]);
  }
  let stopBlocksInARow = 0;
  let envFiles = 0;

  async function run(request: DispatchRequest): Promise<MergedOutcome> {
    const { merged } = await dispatcher.dispatch(request);
    merged.additionalContext = await spillContext(merged.additionalContext, options.spillDir);
    notify(merged.notices);
    return merged;
  }

  const toolFields = (input: {
    toolName: string;
    toolInput: Record<string, unknown>;
    toolUseId: string;
  }) => ({
    tool_name: input.toolName,
    tool_input: input.toolInput,
    tool_use_id: input.toolUseId,
  });
  const stopOf = (merged: MergedOutcome) => (merged.stop ? { stop: merged.stop } : {});

  function postOutcome(merged: MergedOutcome): PostToolUseOutcome {
    const outcome: PostToolUseOutcome = {
      additionalContext: merged.additionalContext,
      notices: merged.notices,
      ...stopOf(merged),
    };
    if (merged.blocked && merged.reason) outcome.blockReason = merged.reason;
    if (merged.updatedToolOutput !== undefined) outcome.updatedToolOutput = merged.updatedToolOutput;
    return outcome;
  }

  return {
    disabledBy: options.config.disabledBy,
    has: (event) => dispatcher.has(event),
    registerCallbacks: (handlers, invoke) => dispatcher.registerCallbacks(handlers, invoke),

    async preToolUse(input): Promise<PreToolUseOutcome> {
      const tool = { name: input.toolName, input: input.toolInput };
      const merged = await run({
        event: "PreToolUse",
        fields: toolFields(input),
        tool,
        signal: input.signal,
      });
      const outcome: PreToolUseOutcome = {
        decision: merged.decision,
        additionalContext: merged.additionalContext,
        notices: merged.notices,
        ...stopOf(merged),
      };
      if (merged.reason) outcome.reason = merged.reason;
      // The runner validates updatedInput against the tool's schema (it owns the tool).
      if (merged.updatedInput) outcome.updatedInput = merged.updatedInput;
      return outcome;
    },

    async postToolUse(input) {
      const fields = {
        ...toolFields(input),
        tool_response: input.toolResponse,
        duration_ms: input.durationMs,
        tool_result: input.toolResult,
        tool_is_error: input.isError,
      };
      const tool = { name: input.toolName, input: input.toolInput };
      return postOutcome(await run({ event: "PostToolUse", fields, tool, signal: input.signal }));
    },

    async postToolUseFailure(input) {
      const fields = { ...toolFields(input), error: input.error, duration_ms: input.durationMs };
      const tool = { name: input.toolName, input: input.toolInput };
      return postOutcome(await run({ event: "PostToolUseFailure", fields, tool, signal: input.signal }));
    },

    async userPromptSubmit(prompt, signal) {
      const merged = await run({ event: "UserPromptSubmit", fields: { prompt }, signal });
      return {
        additionalContext: merged.additionalContext,
        notices: merged.notices,
        ...stopOf(merged),
        ...(merged.blocked
          ? { blocked: { reason: merged.reason ?? "blocked by a UserPromptSubmit hook" } }
          : {}),
      };
    },

    async stop({ stopHookActive, lastAssistantMessage, signal }) {
      if (!stopHookActive) stopBlocksInARow = 0;
      const fields = { stop_hook_active: stopHookActive, last_assistant_message: lastAssistantMessage };
      const merged = await run({ event: "Stop", fields, signal });
      const outcome = {
        additionalContext: merged.additionalContext,
        notices: merged.notices,
        ...stopOf(merged),
      };
      if (!merged.blocked || merged.stop) return outcome;
      stopBlocksInARow++;
      if (stopBlocksInARow > STOP_BLOCK_LIMIT) {
        const notice: HookNotice = {
          kind: "warning",
          event: "Stop",
          hook: "",
          source: "",
          text: `Stop hooks blocked ${stopBlocksInARow} times in a row; ending the run (at most ${STOP_BLOCK_LIMIT} blocks in a row are honoured)`,
        };
        notify([notice]);
        return { ...outcome, notices: [...outcome.notices, notice] };
      }
      return { ...outcome, block: { reason: merged.reason ?? "blocked by a Stop hook" } };
    },

    async sessionStart(source, model) {
      const request: DispatchRequest = { event: "SessionStart", fields: { source, model } };
      if (dispatcher.select(request).length === 0)
        return { additionalContext: [], envExports: {}, notices: [] };
      const envDir = options.envDir ?? options.spillDir;
      ensureFolderSync(envDir, 0o700);
      const envFile = join(envDir, `session-env-${++envFiles}-${randomUUID().slice(0, 8)}.sh`);
      await writeFile(envFile, "", "utf8");
      request.env = { CLAUDE_ENV_FILE: envFile, REAGENT_ENV_FILE: envFile };
      const merged = await run(request);
      const { exports, invalid } = parseEnvFile(await readFile(envFile, "utf8").catch(() => ""));
      if (invalid.length > 0) {
        const notice: HookNotice = {
          kind: "warning",
          event: "SessionStart",
          hook: "CLAUDE_ENV_FILE",
          source: envFile,
          text: `SessionStart hooks wrote ${invalid.length} line(s) to CLAUDE_ENV_FILE that are not "export NAME=value" and were ignored: ${invalid[0]}`,
        };
        merged.notices.push(notice);
        notify([notice]);
      }
      return {
        additionalContext: merged.additionalContext,
        envExports: exports,
        notices: merged.notices,
        ...stopOf(merged),
      };
    },

    async sessionEnd(reason) {
      return { notices: (await run({ event: "SessionEnd", fields: { reason } })).notices };
    },

    async preCompact(trigger, customInstructions) {
      const merged = await run({
        event: "PreCompact",
        fields: { trigger, custom_instructions: customInstructions },
      });
      return {
        notices: merged.notices,
        ...(merged.blocked ? { blocked: { reason: merged.reason ?? "blocked by a PreCompact hook" } } : {}),
      };
    },

    async postCompact(trigger, summary) {
      return {
        notices: (await run({ event: "PostCompact", fields: { trigger, compact_summary: summary } })).notices,
      };
    },

    async notification(message, notificationType) {
      const fields = { message, notification_type: notificationType };
      return { notices: (await run({ event: "Notification", fields })).notices };
    },

    async permissionRequest(input): Promise<PermissionRequestOutcome> {
      const merged = await run({
        event: "PermissionRequest",
        fields: { ...toolFields(input), permission_suggestions: input.suggestions },
        tool: { name: input.toolName, input: input.toolInput },
        signal: input.signal,
      });
      const decision = merged.decision === "ask" ? "none" : merged.decision;
      const outcome: PermissionRequestOutcome = { decision, notices: merged.notices, ...stopOf(merged) };
      if (merged.reason) outcome.reason = merged.reason;
      if (decision === "allow" && merged.updatedInput) outcome.updatedInput = merged.updatedInput;
      return outcome;
    },

    async stopFailure({ error, errorDetails, lastAssistantMessage }) {
      const fields = { error, error_details: errorDetails, last_assistant_message: lastAssistantMessage };
      return { notices: (await run({ event: "StopFailure", fields })).notices };
    },

    async subagentStart({ agentId, agentType }) {
      const merged = await run({
        event: "SubagentStart",
        fields: { agent_id: agentId, agent_type: agentType },
      });
      return { additionalContext: merged.additionalContext, notices: merged.notices };
    },

    async subagentStop(input): Promise<StopOutcome> {
      const merged = await run({
        event: "SubagentStop",
        fields: {
          stop_hook_active: input.stopHookActive,
          agent_id: input.agentId,
          agent_type: input.agentType,
          agent_transcript_path: input.agentTranscriptPath,
          last_assistant_message: input.lastAssistantMessage,
        },
        signal: input.signal,
      });
      const outcome: StopOutcome = {
        additionalContext: merged.additionalContext,
        notices: merged.notices,
        ...stopOf(merged),
      };
      if (merged.blocked && !merged.stop)
        outcome.block = { reason: merged.reason ?? "blocked by a SubagentStop hook" };
      return outcome;
    },

    list: () => listHooks(options.config),
    test: (event, synthetic = {}) => testHooks(dispatcher, event, synthetic),
  };
}

export type { HookHandler };
