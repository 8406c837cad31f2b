// The one characters-per-token ratio reagent estimates with where no provider count exists yet (the
// context meter, streamed output, the scripted model's usage, compaction budgets).
export const CHARS_PER_TOKEN = 4;

/** Estimated tokens of `chars` characters, rounded up. */
export function charsToTokens(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}
