// The task list saved beside a session's transcript, read back when the session is resumed. The file
// is data from disk: it is validated against the task shape before the list uses it, and a broken or
// hand-edited file is a warning naming the file and the field, and an empty list (nothing crashes).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { formatZodError } from "../util/index.js";
import { TASK_STATUSES, type Task } from "./task-list.js";

const savedTasksSchema = z.array(
  z.object({
    id: z.string(),
    subject: z.string(),
    description: z.string(),
    activeForm: z.string().optional(),
    status: z.enum(TASK_STATUSES),
    owner: z.string().optional(),
    blocks: z.array(z.string()).default([]),
    blockedBy: z.array(z.string()).default([]),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
);

/** Reads a saved task list; a missing file is an empty list, a broken one a warning and an empty list. */
export function loadSavedTasks(path: string, warnings: string[]): Task[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    warnings.push(`the saved task list ${path} is not valid JSON; starting with an empty task list`);
    return [];
  }
  const parsed = savedTasksSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  warnings.push(
    `the saved task list ${path} is not a list of tasks (${formatZodError(parsed.error)}); starting with an empty task list`,
  );
  return [];
}
