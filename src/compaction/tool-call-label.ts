// Short human-readable labels for tool calls, e.g. `Read(src/a.ts)` or `Bash(npm test)`, used by
// the placeholders that replace cleared tool results and by the summary transcript.

export type ToolCallSummary = { name: string; keyArg?: string };

/** Input fields that best identify a call, in priority order (Claude Code field names first). */
const KEY_FIELDS = [
  "file_path",
  "notebook_path",
  "path",
  "pattern",
  "command",
  "url",
  "query",
  "skill",
  "subagent_type",
  "description",
  "prompt",
  "name",
  "uri",
] as const;

const MAX_KEY_ARG_CHARS = 80;

/** The most identifying argument of a call, shortened to one line of at most 80 characters. */
export function keyArgumentOf(input: Record<string, unknown>): string | undefined {
  for (const field of KEY_FIELDS) {
    const value = input[field];
    if (typeof value === "string" && value.trim() !== "") return shorten(value);
  }
  for (const value of Object.values(input)) {
    if (typeof value === "string" && value.trim() !== "") return shorten(value);
  }
  return undefined;
}

export function toolCallLabel(summary: ToolCallSummary | undefined): string {
  if (!summary) return "tool";
  return summary.keyArg ? `${summary.name}(${summary.keyArg})` : summary.name;
}

/** The text that replaces a cleared tool result. */
export function clearedResultPlaceholder(summary: ToolCallSummary | undefined, clearedChars: number): string {
  return `[Earlier ${toolCallLabel(summary)} result cleared to save context: ${clearedChars.toLocaleString("en-US")} chars]`;
}

function shorten(value: string): string {
  const oneLine = value
    .slice(0, MAX_KEY_ARG_CHARS * 2)
    .replace(/\s+/g, " ")
    .trim();
  return oneLine.length <= MAX_KEY_ARG_CHARS ? oneLine : `${oneLine.slice(0, MAX_KEY_ARG_CHARS - 1)}…`;
}
