// Wires subagents and the task list into a run: loads the agent definitions, builds the subagent
// runtime (what a subagent takes from its parent: create-subagents.ts) and the Agent,
// TaskOutput/TaskStop and task tools. The task list is saved beside the transcript and restored with
// the session; the Agent SDK's initialize request may add definitions later.
import { join } from "node:path";
import type { AgentDefinition, AgentFile, ParentConversation } from "../agents/index.js";
import {
  agentToolWarnings,
  type BackgroundCommands,
  createAgentTool,
  createBackgroundTools,
  readAgentsObject,
  type Subagents,
} from "../agents/index.js";
import type { HookEngine } from "../hooks/index.js";
import type { ManagedPermissionGate } from "../permissions/index.js";
import type { ModelClients } from "../providers/index.js";
import type { ModelSlot, SessionOptions } from "../session/index.js";
import type { Skill } from "../skills/index.js";
import { createTaskTools, loadSavedTasks, TaskList } from "../tasks/index.js";
import type { CallContainment, FileAccess, ShellState, ToolRegistry } from "../tools/index.js";
import { ensureFolderSync, errorMessage, writeFileAtomic } from "../util/index.js";
import { agentHooks, type LoadedAgents, loadAgentDefinitions } from "./agent-definitions.js";
import type { Basics } from "./app.js";
import { createSubagents } from "./create-subagents.js";
import type { RunOptions } from "./run-options.js";

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

export type WireAgentsInput = {
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
};

export async function wireAgents(input: WireAgentsInput): Promise<AgentWiring> {
  const { basics } = input;
  const { cwd, env } = basics;
  const loaded = await loadAgentDefinitions({
    cwd,
    homeDir: env.homeDir,
    agentsJson: input.options.agents,
    folderWithheld: basics.folderWithheld,
    files: input.agentFiles,
  });
  const warnings = [...loaded.warnings];
  const definitionWarnings = [...loaded.warnings];
  const sessionFolder = input.options.sessionPersistence
    ? join(input.sessionsDir, input.sessionId)
    : undefined;
  const taskList = openTaskList(input, sessionFolder, warnings);
  const { tasks } = taskList;
  const subagents = createSubagents(input, loaded, sessionFolder);
  input.registry.add([
    ...createTaskTools(tasks, input.hooks),
    createAgentTool({ agents: () => loaded.agents, launch: subagents.launch }),
    ...createBackgroundTools(subagents, input.commands),
  ]);
  announceTasks(tasks, input.parent);
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
    define: (data) => defineAgents(loaded, cwd, data),
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
      await taskList.saved();
    },
  };
}

/** The task list, restored with a resumed session and saved beside its transcript after every
 *  change (one write at a time, the latest list last); nothing is saved without a session folder. */
function openTaskList(
  input: Pick<WireAgentsInput, "resumed" | "parent">,
  sessionFolder: string | undefined,
  warnings: string[],
): { tasks: TaskList; saved(): Promise<void> } {
  const tasksFile = sessionFolder ? join(sessionFolder, "tasks.json") : undefined;
  const tasks = new TaskList(tasksFile && input.resumed ? loadSavedTasks(tasksFile, warnings) : []);
  let saving = Promise.resolve();
  if (sessionFolder && tasksFile) {
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
  return { tasks, saved: () => saving };
}

/** Every change of the task list is an event (the REPL shows the list). */
function announceTasks(tasks: TaskList, parent: ParentConversation): void {
  tasks.subscribe((list) =>
    parent.events.emit({
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
}

/** Adds session-only definitions (the Agent SDK's `agents` option); they win over files and built-ins
 *  with the same name. Throws on a bad one; returns the warnings. */
function defineAgents(loaded: LoadedAgents, cwd: string, data: unknown): string[] {
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
}
