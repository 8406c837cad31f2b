// The hooks engine the ToolRunner and the session call: one method per lifecycle event, each
// building the event's payload fields, dispatching the matching handlers and mapping the merged
// result to the event's typed outcome. Also owns the Stop block cap, the CLAUDE_ENV_FILE round
// trip, the context spill and `reagent hooks list|test`. Notices go to `onNotice` as they happen.
import { randomUUID } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Tracer } from "../util/index.js";
import { ensureFolderSync } from "../util/index.js";
import { type HookConfig, HookConfigError, type HookHandler } from "./config-types.js";
import { spillContext } from "./context-spill.js";
import {
  type CallbackInvoker,
  createDispatcher,
  type Dispatcher,
  type DispatchRequest,
  type HookProcesses,
  type RuleMatcher,
} from "./dispatch.js";
import { type EnvFile, parseEnvFile } from "./env-file.js";
import { type HookListEntry, type HookTestReport, listHooks, testHooks } from "./inspect.js";
import {
  batchEvents,
  instructionEvents,
  modelSwitchEvents,
  taskEvents,
  worktreeEvents,
} from "./lifecycle-events.js";
import { blocks, emptyOutcome, type MergedOutcome, permissionDecision } from "./merge.js";
import type { AskModel } from "./run-prompt.js";
import type {
  AgentHooks,
  HookEventName,
  HookNotice,
  HookRunEvent,
  HookScope,
  PermissionHooks,
  PermissionRequestOutcome,
  PostToolUseOutcome,
  PreToolUseOutcome,
  SessionHooks,
  StopOutcome,
  TaskHooks,
  ToolHooks,
  UserPromptSubmitOutcome,
} from "./types.js";
import { createWatchList, type FileEvent, type WatchList } from "./watch-list.js";

/** The payload fields of a call made inside a subagent (a worktree agent's `cwd` is its worktree;
 *  `permission_mode` is the subagent's own). */
function scopeFields(scope: HookScope | undefined): Record<string, string> {
  if (!scope) return {};
  return {
    agent_id: scope.agentId,
    agent_type: scope.agentType,
    ...(scope.cwd ? { cwd: scope.cwd } : {}),
    ...(scope.permissionMode ? { permission_mode: scope.permissionMode() } : {}),
  };
}

export type HookEngineOptions = {
  config: HookConfig;
  /** How command hooks start (launcher, containment per handler) and the redaction of their output. */
  processes: HookProcesses;
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
  /** The model `type: "prompt"` hooks ask. */
  askModel?: AskModel;
  /** `--init` / `--init-only` / `--maintenance`: Setup hooks run before the first SessionStart. */
  setupTrigger?: "init" | "maintenance";
};

export type HookEngine = ToolHooks &
  SessionHooks &
  PermissionHooks &
  TaskHooks &
  ReturnType<typeof worktreeEvents> &
  ReturnType<typeof modelSwitchEvents> &
  ReturnType<typeof instructionEvents> & {
    /** What FileChanged hooks watch: their matchers' file names and the hooks' watchPaths. */
    readonly watches: WatchList;
    fileChanged(
      filePath: string,
      event: FileEvent,
      inherited: (name: string) => string | undefined,
    ): Promise<{ notices: HookNotice[]; envExports: Record<string, string>; envUnset: string[] }>;
    readonly disabledBy?: string;
    /** Adds the hook callbacks a program registered at run time (the Agent SDK's initialize). */
    registerCallbacks(handlers: readonly HookHandler[], invoke: CallbackInvoker): void;
    /** The hooks of a subagent's tool calls and lifecycle: every payload carries agent_id and agent_type;
     *  `agentConfig` adds its agent file's own hooks. */
    forAgent(scope: HookScope, agentConfig?: HookConfig): AgentHooks;
    list(): HookListEntry[];
    test(
      event: HookEventName,
      synthetic?: { tool?: string; input?: Record<string, unknown> },
    ): Promise<HookTestReport>;
  };

