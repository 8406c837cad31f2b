// stream-json frames for background commands (Bash with run_in_background), in the Agent SDKs'
// shapes: `system/task_started` when one starts (task_type local_bash) and `system/task_notification`
// when it ends — completed, failed, or stopped (TaskStop, or the run ending while it still ran).
import type { BackgroundCommandChange } from "../../session/index.js";

function summary(change: BackgroundCommandChange): string {
  const name = `Background command "${change.description}"`;
  if (change.status === "killed") return `${name} was stopped`;
  if (change.status === "completed") return `${name} completed (exit code 0)`;
  const why = change.note ?? (change.exitCode === null ? "it did not run" : `exit code ${change.exitCode}`);
  return `${name} failed (${why})`;
}

/** The frame for one start or end. */
export function backgroundCommandFrame(change: BackgroundCommandChange): Record<string, unknown> {
  const call = change.toolUseId ? { tool_use_id: change.toolUseId } : {};
  if (change.change === "started")
    return {
      type: "system",
      subtype: "task_started",
      task_id: change.id,
      ...call,
      description: change.description,
      task_type: "local_bash",
      is_backgrounded: true,
    };
  return {
    type: "system",
    subtype: "task_notification",
    task_id: change.id,
    ...call,
    status: change.status === "killed" ? "stopped" : change.status === "completed" ? "completed" : "failed",
    output_file: change.outputFile,
    summary: summary(change),
  };
}
