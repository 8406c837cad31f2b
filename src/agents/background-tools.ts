// Tools for background work: TaskOutput {task_id, block?, timeout?} shows a background agent's or
// background command's status and output (waiting for it to end when `block` is true); TaskStop
// {task_id} (or the older {shell_id}) stops it. Both act on the session's background agents and
// commands (injected). The old names BashOutput {bash_id} and KillShell {shell_id} call them too.
import { z } from "zod";
import type { ShellTaskView } from "../tools/index.js";
import { defineTool, fail, ok, type Tool } from "../tools/index.js";
import { retrievalStatus, shellTaskData, shellTaskText } from "./shell-task-text.js";

type BackgroundStatus = "running" | "completed" | "failed" | "stopped";

export type BackgroundView = {
  id: string;
  agentType: string;
  description: string;
  status: BackgroundStatus;
  /** The final message (or the error), once finished. */
  result?: string;
  /** What it is doing now (its last tool call), while running. */
  progress?: string;
};

export interface BackgroundAgents {
  get(id: string): BackgroundView | undefined;
  ids(): string[];
  /** Resolves when the agent finished, or after `timeoutMs`, or when `signal` aborts. */
  wait(id: string, timeoutMs: number, signal: AbortSignal): Promise<void>;
  stop(id: string): boolean;
}

/** The session's background commands, as TaskOutput and TaskStop see them (tools/background-shells.ts). */
export interface BackgroundCommands {
  get(id: string): ShellTaskView | undefined;
  ids(): string[];
  wait(id: string, timeoutMs: number, signal: AbortSignal): Promise<void>;
  stop(id: string): Promise<boolean>;
}

function unknown(agents: BackgroundAgents, commands: BackgroundCommands | undefined, id: string) {
  const ids = [...agents.ids(), ...(commands?.ids() ?? [])];
  return fail(
    "unknown_task",
    `No background ${commands ? "agent or command" : "agent"} with id "${id}".${ids.length ? ` Known: ${ids.join(", ")}.` : " None was started."}`,
  );
}

function render(view: BackgroundView): string {
  const head = `Background agent ${view.id} (${view.agentType}: ${view.description}): ${view.status}`;
  if (view.status === "running") return `${head}${view.progress ? ` — ${view.progress}` : ""}`;
  return `${head}\n\n${view.result ?? "(no output)"}`;
}

const outputSchema = z.object({
  task_id: z.string().min(1).describe("The id the Agent tool returned"),
  block: z.boolean().optional().describe("Wait for the agent to finish (default true)"),
  timeout: z.number().int().min(0).max(600_000).optional().describe("Milliseconds to wait (default 30000)"),
});
const stopSchema = z.object({
  task_id: z.string().min(1).optional().describe("The id of the background agent or command to stop"),
  shell_id: z.string().min(1).optional().describe("Deprecated: use task_id"),
});
/** For prebuilt-tool-schemas.ts (their JSON Schemas are computed at build time). */
export const BACKGROUND_SCHEMAS = { TaskOutput: outputSchema, TaskStop: stopSchema };

/** KillShell {shell_id} is TaskStop's own older field. */
const sameInput = (input: unknown) => input;

/** BashOutput {bash_id} reads without waiting, as it did. */
const bashOutputInput = (input: unknown) => {
  const raw = (input ?? {}) as Record<string, unknown>;
  return raw.task_id === undefined && raw.bash_id !== undefined
    ? { task_id: raw.bash_id, block: false }
    : input;
};

export function createBackgroundTools(agents: BackgroundAgents, commands?: BackgroundCommands): Tool[] {
  const output = defineTool({
    name: "TaskOutput",
    description:
      "Shows a background agent's or background command's status and output (a command's output so far, an agent's final report once finished). block: false reads at once; you are told when one finishes, so do not poll.",
    schema: outputSchema,
    aliases: { BashOutput: bashOutputInput },
    isReadOnly: () => true,
    summary: (input) => input.task_id,
    async execute(input, context) {
      const command = agents.get(input.task_id) ? undefined : commands?.get(input.task_id);
      if (command && commands) {
        const block = input.block !== false && command.status === "running";
        if (block) await commands.wait(command.id, input.timeout ?? 30_000, context.signal);
        const now = commands.get(command.id) ?? command;
        const retrieval = retrievalStatus(now, block);
        return ok(shellTaskText(now, retrieval), shellTaskData(now, retrieval));
      }
      const before = agents.get(input.task_id);
      if (!before) return unknown(agents, commands, input.task_id);
      if (input.block !== false) await agents.wait(input.task_id, input.timeout ?? 30_000, context.signal);
      const view = agents.get(input.task_id) ?? before;
      return ok(render(view), {
        task_id: view.id,
        status: view.status,
        ...(view.result ? { output: view.result } : {}),
      });
    },
  });
  const stop = defineTool({
    name: "TaskStop",
    description:
      "Stops a running background agent (and the commands it runs) or a background command (with every process it started).",
    schema: stopSchema,
    aliases: { KillShell: sameInput },
    isReadOnly: () => true,
    summary: (input) => input.task_id ?? input.shell_id ?? "",
    async execute(input) {
      const id = input.task_id ?? input.shell_id;
      if (!id)
        return fail("invalid_input", "TaskStop needs task_id: the id of the background agent or command.");
      const view = agents.get(id);
      const command = view ? undefined : commands?.get(id);
      if (command && commands) {
        if (!(await commands.stop(command.id)))
          return fail(
            "not_running",
            `Background command ${command.id} is not running (it ${command.status === "killed" ? "was stopped" : command.status}).`,
          );
        return ok(
          `Stopped background command ${command.id} (${command.command}) and every process it started.`,
          {
            message: `Successfully killed shell: ${command.id} (${command.command})`,
            task_id: command.id,
            task_type: "local_bash",
            command: command.command,
          },
        );
      }
      if (!view) return unknown(agents, commands, id);
      if (!agents.stop(id))
        return fail(
          "not_running",
          `Background agent ${view.id} is not running (it ${view.status === "stopped" ? "was stopped" : view.status}).`,
        );
      return ok(`Stopped background agent ${view.id} (${view.agentType}: ${view.description}).`, {
        message: "stopped",
        task_id: view.id,
        task_type: "local_agent",
        command: view.description,
      });
    },
  });
  return [output, stop] as Tool[];
}
