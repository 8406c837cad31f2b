// Where a taller live area grew: the streaming answer gains a line above the spinner, the prompt box
// and the status line, which would all move down a row and be rewritten. Inserting rows there
// instead (IL, `ESC[nL`) moves them on the terminal's side, so only the new and changed lines are
// written. This finds the row to insert at that writes the fewest bytes. Pure.

/** Bytes a line costs to write (with its erase-to-end). */
const cost = (line: string) => Buffer.byteLength(line) + 3;

/** Cursor moves and the insert itself: what an insertion costs beyond the lines it writes. */
const INSERT_OVERHEAD = 16;

/** The previous line that sits at each row once `count` rows are inserted at `at` (undefined: new). */
export function alignedPrevious(
  previous: readonly string[],
  at: number,
  count: number,
): Array<string | undefined> {
  return [...previous.slice(0, at), ...Array.from({ length: count }, () => undefined), ...previous.slice(at)];
}

const written = (lines: readonly string[], under: ReadonlyArray<string | undefined>) =>
  lines.reduce((sum, line, index) => (under[index] === line ? sum : sum + cost(line)), 0);

/** The row to insert `lines.length - previous.length` rows at, when that writes fewer bytes than
 *  rewriting every line that moved; undefined when the area did not grow or nothing is saved. */
export function insertionRow(previous: readonly string[], lines: readonly string[]): number | undefined {
  const count = lines.length - previous.length;
  if (count <= 0 || previous.length === 0) return undefined;
  let best: { at: number; bytes: number } | undefined;
  for (let at = 0; at <= previous.length; at++) {
    const bytes = written(lines, alignedPrevious(previous, at, count)) + INSERT_OVERHEAD;
    if (!best || bytes < best.bytes) best = { at, bytes };
  }
  return best && best.bytes < written(lines, previous) ? best.at : undefined;
}
