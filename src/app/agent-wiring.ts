// Wires subagents and the task list into a run: loads the agent definitions, builds the Agent,
// TaskOutput/TaskStop and task tools, and everything a subagent needs from the parent (a model, the
// narrowed gate, the scoped hooks, a system prompt, preloaded skills, a transcript beside the
// session's, a context manager, the worktree folder). The task list is saved beside the transcript
// and restored with the session.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentDefinition, AgentFile, ParentConversation } from "../agents/index.js";
import {
  agentToolWarnings,
  type BackgroundCommands,
  createAgentTool,
  createBackgroundTools,
  readAgentsObject,
  Subagents,
} from "../agents/index.js";
import { contextWindowFor } from "../compaction/index.js";
import type { HookEngine } from "../hooks/index.js";
import type { ManagedPermissionGate } from "../permissions/index.js";
import { createSystemPromptBuilder } from "../prompt/index.js";
import type { ModelClients } from "../providers/index.js";
import type { ModelSlot, SessionOptions } from "../session/index.js";
import { ContextManager } from "../session/index.js";
import type { Skill } from "../skills/index.js";
import { loadSkill } from "../skills/index.js";
import { createTaskTools, loadSavedTasks, TaskList } from "../tasks/index.js";
import type { CallContainment, FileAccess, ShellState, ToolRegistry } from "../tools/index.js";
import { projectKey, TranscriptStore } from "../transcript/index.js";
import { ensureFolderSync, errorMessage, packageVersion, writeFileAtomic } from "../util/index.js";
import { agentHooks, loadAgentDefinitions } from "./agent-definitions.js";
import type { Basics } from "./app.js";
import type { RunOptions } from "./run-options.js";
import { reagentStateDir } from "./state-home.js";

const SUBAGENT_FALLBACK_PROMPT =
  "You are a subagent of reagent, a coding agent. Do the task you are given with your tools and reply with a concise report.";

export type AgentWiring = {
  agents: AgentDefinition[];
  tasks: TaskList;
  subagents: Subagents;
  warnings: string[];
  /** The warnings about agent definitions (files, `--agents`, tool names), for `/agents`. */
  definitionWarnings: string[];
  /** What the session takes from here: the background agents, and the task list kept through compaction. */
  sessionOptions: Pick<SessionOptions, "background" | "compactionContext">;
  /** Adds session-only definitions at run time (the Agent SDK's `agents` option, given with its
   *  initialize request); they win over files and built-ins with the same name. Throws on a bad one. */
  define(data: unknown): string[];
  /** Names agent definitions whose tool lists name tools this run does not have (once the registry
   *  holds every tool). */
  checkToolNames(available: readonly string[]): void;
  /** Stops the background agents (their worktrees are finished) and writes the task list out. */
  close(): Promise<void>;
};

