// Prompt history persisted per project: one JSON string per line (multi-line prompts stay whole),
// oldest first, capped at HISTORY_LIMIT entries. A missing or damaged file is an empty history;
// damaged lines are skipped. Navigation state (up/down with a saved draft) is pure.
import { appendFile, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { ensureFolderSync } from "../../util/index.js";

export const HISTORY_LIMIT = 500;

export async function loadHistory(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return [];
  }
  const entries: string[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === "string" && value.trim() !== "") entries.push(value);
    } catch {
      // A line cut short by a crash: skip it, keep the rest.
    }
  }
  return entries.slice(-HISTORY_LIMIT);
}

/** Appends one entry; rewrites the file when it grows past twice the limit. */
export async function appendHistory(file: string, entry: string, current: string[]): Promise<void> {
  ensureFolderSync(dirname(file));
  if (current.length >= HISTORY_LIMIT * 2) {
    const kept = [...current.slice(-(HISTORY_LIMIT - 1)), entry];
    await writeFile(file, kept.map((value) => JSON.stringify(value)).join("\n") + "\n");
    return;
  }
  await appendFile(file, JSON.stringify(entry) + "\n");
}

/** Adds an entry in memory: skips blanks and an immediate repeat. */
export function remember(entries: string[], entry: string): string[] {
  if (entry.trim() === "" || entries.at(-1) === entry) return entries;
  return [...entries, entry];
}

/** Up/down through history; `index` = entries.length means "the draft being typed". */
export type HistoryCursor = { index: number; draft: string };

export function historyUp(
  entries: string[],
  cursor: HistoryCursor,
  currentText: string,
): { cursor: HistoryCursor; text: string } | undefined {
  if (cursor.index <= 0 || entries.length === 0) return undefined;
  const draft = cursor.index >= entries.length ? currentText : cursor.draft;
  const index = Math.min(cursor.index, entries.length) - 1;
  const text = entries[index];
  if (text === undefined) return undefined;
  return { cursor: { index, draft }, text };
}

export function historyDown(
  entries: string[],
  cursor: HistoryCursor,
): { cursor: HistoryCursor; text: string } | undefined {
  if (cursor.index >= entries.length) return undefined;
  const index = cursor.index + 1;
  return {
    cursor: { index, draft: cursor.draft },
    text: entries[index] ?? cursor.draft,
  };
}
