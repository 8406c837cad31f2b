// The hooks engine the ToolRunner and the session call: one method per lifecycle event, each
// building the event's payload fields, dispatching the matching handlers and mapping the merged
// result to the event's typed outcome (the events live in tool-events, session-events, stop-events,
// lifecycle-events and agent-hooks; running them in event-runner). Also owns the check of the hooks'
// `if` rules and `reagent hooks list|test`. Notices go to `onNotice` as they happen.
import type { Tracer } from "../util/index.js";
import { agentHooksFactory } from "./agent-hooks.js";
import { type HookConfig, HookConfigError, type HookHandler } from "./config-types.js";
import { createDispatcher, type RuleMatcher } from "./dispatch.js";
import { createEventRunner } from "./event-runner.js";
import { type HookListEntry, type HookTestReport, listHooks, testHooks } from "./inspect.js";
import { instructionEvents, modelSwitchEvents, taskEvents, worktreeEvents } from "./lifecycle-events.js";
import type { CallbackInvoker, HookProcesses } from "./run-handler.js";
import type { AskModel } from "./run-prompt.js";
import { sessionEvents } from "./session-events.js";
import { compactEvents } from "./stop-events.js";
import { permissionEvents, toolEvents } from "./tool-events.js";
import type {
  AgentHooks,
  HookEventName,
  HookNotice,
  HookRunEvent,
  HookScope,
  PermissionHooks,
  SessionHooks,
  TaskHooks,
  ToolHooks,
} from "./types.js";
import { createWatchList, type FileEvent, type WatchList } from "./watch-list.js";

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

/** Every handler's `if` rule must be a valid permission rule (a config error names the first that is not). */
function checkIfRules(options: HookEngineOptions): void {
  const validate = options.validateRule;
  if (!validate) return;
  for (const handler of options.config.handlers) {
    const problem = handler.ifRule === undefined ? null : validate(handler.ifRule);
    if (problem) {
      throw new HookConfigError(
        handler.source,
        `${handler.path}.if`,
        `invalid permission rule "${handler.ifRule}": ${problem}`,
      );
    }
  }
}

export function createHookEngine(options: HookEngineOptions): HookEngine {
  checkIfRules(options);
  const dispatcher = createDispatcher(options);
  const watches = createWatchList(() => dispatcher.matchersOf("FileChanged"));
  const runner = createEventRunner(options, dispatcher, watches);
  if (options.config.disabledBy) {
    runner.notify([
      {
        kind: "disabled",
        event: "SessionStart",
        hook: "",
        source: "",
        text: `hooks are disabled (${options.config.disabledBy})`,
      },
    ]);
  }
  const run = runner.run;

  return {
    disabledBy: options.config.disabledBy,
    has: (event) => dispatcher.has(event),
    registerCallbacks: (handlers, invoke) => dispatcher.registerCallbacks(handlers, invoke),

    ...toolEvents(runner, {}),
    ...taskEvents((request) => run(request)),
    ...instructionEvents((request) => run(request)),
    ...worktreeEvents((request) => run(request)),
    ...modelSwitchEvents((request) => run(request)),
    ...sessionEvents(runner, options),
    ...compactEvents(runner, () => ({})),
    ...permissionEvents(runner),

    forAgent: agentHooksFactory(options, dispatcher, runner),

    watches,
    /** FileChanged: a watched file changed on disk (observe only; CLAUDE_ENV_FILE as for CwdChanged). */
    async fileChanged(filePath: string, event: FileEvent, inherited: (name: string) => string | undefined) {
      const fields = { file_path: filePath, event };
      const { merged, env } = await runner.withEnvFile({ event: "FileChanged", fields }, inherited);
      return { notices: merged.notices, envExports: env.exports, envUnset: env.unset };
    },

    list: () => listHooks(options.config),
    test: (event, synthetic = {}) => testHooks(dispatcher, event, synthetic),
  };
}

export type { HookHandler };