export async function wireAgents(input: {
  basics: Basics;
  options: Pick<RunOptions, "agents" | "sessionPersistence">;
  interactive: boolean;
  sessionId: string;
  /** The project's sessions folder (nothing is saved with --no-session-persistence). */
  sessionsDir: string;
  resumed: boolean;
  gate: ManagedPermissionGate;
  hooks: HookEngine;
  skills: readonly Skill[];
  /** The agent files as start-up read them (for the folder-trust check). */
  agentFiles?: readonly AgentFile[];
  /** The run's registry: the task, Agent and background tools are added to it here. */
  registry: ToolRegistry;
  parent: ParentConversation;
  model: ModelSlot;
  clients: ModelClients;
  /** The main conversation's shell (its environment additions reach subagents' shells). */
  shell: ShellState;
  /** Where the subagents' Read, Write and Edit get a file's text (the main session's). */
  fileAccess?: FileAccess;
  /** The session's launcher, sandbox facts and redaction (subagents use the same). */
  containment: CallContainment;
  newAgentId?: () => string;
  /** The session's background commands (TaskOutput and TaskStop read and stop them). */
  commands?: BackgroundCommands;
}): Promise<AgentWiring> {
  const { basics, sessionId } = input;
  const { cwd, env, tracer, settings } = basics;
  const loaded = await loadAgentDefinitions({
    cwd,
    homeDir: env.homeDir,
    agentsJson: input.options.agents,
    folderWithheld: basics.folderWithheld,
    files: input.agentFiles,
  });
  const warnings = [...loaded.warnings];
  const definitionWarnings = [...loaded.warnings];
  const sessionFolder = input.options.sessionPersistence ? join(input.sessionsDir, sessionId) : undefined;
  const tasksFile = sessionFolder ? join(sessionFolder, "tasks.json") : undefined;
  const tasks = new TaskList(tasksFile && input.resumed ? loadSavedTasks(tasksFile, warnings) : []);
  let saving = Promise.resolve();
  if (sessionFolder && tasksFile) {
    // Saved after every change, one write at a time, the latest list last.
    tasks.subscribe((list) => {
      const text = `${JSON.stringify(list, null, 2)}\n`;
      saving = saving
        .then(() => {
          ensureFolderSync(sessionFolder, 0o700);
          return writeFileAtomic(tasksFile, text, { mode: 0o600 });
        })
        .catch((error: unknown) =>
          input.parent.events.emit({
            type: "warning",
            message: `could not save the task list to ${tasksFile}: ${errorMessage(error)}`,
          }),
        );
    });
  }
  const windowOverride = env.contextWindowTokens ?? settings.merged.contextWindow;
  const subagents = new Subagents({
    agents: loaded.agents,
    parent: input.parent,
    registry: input.registry,
    cwd,
    homeDir: env.homeDir,
    baseEnv: env.all,
    ...(input.fileAccess ? { fileAccess: input.fileAccess } : {}),
    shellEnv: () => input.shell.env,
    containment: input.containment,
    tracer,
    modelFor: (name) => input.clients.forTask(name, input.model.current),
    hooks: {
      // An agent file's own hooks run beside the configured ones, for that agent's events only.
      forAgent: (scope) => input.hooks.forAgent(scope, loaded.hookConfigs.get(scope.agentType)),
      has: (event) => input.hooks.has(event),
      notification: (message, type) => input.hooks.notification(message, type),
    },
    gateFor: (options) => input.gate.scoped(options),
    systemPromptFor(agent, agentCwd) {
      const builder = createSystemPromptBuilder({
        cwd: agentCwd,
        homeDir: env.homeDir,
        platform: process.platform,
        shell: env.shell,
        now: () => new Date(),
        systemPrompt: agent.prompt || SUBAGENT_FALLBACK_PROMPT,
        skills: input.skills,
      });
      return async () => (await builder.build()).text;
    },
    async skillContext(names) {
      const texts: string[] = [];
      for (const name of names) {
        const skill = input.skills.find((candidate) => candidate.name === name);
        if (!skill) {
          texts.push(
            `(The skill "${name}" named in this agent's definition does not exist and was not loaded.)`,
          );
          continue;
        }
        const load = await loadSkill(skill, undefined);
        texts.push(
          load.kind === "ok"
            ? load.loaded.context
            : `(The skill "${name}" could not be loaded from ${skill.path}: ${load.message})`,
        );
      }
      return texts;
    },
    transcriptFor: sessionFolder
      ? (agentId, meta) => {
          const dir = join(sessionFolder, "subagents");
          try {
            ensureFolderSync(dir, 0o700);
            writeFileSync(
              join(dir, `agent-${agentId}.meta.json`),
              `${JSON.stringify({ agentId, ...meta }, null, 2)}\n`,
              {
                mode: 0o600,
              },
            );
          } catch {
            // The transcript store reports a folder it cannot write to with its first line.
          }
          const parent = input.model.current;
          return new TranscriptStore({
            dir,
            fileName: `agent-${agentId}.jsonl`,
            header: {
              session_id: sessionId,
              cwd,
              model: parent.model,
              provider: parent.provider,
              created_at: new Date().toISOString(),
              version: packageVersion(),
              agent_id: agentId,
            },
            onWarning: (message) => input.parent.events.emit({ type: "warning", message }),
          });
        }
      : undefined,
    contextFor: (model, tools, hooks) =>
      new ContextManager(
        {
          window: () => contextWindowFor(model().model, windowOverride),
          trim: env.compact,
          autoCompact: env.autoCompact && env.compact,
        },
        model,
        tools,
        tracer,
        hooks,
      ),
    // Kept worktrees hold an agent's unmerged work: a folder that survives a reboot (a tmpfs /tmp
    // would not), outside the project and outside any protected folder (.git, .agents …).
    worktreeDir: join(reagentStateDir(env), "worktrees", projectKey(cwd)),
    worktreeHooks: {
      // Read when a worktree is made: an SDK program may register its hook callbacks after start-up.
      get create() {
        const { hooks } = input;
        return hooks.has("WorktreeCreate") ? (name: string) => hooks.worktreeCreate(name) : undefined;
      },
      remove: async (path) =>
        input.hooks.has("WorktreeRemove") ? input.hooks.worktreeRemove(path) : undefined,
    },
    waitBeforeEnd: !input.interactive,
    ...(input.newAgentId ? { newAgentId: input.newAgentId } : {}),
    ...(input.commands ? { commands: input.commands } : {}),
  });
  input.registry.add([
    ...createTaskTools(tasks, input.hooks),
    createAgentTool({ agents: () => loaded.agents, launch: subagents.launch }),
    ...createBackgroundTools(subagents, input.commands),
  ]);
  tasks.subscribe((list) =>
    input.parent.events.emit({
      type: "task-list",
      tasks: list.map(({ id, subject, status, activeForm, owner }) => ({
        id,
        subject,
        status,
        activeForm,
        owner,
      })),
    }),
  );
  return {
    agents: loaded.agents,
    tasks,
    subagents,
    warnings,
    definitionWarnings,
    sessionOptions: {
      background: subagents,
      compactionContext: () =>
        tasks.all().length > 0
          ? `The task list (kept through compaction; update it with TaskUpdate):\n${tasks.render()}`
          : undefined,
    },
    define(data) {
      const parsed = readAgentsObject(data, "initialize");
      if (parsed.kind === "error") throw new Error(parsed.message);
      const problems: string[] = [];
      const checked = agentHooks(parsed.agents, cwd, problems);
      if (checked.agents.length < parsed.agents.length) throw new Error(problems.join("; "));
      for (const agent of parsed.agents) {
        loaded.hookConfigs.delete(agent.name);
        const config = checked.hookConfigs.get(agent.name);
        if (config) loaded.hookConfigs.set(agent.name, config);
      }
      for (const agent of [...parsed.agents].reverse()) {
        const index = loaded.agents.findIndex((existing) => existing.name === agent.name);
        if (index >= 0) loaded.agents.splice(index, 1);
        loaded.agents.unshift(agent);
      }
      return [...parsed.warnings, ...problems];
    },
    checkToolNames(available) {
      for (const agent of loaded.agents) {
        if (agent.source === "built-in") continue;
        const found = agentToolWarnings(agent, available);
        warnings.push(...found);
        definitionWarnings.push(...found);
      }
    },
    async close() {
      await subagents.close();
      await saving;
    },
  };
}
