// The task list, its saved form and the Task* tools (module entry).

export { loadSavedTasks } from "./saved-tasks.js";
export { TaskList } from "./task-list.js";
export { createTaskTools, TASK_SCHEMAS } from "./task-tools.js";
