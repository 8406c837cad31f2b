// The task list's lines for the live area while any task is open: ☐ pending, ▶ in progress (bold,
// its subject; the spinner line says its present-continuous form), ☑ completed (dim), with the owner
// when a task has one. A list longer than its room keeps the tasks in progress, then the next pending
// ones, then the completed, in their order, and says what it left out. Pure.
import type { Style } from "./style.js";
import { truncateLine } from "./text-width.js";
import type { TaskItem } from "./transcript.js";

export function taskLine(task: TaskItem, style: Style): string {
  const owner = task.owner ? style.dim(` (${task.owner})`) : "";
  if (task.status === "completed") return `${style.green("☑")} ${style.dim(task.subject)}${owner}`;
  if (task.status === "in_progress") return `${style.cyan("▶")} ${style.bold(task.subject)}${owner}`;
  return `☐ ${task.subject}${owner}`;
}

const RANK = { in_progress: 0, pending: 1, completed: 2 } as const;

/** Nothing once every task is completed (or there are none); at most `maxLines` lines. */
export function taskListLines(
  tasks: readonly TaskItem[],
  style: Style,
  width: number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  if (!tasks.some((task) => task.status !== "completed")) return [];
  const fit = (list: readonly TaskItem[]) => list.map((task) => truncateLine(taskLine(task, style), width));
  if (tasks.length <= maxLines) return fit(tasks);
  const room = Math.max(1, maxLines - 1);
  const kept = new Set(
    tasks
      .map((task, index) => ({ task, index }))
      .sort((a, b) => RANK[a.task.status] - RANK[b.task.status] || a.index - b.index)
      .slice(0, room)
      .map(({ task }) => task),
  );
  const hidden = tasks.filter((task) => !kept.has(task));
  const count = (status: TaskItem["status"]) => hidden.filter((task) => task.status === status).length;
  const parts = [
    count("pending") > 0 ? `${count("pending")} pending` : "",
    count("in_progress") > 0 ? `${count("in_progress")} in progress` : "",
    count("completed") > 0 ? `${count("completed")} completed` : "",
  ].filter((part) => part !== "");
  const more = style.dim(`  … +${hidden.length} more (${parts.join(", ")})`);
  return [...fit(tasks.filter((task) => kept.has(task))), truncateLine(more, width)];
}
