// Levenshtein distance and "did you mean" lookups, shared by config errors, hook config checks,
// slash-command suggestions and file-name suggestions.

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
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
