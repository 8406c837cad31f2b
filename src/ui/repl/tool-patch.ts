// The change an Edit or Write made, from its result data (`structuredPatch`, Claude Code's shape,
// live or saved with the transcript), and for replayed calls whose transcript kept no result data
// (older sessions, Claude Code's multi-call lines) from the call's input: Edit's old_string →
// new_string (no file line numbers), Write's content as added lines.
import { type Hunk, type PatchHunk, patchHunks, textHunks } from "./diff-view.js";

function isPatchHunk(value: unknown): value is PatchHunk {
  const hunk = value as PatchHunk;
  return (
    typeof hunk === "object" &&
    hunk !== null &&
    typeof hunk.oldStart === "number" &&
    typeof hunk.newStart === "number" &&
    Array.isArray(hunk.lines) &&
    hunk.lines.every((line) => typeof line === "string")
  );
}

export function toolPatch(toolName: string, data: unknown): Hunk[] | undefined {
  if (toolName !== "Edit" && toolName !== "Write") return undefined;
  const patch = (data as { structuredPatch?: unknown } | undefined)?.structuredPatch;
  if (!Array.isArray(patch) || !patch.every(isPatchHunk)) return undefined;
  return patchHunks(patch);
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function inputPatch(toolName: string, input: Record<string, unknown>): Hunk[] | undefined {
  if (toolName === "Edit")
    return textHunks(text(input.old_string), text(input.new_string), text(input.old_string) === "");
  if (toolName === "Write") return textHunks("", text(input.content));
  return undefined;
}
