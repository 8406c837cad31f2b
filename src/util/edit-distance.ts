// Levenshtein distance and "did you mean" lookups, shared by config errors, hook config checks,
// slash-command suggestions and file-name suggestions.

export function editDistance(a: string, b: string): number {
  // One row of the table at a time: row[j] is the distance from a's first i characters to b's first j.
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  let last = b.length;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = i - 1;
    let left = i;
    row = row.map((above, j) => {
      if (j === 0) return i;
      left = Math.min(above + 1, left + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
      return left;
    });
    last = left;
  }
  return last;
}

/** The candidate closest to `word` ignoring case, when at most `max` edits away. */
export function nearest(word: string, candidates: readonly string[], max: number): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(word.toLowerCase(), name.toLowerCase());
    if (distance <= max && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
