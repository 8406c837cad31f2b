// The task list's lines for the live area while any task is open: ☐ pending, ▶ in progress (its
// present-continuous form, bold), ☑ completed (dim), with the owner when a task has one. Pure.
import type { Style } from "./style.js";
import { truncateLine } from "./text-width.js";
import type { TaskItem } from "./transcript.js";

export function taskLine(task: TaskItem, style: Style): string {
  const owner = task.owner ? style.dim(` (${task.owner})`) : "";
  if (task.status === "completed") return `${style.green("☑")} ${style.dim(task.subject)}${owner}`;
  if (task.status === "in_progress")
    return `${style.cyan("▶")} ${style.bold(task.activeForm ?? task.subject)}${owner}`;
  return `☐ ${task.subject}${owner}`;
}

/** Nothing once every task is completed (or there are none). */
export function taskListLines(tasks: readonly TaskItem[], style: Style, width: number): string[] {
  if (!tasks.some((task) => task.status !== "completed")) return [];
  return tasks.map((task) => truncateLine(taskLine(task, style), width));
}
