// Search results and Read deny rules: Grep and Glob drop every file a `Read(…)` deny rule hides,
// so a search cannot reveal what reading is denied. The rule check itself is the gate's
// (passed in through the tool context); this file only filters and words the note.
import type { ToolContext } from "./tool.js";

/** Drops results that a Read deny rule hides, with a note saying how many (never which). */
export function hideDenied<T>(
  items: T[],
  pathOf: (item: T) => string,
  context: ToolContext,
): { kept: T[]; note: string } {
  const denied = context.readDeniedBy;
  if (!denied) return { kept: items, note: "" };
  const kept = items.filter((item) => denied(pathOf(item)) === undefined);
  const hidden = items.length - kept.length;
  const note = hidden > 0 ? `\n[${hidden} matching file(s) hidden by Read deny rules]` : "";
  return { kept, note };
}
