// The task list tools, shaped like Claude Code's: TaskCreate {subject, description, activeForm?,
// metadata?}, TaskUpdate {taskId, subject?, description?, activeForm?, status?, owner?, addBlocks?,
// addBlockedBy?, metadata?}, TaskList {} and TaskGet {taskId}. They change only the session's list
// (no files), so they count as read-only: they run in every permission mode, plan mode included.
// `data` carries Claude Code's output shapes (what PostToolUse hooks see as tool_response).
import { z } from "zod";
import { defineTool, fail, ok, type Tool } from "../tools/index.js";
import { TASK_STATUSES, type TaskList } from "./task-list.js";

const id = z.string().min(1).describe('The task id, e.g. "3"');
const metadata = z.record(z.string(), z.unknown());

const createSchema = z.object({
  subject: z.string().min(1).describe('A brief imperative title ("Fix the login test")'),
  description: z.string().describe("What to do, in enough detail to pick it up later"),
  activeForm: z.string().optional().describe('Shown while in progress, e.g. "Fixing the login test"'),
  metadata: metadata.optional().describe("Any data to keep with the task"),
});

const getSchema = z.object({ taskId: id });
const listSchema = z.object({});

const updateSchema = z.object({
  taskId: id,
  subject: z.string().min(1).optional().describe("New subject"),
  description: z.string().optional().describe("New description"),
  activeForm: z.string().optional().describe("New in-progress form"),
  status: z
    .enum([...TASK_STATUSES, "deleted"])
    .optional()
    .describe("in_progress: one task at a time"),
  owner: z.string().optional().describe("An agent name"),
  addBlocks: z.array(z.string()).optional().describe("Ids of tasks waiting for this one"),
  addBlockedBy: z.array(z.string()).optional().describe("Ids of tasks this one waits for"),
  metadata: metadata.optional().describe("Keys to merge; null deletes a key"),
});
/** For prebuilt-tool-schemas.ts (their JSON Schemas are computed at build time). */
export const TASK_SCHEMAS = {
  TaskCreate: createSchema,
  TaskUpdate: updateSchema,
  TaskList: listSchema,
  TaskGet: getSchema,
};

const CREATE_DESCRIPTION = `Adds a task to the session's task list, which the user sees live. Use it for work of three or more steps or several requests: create the tasks up front, mark each in_progress with TaskUpdate when you start it and completed once done. Skip it for one small change.`;
const UPDATE_DESCRIPTION = `Updates a task's status (pending → in_progress → completed, or deleted), fields or dependencies. Completed means fully done (tests pass, nothing open); otherwise keep it in_progress and add a task for what blocks you.`;
const LIST_DESCRIPTION = "Lists every task with its id, status, subject, owner and open blockers.";
const GET_DESCRIPTION = "Shows one task in full: subject, description, status and dependencies.";

/** What the task tools need of the hooks engine (TaskCreated / TaskCompleted): a block refuses. */
type TaskHooks = {
  taskCreated(task: TaskFacts, signal?: AbortSignal): Promise<{ blocked?: { reason: string } }>;
  taskCompleted(task: TaskFacts, signal?: AbortSignal): Promise<{ blocked?: { reason: string } }>;
};
type TaskFacts = { id: string; subject: string; description?: string };

/** A TaskCreated / TaskCompleted hook refused the change: the model reads why. */
function refused(event: string, reason: string, data: Record<string, unknown>) {
  return fail("hook_denied", `${event} hook refused: ${reason}`, data);
}

