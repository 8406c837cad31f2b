import type { AgentDefinition } from "../../src/agents/agent-definition.js";
import { createAgentTool } from "../../src/agents/agent-tool.js";
import { createBackgroundTools } from "../../src/agents/background-tools.js";
import { BUILT_IN_AGENTS } from "../../src/agents/built-in-agents.js";
import type { SubagentDeps } from "../../src/agents/subagent-deps.js";
import { Subagents } from "../../src/agents/subagents.js";
import type { PermissionMode, PermissionRequest, Prompter } from "../../src/permissions/types.js";
import type { SessionEvent } from "../../src/session/events.js";
import { Session } from "../../src/session/session.js";
import { TaskList } from "../../src/tasks/task-list.js";
import { createTaskTools } from "../../src/tasks/task-tools.js";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import type { Tool } from "../../src/tools/tool.js";
import { TranscriptStore } from "../../src/transcript/transcript-store.js";
import { noopTracer } from "../../src/util/trace.js";
import type { RoutedScript } from "./fake-model-routes.js";
import { createTestHookEngine } from "./hook-engine.js";
import { createRoutedScriptedClient } from "./routed-scripted-client.js";
import { baseSessionOptions } from "./session-harness.js";
import { tempFolder } from "./temp-folder.js";
import { createTestGate, type TestRules } from "./test-gate.js";

export type SubagentHarnessOptions = {
  cwd: string;
  script: RoutedScript;
  agents?: AgentDefinition[];
  settings?: Array<Record<string, unknown>>;
  mode?: PermissionMode;
  rules?: TestRules;
  prompter?: Prompter;
  extraTools?: Tool[];
  /** Headless runs wait for background agents before the parent's turn ends. */
  waitBeforeEnd?: boolean;
  /** Saves subagent transcripts under this folder. */
  transcriptsDir?: string;
  worktreeDir?: string;
  maxParallel?: number;
  newAgentId?: () => string;
  /** How a subagent gets its model (default: the routed scripted model). */
  modelFor?: SubagentDeps["modelFor"];
};

export function createSubagentHarness(options: SubagentHarnessOptions) {
  const events: SessionEvent[] = [];
  const gateChecks: Array<{ toolName: string; agent?: string }> = [];
  const model = createRoutedScriptedClient(options.script);
  const late: { session?: Session } = {};
  const hooks = createTestHookEngine(
    { projectDir: options.cwd, settings: options.settings },
    {
      permissionMode: () => options.mode ?? "bypassPermissions",
      onEvent: (event) => late.session?.hookRun(event),
      onNotice: (notice) => late.session?.notice(notice),
    },
  );
  const gate = createTestGate({
    cwd: options.cwd,
    mode: options.mode ?? "bypassPermissions",
    rules: options.rules,
    prompter: options.prompter,
  });
  const agents = options.agents ?? [...BUILT_IN_AGENTS];
  const tasks = new TaskList();
  const deps: SubagentDeps = {
    agents,
    registry: () => registry,
    cwd: options.cwd,
    homeDir: options.cwd,
    baseEnv: { PATH: process.env.PATH, HOME: options.cwd },
    shellEnv: () => ({}),
    tracer: noopTracer,
    modelFor: options.modelFor ?? (async () => model),
    hooks,
    gateFor: (scope) => {
      const scoped = gate.scoped(scope);
      // Records that every subagent call reached the gate (the real gate decides).
      return {
        ...scoped,
        check: (request: PermissionRequest) => {
          gateChecks.push({ toolName: request.toolName, agent: scope.agent });
          return scoped.check(request);
        },
      };
    },
    systemPromptFor: (agent) => async () => agent.prompt || "subagent",
    skillContext: async () => [],
    transcriptFor: options.transcriptsDir
      ? (agentId) =>
          new TranscriptStore({
            dir: options.transcriptsDir!,
            fileName: `agent-${agentId}.jsonl`,
            header: {
              session_id: "session-test",
              cwd: options.cwd,
              model: model.model,
              provider: model.provider,
              created_at: new Date(0).toISOString(),
              version: "test",
            },
            onWarning: () => {},
          })
      : undefined,
    worktreeDir: options.worktreeDir ?? tempFolder("worktrees"),
    maxParallel: options.maxParallel,
    waitBeforeEnd: options.waitBeforeEnd ?? true,
    newAgentId: options.newAgentId,
  };
  const subagents = new Subagents(deps);
  const registry = createToolRegistry(
    [
      ...createBuiltinTools({}),
      ...createTaskTools(tasks),
      createAgentTool({ agents, launch: subagents.launch }),
      ...createBackgroundTools(subagents),
      ...(options.extraTools ?? []),
    ],
    (name) => gate.isToolHidden(name),
  );
  const session = new Session({
    ...baseSessionOptions({
      cwd: options.cwd,
      model,
      registry,
      hooks,
      gate,
      systemPrompt: "parent system prompt",
    }),
    background: subagents,
  });
  late.session = session;
  subagents.attach(session);
  session.subscribe((event) => events.push(event));
  return { session, model, events, hooks, gate, gateChecks, registry, subagents, tasks };
}

/** The tool_result blocks of a recorded request's last message. */
export function lastResults(request: { messages: Array<{ content: unknown }> }) {
  const last = request.messages.at(-1) as {
    content: Array<{
      type: string;
      tool_use_id?: string;
      content?: string;
      is_error?: boolean;
      text?: string;
    }>;
  };
  return last.content;
}
