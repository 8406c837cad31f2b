// What TaskOutput and TaskStop say about a background command (Bash with run_in_background), in
// Claude Code 2.1.197's shapes: the text for the model (tagged fields, the output last) and the data
// (`retrieval_status` and `task`) for hooks, the SDK and the UI.
import type { ShellTaskView } from "../tools/index.js";

type RetrievalStatus = "success" | "timeout" | "not_ready";

/** How TaskOutput's wait went: finished, still running after waiting, or not waited for. */
export function retrievalStatus(view: ShellTaskView, waited: boolean): RetrievalStatus {
  if (view.status !== "running") return "success";
  return waited ? "timeout" : "not_ready";
}

export function shellTaskData(view: ShellTaskView, retrieval: RetrievalStatus) {
  return {
    retrieval_status: retrieval,
    task: {
      task_id: view.id,
      task_type: "local_bash",
      status: view.status,
      description: view.description,
      output: view.output,
      exitCode: view.exitCode,
      outputFile: view.outputFile,
    },
  };
}

export function shellTaskText(view: ShellTaskView, retrieval: RetrievalStatus): string {
  const lines = [
    `<retrieval_status>${retrieval}</retrieval_status>`,
    `<task_id>${view.id}</task_id>`,
    `<task_type>local_bash</task_type>`,
    `<status>${view.status}</status>`,
  ];
  if (view.status !== "running" && view.exitCode !== null)
    lines.push(`<exit_code>${view.exitCode}</exit_code>`);
  if (view.note) lines.push(`<note>${view.note}</note>`);
  if (view.fileTruncated)
    lines.push(
      `<note>the output file ${view.outputFile} reached its size cap; the output below keeps the start and the latest part</note>`,
    );
  lines.push(`<output>\n${view.output.replace(/\n$/, "")}\n</output>`);
  return lines.join("\n");
}

/** The one line that says a command ended, for the model's next request. */
export function shellEndedNote(view: ShellTaskView, tailChars: number): string {
  const how =
    view.status === "completed"
      ? "completed (exit code 0)"
      : view.status === "killed"
        ? "was stopped"
        : `failed${view.exitCode !== null ? ` (exit code ${view.exitCode})` : ""}${view.note ? `: ${view.note}` : ""}`;
  const tail = view.output.length > tailChars ? `…${view.output.slice(-tailChars)}` : view.output;
  return `<task-notification>\nBackground command ${view.id} ("${view.description}") ${how}. Its output (TaskOutput {"task_id": "${view.id}"} shows it, the whole of it is in ${view.outputFile}):\n${tail.replace(/\n$/, "")}\n</task-notification>`;
}
