// Tools for background agents: TaskOutput {task_id, block?, timeout?} shows a background agent's
// status and, once it finished, its result (waiting for it when `block` is true); TaskStop {task_id}
// stops it. Both act on the session's background agents (injected).
import { z } from "zod";
import { defineTool, fail, ok, type Tool } from "../tools/tool.js";

export type BackgroundStatus = "running" | "completed" | "failed" | "stopped";

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

function unknown(agents: BackgroundAgents, id: string) {
  const ids = agents.ids();
  return fail(
    "unknown_task",
    `No background agent with id "${id}".${ids.length ? ` Known: ${ids.join(", ")}.` : " None was started."}`,
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
const stopSchema = z.object({ task_id: z.string().min(1).describe("The id the Agent tool returned") });
/** For prebuilt-tool-schemas.ts (their JSON Schemas are computed at build time). */
export const BACKGROUND_SCHEMAS = { TaskOutput: outputSchema, TaskStop: stopSchema };

export function createBackgroundTools(agents: BackgroundAgents): Tool[] {
  const output = defineTool({
    name: "TaskOutput",
    description:
      "Shows a background agent's status and, once finished, its final report. You are told when it finishes: do not poll.",
    schema: outputSchema,
    isReadOnly: () => true,
    summary: (input) => input.task_id,
    async execute(input, context) {
      if (!agents.get(input.task_id)) return unknown(agents, input.task_id);
      if (input.block !== false) await agents.wait(input.task_id, input.timeout ?? 30_000, context.signal);
      const view = agents.get(input.task_id)!;
      return ok(render(view), {
        task_id: view.id,
        status: view.status,
        ...(view.result ? { output: view.result } : {}),
      });
    },
  });
  const stop = defineTool({
    name: "TaskStop",
    description: "Stops a running background agent (and the commands it runs).",
    schema: stopSchema,
    isReadOnly: () => true,
    summary: (input) => input.task_id,
    async execute(input) {
      const view = agents.get(input.task_id);
      if (!view) return unknown(agents, input.task_id);
      if (!agents.stop(input.task_id))
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
