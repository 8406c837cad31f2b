// What a person reads about checkpoints: the list of prompts, what a code rewind would do (the
// files, the ones changed outside reagent since, what it leaves alone) and what it did. Shared by
// the REPL's /rewind and `reagent rewind`.
import type { PromptEntry } from "./checkpoint-history.js";
import type { CodeRewindPlan, CodeRewindResult } from "./code-rewind.js";

function promptLine(prompt: PromptEntry, width = 60): string {
  const oneLine = prompt.text.replace(/\s+/g, " ").trim();
  const text = oneLine.length > width ? `${oneLine.slice(0, width - 1)}…` : oneLine;
  const when = `${prompt.at.slice(0, 16).replace("T", " ")} UTC`;
  return `${String(prompt.number).padStart(3)}  ${when}  ${text || "(empty prompt)"}${prompt.changedFiles ? "" : "  (no file changes)"}`;
}

export function formatPromptList(prompts: readonly PromptEntry[]): string {
  if (prompts.length === 0) return "  (no prompts recorded in this session)";
  return prompts.map((prompt) => promptLine(prompt)).join("\n");
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** What rewinding the code to before this prompt would write and delete, and what it leaves alone. */
export function describePlan(plan: CodeRewindPlan): string {
  if (plan.kind === "unchanged")
    return `reagent changed no file since prompt ${plan.prompt.number} began; there is nothing to restore.`;
  if (plan.changes.length === 0)
    return `The files are as they were before prompt ${plan.prompt.number}; there is nothing to restore.`;
  const lines = [
    `Rewinding the code to before prompt ${plan.prompt.number} changes ${plural(plan.changes.length, "file")}:`,
  ];
  for (const change of plan.changes.slice(0, 50))
    lines.push(`  ${change.action === "delete" ? "delete " : "restore"} ${change.path}`);
  if (plan.changes.length > 50) lines.push(`  … and ${plan.changes.length - 50} more`);
  if (plan.skipped.length > 0)
    lines.push(
      `Left alone (not in the checkpoint: over the size cap or a nested repository): ${plan.skipped.join(", ")}`,
    );
  lines.push("Files .gitignore ignores are not part of checkpoints and stay as they are.");
  return lines.join("\n");
}

/** The changes made outside reagent since the checkpoint that a rewind would overwrite. */
export function describeConflicts(plan: Extract<CodeRewindPlan, { kind: "restore" }>): string {
  if (plan.conflicts.length === 0) return "";
  return [
    `${plural(plan.conflicts.length, "file")} changed outside reagent since the checkpoint; rewinding overwrites ${plan.conflicts.length === 1 ? "that change" : "those changes"}:`,
    ...plan.conflicts.map((path) => `  ${path}`),
    "",
    plan.conflictDiff.trimEnd(),
  ].join("\n");
}

export function describeResult(prompt: PromptEntry, result: CodeRewindResult): string {
  return `Restored the code to before prompt ${prompt.number}: ${plural(result.filesChanged.length, "file")} (+${result.insertions} -${result.deletions}).`;
}
