// `!command` at the prompt (Claude Code's bash mode): the command runs as a Bash call through the
// session's ToolRunner — PreToolUse hooks and the permission gate decide as for any call — and what it
// printed goes to the model with the user's next prompt, in Claude Code's `<bash-input>` /
// `<bash-stdout>` tags, so the agent knows what the user ran and saw. A call that never ran (denied,
// blocked by a hook, stopped before it started) adds nothing. Pure formatting; the session runs it.
import type { ToolExecution } from "../tools/index.js";

export type ShellOutcome =
  /** The command ran (whatever its exit code); `context` goes with the next prompt. */
  { kind: "ran"; context: string[]; isError: boolean } | { kind: "not-run"; reason: string };

export function shellOutcome(command: string, execution: ToolExecution): ShellOutcome {
  const { result } = execution;
  // Only a run of the command carries the Bash tool's data (exit code, output); refusals do not.
  if (execution.data === undefined)
    return { kind: "not-run", reason: result.content.trim().split("\n")[0] ?? "" };
  const text = [
    "The user ran this shell command from the prompt (not a tool call of yours); its output is here for context.",
    `<bash-input>${command}</bash-input>`,
    `<bash-stdout>${result.content}</bash-stdout>`,
  ].join("\n");
  return { kind: "ran", context: [text, ...execution.notes], isError: result.is_error === true };
}
