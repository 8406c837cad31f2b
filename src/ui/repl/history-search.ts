// Ctrl+R: reverse incremental search through prompt history. Pure state: the query typed so far and
// the history index of the current match (newest first; Ctrl+R again steps to an older match).
import { firstPart } from "../../util/index.js";
export type HistorySearch = { query: string; index: number | undefined };

/** The newest entry at or before `from` that contains the query (case-insensitive). */
function findMatch(entries: readonly string[], query: string, from = entries.length - 1): number | undefined {
  const needle = query.toLowerCase();
  for (let index = Math.min(from, entries.length - 1); index >= 0; index--)
    if (entries[index]?.toLowerCase().includes(needle)) return index;
  return undefined;
}

export function startSearch(entries: readonly string[]): HistorySearch {
  return { query: "", index: entries.length > 0 ? entries.length - 1 : undefined };
}

export function typeInSearch(entries: readonly string[], query: string): HistorySearch {
  return { query, index: findMatch(entries, query) };
}

export function olderMatch(entries: readonly string[], search: HistorySearch): HistorySearch {
  if (search.index === undefined) return search;
  const older = findMatch(entries, search.query, search.index - 1);
  return older === undefined ? search : { ...search, index: older };
}

/** The overlay line shown above the prompt while searching. */
export function searchLine(entries: readonly string[], search: HistorySearch): string {
  const entry = search.index === undefined ? undefined : entries[search.index];
  const match = entry === undefined ? "(no match)" : firstPart(entry, "\n");
  return `(reverse-i-search) '${search.query}': ${match}`;
}
