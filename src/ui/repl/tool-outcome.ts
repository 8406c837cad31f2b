// A tool call's outcome as the REPL shows it: ok, error, denied (by the user or a rule), blocked by a
// hook, or interrupted. Live calls carry the runner's error code; calls replayed from a saved session
// only have the result text, so the same outcomes are recognised from the runner's and gate's words.
export type ToolStatus = "ok" | "error" | "denied" | "blocked" | "interrupted";

/** Calls whose result the live task list already shows: one line each, the output only in the
 *  detailed view (Claude Code prints one summary line for them too). */
const TASK_LIST_TOOLS = new Set(["TaskCreate", "TaskUpdate", "TaskList", "TaskGet"]);

export function showsOneLine(toolName: string): boolean {
  return TASK_LIST_TOOLS.has(toolName);
}

export function toolStatus(isError: boolean, code: string | undefined): ToolStatus {
  if (!isError) return "ok";
  if (code === "permission_denied") return "denied";
  if (code === "hook_denied") return "blocked";
  if (code === "aborted" || code === "interrupted" || code === "skipped") return "interrupted";
  return "error";
}

const DENIED = [/^The user declined this tool call/, /^Permission denied/, /^The tool call was aborted\./];
const BLOCKED = [/^Tool call denied by a PreToolUse hook/];
const INTERRUPTED = [
  /was not run: the turn was interrupted\./,
  /^Command was interrupted/,
  /^Tool call skipped:/,
  /^Interrupted: the session ended/,
];

/** The status of a replayed result, from its error flag and text. */
export function replayedStatus(isError: boolean, content: string): ToolStatus {
  if (!isError) return "ok";
  const text = content.trim();
  if (DENIED.some((pattern) => pattern.test(text))) return "denied";
  if (BLOCKED.some((pattern) => pattern.test(text))) return "blocked";
  if (INTERRUPTED.some((pattern) => pattern.test(text))) return "interrupted";
  return "error";
}

/** What the user told the agent when declining ("No, and tell the agent …"), if anything. */
export function declinedMessage(content: string): string | undefined {
  return /The user said: ([\s\S]*)$/.exec(content)?.[1]?.trim() || undefined;
}