/** `#3 Fix the login test → in progress`: the task keeps its subject on every line about it. */
function taskLabel(list: TaskList, taskId: string, subject?: string, status?: string): string {
  const id = taskId.replace(/^#/, "");
  const name = subject ?? list.get(id)?.subject;
  return `#${id}${name ? ` ${name}` : ""}${status ? ` → ${status.replace("_", " ")}` : ""}`;
}

/** The task tools over `list`; `hooks` fires TaskCreated and TaskCompleted (a block refuses the change). */
export function createTaskTools(list: TaskList, hooks?: TaskHooks): Tool[] {
  return [
    taskCreateTool(list, hooks),
    taskUpdateTool(list, hooks),
    taskListTool(list),
    taskGetTool(list),
  ] as Tool[];
}

/** TaskCreate: a TaskCreated hook sees the id the task will get and may refuse it. */
function taskCreateTool(list: TaskList, hooks: TaskHooks | undefined) {
  return defineTool({
    name: "TaskCreate",
    description: CREATE_DESCRIPTION,
    schema: createSchema,
    isReadOnly: () => true,
    summary: (input) => input.subject,
    async execute(input, context) {
      let id: string | undefined;
      if (hooks) {
        id = list.reserveId();
        const verdict = await hooks.taskCreated(
          { id, subject: input.subject, description: input.description },
          context.signal,
        );
        if (verdict.blocked) return refused("TaskCreated", verdict.blocked.reason, { task: null });
      }
      const task = list.create(input, id);
      return ok(`Task #${task.id} created: ${task.subject}`, {
        task: { id: task.id, subject: task.subject, description: task.description },
      });
    },
  });
}

/** TaskUpdate: completing a task asks the TaskCompleted hook first (a refusal changes nothing). */
function taskUpdateTool(list: TaskList, hooks: TaskHooks | undefined) {
  return defineTool({
    name: "TaskUpdate",
    description: UPDATE_DESCRIPTION,
    schema: updateSchema,
    isReadOnly: () => true,
    summary: (input) => taskLabel(list, input.taskId, input.subject, input.status),
    async execute(input, context) {
      const { taskId, ...change } = input;
      const before = list.get(taskId);
      if (hooks && before && change.status === "completed" && before.status !== "completed") {
        const task = {
          id: before.id,
          subject: change.subject ?? before.subject,
          description: change.description ?? before.description,
        };
        const verdict = await hooks.taskCompleted(task, context.signal);
        if (verdict.blocked) {
          const reason = verdict.blocked.reason;
          const data = { success: false, taskId: before.id, updatedFields: [], error: reason };
          return refused(
            "TaskCompleted",
            `${reason} (task #${before.id} stays ${before.status}; nothing was changed)`,
            data,
          );
        }
      }
      const outcome = list.update(taskId, change);
      if (!outcome.ok)
        return fail(outcome.code, outcome.message, {
          success: false,
          taskId,
          updatedFields: [],
          error: outcome.message,
        });
      const task = list.get(taskId);
      const data = {
        success: true,
        taskId: task?.id ?? taskId.replace(/^#/, ""),
        updatedFields: outcome.updatedFields,
        ...(outcome.statusChange ? { statusChange: outcome.statusChange } : {}),
      };
      if (outcome.statusChange?.to === "deleted") return ok(`Task #${data.taskId} deleted.`, data);
      const what = outcome.updatedFields.length ? outcome.updatedFields.join(", ") : "nothing changed";
      const waits = task && outcome.statusChange?.to === "in_progress" ? list.openBlockers(task) : [];
      const note = waits.length
        ? ` Note: it is still blocked by ${waits.map((other) => `#${other}`).join(", ")}.`
        : "";
      return ok(`Task #${data.taskId} updated (${what}).${note}`, data);
    },
  });
}

function taskListTool(list: TaskList) {
  return defineTool({
    name: "TaskList",
    description: LIST_DESCRIPTION,
    schema: listSchema,
    isReadOnly: () => true,
    async execute() {
      const tasks = list.all().map((task) => ({
        id: task.id,
        subject: task.subject,
        status: task.status,
        ...(task.owner ? { owner: task.owner } : {}),
        blockedBy: list.openBlockers(task),
      }));
      return ok(list.render(), { tasks });
    },
  });
}

function taskGetTool(list: TaskList) {
  return defineTool({
    name: "TaskGet",
    description: GET_DESCRIPTION,
    schema: getSchema,
    isReadOnly: () => true,
    summary: (input) => taskLabel(list, input.taskId),
    async execute(input) {
      const task = list.get(input.taskId);
      if (!task) return fail("task_not_found", `No task with id "${input.taskId}".`, { task: null });
      const lines = [`#${task.id} [${task.status}] ${task.subject}`];
      if (task.owner) lines.push(`Owner: ${task.owner}`);
      if (task.description) lines.push("", task.description);
      if (task.blockedBy.length)
        lines.push("", `Blocked by: ${task.blockedBy.map((other) => `#${other}`).join(", ")}`);
      if (task.blocks.length) lines.push(`Blocks: ${task.blocks.map((other) => `#${other}`).join(", ")}`);
      const { id: taskId, subject, description, status, blocks, blockedBy } = task;
      return ok(lines.join("\n"), { task: { id: taskId, subject, description, status, blocks, blockedBy } });
    },
  });
}
