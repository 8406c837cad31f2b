// Claude Code's `structuredPatch` for Edit and Write results: the hunks (3 lines of context, 1-based
// line numbers) between a file's text before and after the change, for the UI's diffs and for hooks'
// tool_response. The `diff` package is imported on first use, so runs that edit nothing never load it.
export type PatchHunk = {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
};

export async function structuredPatchOf(before: string, after: string): Promise<PatchHunk[]> {
  const { structuredPatch } = await import("diff");
  return structuredPatch("a", "b", before, after, "", "", { context: 3 }).hunks.map((hunk) => ({
    oldStart: hunk.oldStart,
    oldLines: hunk.oldLines,
    newStart: hunk.newStart,
    newLines: hunk.newLines,
    lines: hunk.lines,
  }));
}