/** Stop blocks honoured per prompt (per subagent run); the next one ends the run with a warning. */
const STOP_BLOCK_LIMIT = 8;

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
  let envFiles = 0;
  let setupTrigger = options.setupTrigger;
  const watches = createWatchList(() => dispatcher.matchersOf("FileChanged"));

  /** Runs `request` with CLAUDE_ENV_FILE set to a fresh empty file and reads back what the hooks
   *  wrote (SessionStart, Setup, CwdChanged, FileChanged); lines it cannot read are reported once.
   *  Without a matching handler nothing runs and no file is made. */
  async function withEnvFile(
    request: DispatchRequest,
    inherited: (name: string) => string | undefined,
    own?: Dispatcher,
  ): Promise<{ merged: MergedOutcome; env: EnvFile }> {
    if (dispatcher.select(request).length === 0 && !own?.select(request).length)
      return { merged: emptyOutcome(), env: { exports: {}, unset: [], invalid: [] } };
    const envDir = options.envDir ?? options.spillDir;
    ensureFolderSync(envDir, 0o700);
    const envFile = join(envDir, `session-env-${++envFiles}-${randomUUID().slice(0, 8)}.sh`);
    await writeFile(envFile, "", "utf8");
    request.env = { CLAUDE_ENV_FILE: envFile, REAGENT_ENV_FILE: envFile };
    const merged = await run(request, own);
    const env = parseEnvFile(await readFile(envFile, "utf8").catch(() => ""), inherited);
    await rm(envFile, { force: true });
    if (env.invalid.length > 0) {
      const notice: HookNotice = {
        kind: "warning",
        event: request.event,
        hook: "CLAUDE_ENV_FILE",
        source: envFile,
        text: `${request.event} hooks wrote ${env.invalid.length} statement(s) to CLAUDE_ENV_FILE that are not plain variable assignments or unsets and were ignored: ${env.invalid[0]}`,
      };
      merged.notices.push(notice);
      notify([notice]);
    }
    watches.add(merged.watchPaths ?? []);
    return { merged, env };
  }

  /** Runs the hooks of a request: the configured ones, and inside a subagent its agent's own (`own`). */
  async function run(request: DispatchRequest, own?: Dispatcher): Promise<MergedOutcome> {
    const handlers = own ? [...dispatcher.select(request), ...own.select(request)] : undefined;
    const { merged } = await dispatcher.dispatch(request, handlers);
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

  function promptOutcome(event: HookEventName, merged: MergedOutcome): UserPromptSubmitOutcome {
    return {
      additionalContext: merged.additionalContext,
      notices: merged.notices,
      ...stopOf(merged),
      ...(blocks(merged) ? { blocked: { reason: merged.reason ?? `blocked by a ${event} hook` } } : {}),
    };
  }

  function postOutcome(merged: MergedOutcome): PostToolUseOutcome {
    const outcome: PostToolUseOutcome = {
      additionalContext: merged.additionalContext,
      notices: merged.notices,
      ...stopOf(merged),
    };
    if (blocks(merged) && merged.reason) outcome.blockReason = merged.reason;
    if (merged.updatedToolOutput !== undefined) outcome.updatedToolOutput = merged.updatedToolOutput;
    return outcome;
  }

  /** Tool events, inside a subagent when `scope` is given (its payloads carry agent_id and agent_type). */
  function toolHooks(scope?: HookScope, own?: Dispatcher): ToolHooks {
    const extra = scopeFields(scope);
    return {
      async preToolUse(input): Promise<PreToolUseOutcome> {
        const tool = { name: input.toolName, input: input.toolInput };
        const merged = await run(
          { event: "PreToolUse", fields: { ...toolFields(input), ...extra }, tool, signal: input.signal },
          own,
        );
        const outcome: PreToolUseOutcome = {
          decision: permissionDecision(merged),
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
          ...extra,
        };
        const tool = { name: input.toolName, input: input.toolInput };
        return postOutcome(await run({ event: "PostToolUse", fields, tool, signal: input.signal }, own));
      },

      async postToolUseFailure(input) {
        const fields = { ...toolFields(input), error: input.error, duration_ms: input.durationMs, ...extra };
        const tool = { name: input.toolName, input: input.toolInput };
        return postOutcome(
          await run({ event: "PostToolUseFailure", fields, tool, signal: input.signal }, own),
        );
      },

      ...batchEvents((request) => run(request, own), extra),

      async permissionDenied(input) {
        const fields = { ...toolFields(input), reason: input.reason, ...extra };
        const tool = { name: input.toolName, input: input.toolInput };
        const merged = await run({ event: "PermissionDenied", fields, tool }, own);
        return { retry: merged.retry === true, notices: merged.notices };
      },
      // CwdChanged hooks may write CLAUDE_ENV_FILE (a direnv reload): its variables apply to later calls.
      async cwdChanged(oldCwd, newCwd, inherited = () => undefined) {
        const fields = { old_cwd: oldCwd, new_cwd: newCwd, ...extra };
        const { merged, env } = await withEnvFile({ event: "CwdChanged", fields }, inherited, own);
        return { notices: merged.notices, envExports: env.exports, envUnset: env.unset };
      },
    };
  }

  /** Stop and SubagentStop: a block continues the agent, at most STOP_BLOCK_LIMIT times from the first stop
   *  (stop_hook_active false) on. */
  async function stopEvent(
    event: "Stop" | "SubagentStop",
    fields: Record<string, unknown>,
    counter: { blocks: number },
    signal: AbortSignal | undefined,
    own?: Dispatcher,
  ): Promise<StopOutcome> {
    if (fields.stop_hook_active !== true) counter.blocks = 0;
    const merged = await run({ event, fields, signal }, own);
    const outcome = {
      additionalContext: merged.additionalContext,
      notices: merged.notices,
      ...stopOf(merged),
    };
    if (!blocks(merged) || merged.stop) return outcome;
    counter.blocks++;
    if (counter.blocks > STOP_BLOCK_LIMIT) {
      const what = event === "Stop" ? "run" : "subagent";
      const notice: HookNotice = {
        kind: "warning",
        event,
        hook: "",
        source: "",
        text: `${event} hooks blocked ${counter.blocks} times; ending the ${what} (at most ${STOP_BLOCK_LIMIT} blocks are honoured ${event === "Stop" ? "per prompt" : "per subagent run"})`,
      };
      notify([notice]);
      return { ...outcome, notices: [...outcome.notices, notice] };
    }
    return { ...outcome, block: { reason: merged.reason ?? `blocked by a ${event} hook` } };
  }

  async function preCompact(
    trigger: "manual" | "auto",
    customInstructions: string,
    scope?: HookScope,
    own?: Dispatcher,
  ) {
    const fields = { trigger, custom_instructions: customInstructions, ...scopeFields(scope) };
    const merged = await run({ event: "PreCompact", fields }, own);
    return {
      notices: merged.notices,
      ...(blocks(merged) ? { blocked: { reason: merged.reason ?? "blocked by a PreCompact hook" } } : {}),
    };
  }

  async function postCompact(
    trigger: "manual" | "auto",
    summary: string,
    scope?: HookScope,
    own?: Dispatcher,
  ) {
    const fields = { trigger, compact_summary: summary, ...scopeFields(scope) };
    return { notices: (await run({ event: "PostCompact", fields }, own)).notices };
  }

  const mainStops = { blocks: 0 };
  /** SubagentStop blocks honoured in the current run, per agent. */
  const agentStops = new Map<string, { blocks: number }>();

  /** A subagent's hooks; `agentConfig` holds its agent file's own hooks, which run beside the
   *  configured ones for its events only (never when hooks are disabled). */
  function forAgent(scope: HookScope, agentConfig?: HookConfig): AgentHooks {
    let stops = agentStops.get(scope.agentId);
    if (!stops) {
      stops = { blocks: 0 };
      agentStops.set(scope.agentId, stops);
    }
    const counter = stops;
    const own =
      agentConfig && agentConfig.handlers.length > 0 && !options.config.disabledBy
        ? createDispatcher({ ...options, config: agentConfig })
        : undefined;
    return {
      ...toolHooks(scope, own),
      has: (event) => dispatcher.has(event) || (own?.has(event) ?? false),
      async subagentStart(signal) {
        const merged = await run({ event: "SubagentStart", fields: scopeFields(scope), signal }, own);
        return { additionalContext: merged.additionalContext, notices: merged.notices };
      },
      subagentStop(input) {
        const fields = {
          stop_hook_active: input.stopHookActive,
          ...scopeFields(scope),
          agent_transcript_path: input.transcriptPath,
          last_assistant_message: input.lastAssistantMessage,
        };
        return stopEvent("SubagentStop", fields, counter, input.signal, own);
      },
      preCompact: (trigger, customInstructions) => preCompact(trigger, customInstructions, scope, own),
      postCompact: (trigger, summary) => postCompact(trigger, summary, scope, own),
    };
  }

  return {
    disabledBy: options.config.disabledBy,
    has: (event) => dispatcher.has(event),
    registerCallbacks: (handlers, invoke) => dispatcher.registerCallbacks(handlers, invoke),

    ...toolHooks(),
    ...taskEvents((request) => run(request)),
    ...instructionEvents((request) => run(request)),
    ...worktreeEvents((request) => run(request)),
    ...modelSwitchEvents((request) => run(request)),

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
      return stopEvent("Stop", fields, mainStops, signal);
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

    preCompact: (trigger, customInstructions) => preCompact(trigger, customInstructions),
    postCompact: (trigger, summary) => postCompact(trigger, summary),

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
      const answer = permissionDecision(merged);
      const decision = answer === "ask" ? "none" : answer;
      const outcome: PermissionRequestOutcome = { decision, notices: merged.notices, ...stopOf(merged) };
      if (merged.reason) outcome.reason = merged.reason;
      if (decision === "allow" && merged.updatedInput) outcome.updatedInput = merged.updatedInput;
      return outcome;
    },

    async stopFailure({ error, errorDetails, lastAssistantMessage }) {
      const fields = { error, error_details: errorDetails, last_assistant_message: lastAssistantMessage };
      return { notices: (await run({ event: "StopFailure", fields })).notices };
    },

    forAgent,

    watches,
    /** FileChanged: a watched file changed on disk (observe only; CLAUDE_ENV_FILE as for CwdChanged). */
    async fileChanged(filePath: string, event: FileEvent, inherited: (name: string) => string | undefined) {
      const fields = { file_path: filePath, event };
      const { merged, env } = await withEnvFile({ event: "FileChanged", fields }, inherited);
      return { notices: merged.notices, envExports: env.exports, envUnset: env.unset };
    },

    list: () => listHooks(options.config),
    test: (event, synthetic = {}) => testHooks(dispatcher, event, synthetic),
  };
}

export type { HookHandler };
