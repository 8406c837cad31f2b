// Diffs as the REPL shows them, in the permission dialog and in the transcript: hunks with 3 lines
// of context and line numbers, removed lines on a red and added lines on a green background, the
// changed words marked more strongly, and syntax colours when the language is known. Hunks come
// from the `diff` package (two texts) or from an Edit/Write result's structured patch. Pure.
import { diffWordsWithSpace, structuredPatch } from "diff";
import { highlightCode } from "./highlight.js";
import type { Paint, Style } from "./style.js";
import { padEnd, visibleWidth, wrapLine } from "./text-width.js";

const CONTEXT_LINES = 3;

type DiffLine = { kind: "context" | "removed" | "added"; text: string; number?: number };
export type Hunk = { lines: DiffLine[] };
/** Claude Code's structuredPatch shape (Edit/Write results carry it). */
export type PatchHunk = { oldStart: number; newStart: number; lines: string[] };

/** Hunks between two texts; `numbered` false when the texts are excerpts (no file line numbers). */
export function textHunks(before: string, after: string, numbered = true): Hunk[] {
  const patch = structuredPatch("a", "b", before, after, "", "", { context: CONTEXT_LINES });
  return patchHunks(patch.hunks, numbered);
}

export function patchHunks(hunks: readonly PatchHunk[], numbered = true): Hunk[] {
  return hunks.map((hunk) => {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    const lines: DiffLine[] = [];
    for (const raw of hunk.lines) {
      const sign = raw[0];
      const text = raw.slice(1);
      if (sign === "\\") continue;
      if (sign === "-") lines.push({ kind: "removed", text, number: numbered ? oldLine++ : undefined });
      else if (sign === "+") lines.push({ kind: "added", text, number: numbered ? newLine++ : undefined });
      else {
        lines.push({ kind: "context", text, number: numbered ? newLine : undefined });
        oldLine++;
        newLine++;
      }
    }
    return { lines };
  });
}

export function diffStats(hunks: readonly Hunk[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of hunks)
    for (const line of hunk.lines) {
      if (line.kind === "added") added++;
      if (line.kind === "removed") removed++;
    }
  return { added, removed };
}

export function statsText({ added, removed }: { added: number; removed: number }): string {
  const plural = (count: number) => (count === 1 ? "line" : "lines");
  if (removed === 0) return `Added ${added} ${plural(added)}`;
  if (added === 0) return `Removed ${removed} ${plural(removed)}`;
  return `Added ${added} ${plural(added)}, removed ${removed} ${plural(removed)}`;
}

/** Paints character ranges [start, end) of a styled line (visible positions) with `strong`. */
function overlay(styled: string, ranges: Array<[number, number]>, base: Paint, strong: Paint): string {
  if (ranges.length === 0) return styled;
  const open = (paint: Paint) => paint("\u0000").split("\u0000")[0];
  const baseOpen = open(base);
  const strongOpen = open(strong);
  let out = "";
  let position = 0;
  let inside = false;
  for (const token of styled.match(/\u001b\[[0-9;?]*[A-Za-z]|[\s\S]/gu) ?? []) {
    if (!token.startsWith("\u001b")) {
      const wanted = ranges.some(([start, end]) => position >= start && position < end);
      if (wanted !== inside) {
        out += wanted ? strongOpen : baseOpen;
        inside = wanted;
      }
      position++;
    }
    out += token;
  }
  return inside ? out + baseOpen : out;
}

/** Changed character ranges of a removed/added pair (undefined when most of the line changed). */
function wordRanges(
  before: string,
  after: string,
): { removed: Array<[number, number]>; added: Array<[number, number]> } | undefined {
  const parts = diffWordsWithSpace(before, after);
  const removed: Array<[number, number]> = [];
  const added: Array<[number, number]> = [];
  let oldPosition = 0;
  let newPosition = 0;
  let changed = 0;
  for (const part of parts) {
    const length = [...part.value].length;
    if (part.removed) {
      removed.push([oldPosition, oldPosition + length]);
      oldPosition += length;
      changed += length;
    } else if (part.added) {
      added.push([newPosition, newPosition + length]);
      newPosition += length;
      changed += length;
    } else {
      oldPosition += length;
      newPosition += length;
    }
  }
  const total = [...before].length + [...after].length;
  return total > 0 && changed / total <= 0.6 ? { removed, added } : undefined;
}

type DiffRenderOptions = { width: number; style: Style; language?: string };

/** Styled lines for the hunks: `NN - text` with backgrounds; hunks separated by a dim `⋮`. */
export function renderHunks(hunks: readonly Hunk[], options: DiffRenderOptions): string[] {
  const { style, width } = options;
  const highest = Math.max(0, ...hunks.flatMap((hunk) => hunk.lines.map((line) => line.number ?? 0)));
  const gutter = highest > 0 ? String(highest).length : 0;
  const out: string[] = [];
  hunks.forEach((hunk, hunkIndex) => {
    if (hunkIndex > 0) out.push(style.dim(`${" ".repeat(gutter)} ⋮`));
    const pairs = pairChanges(hunk.lines);
    hunk.lines.forEach((line, index) => {
      const number = gutter > 0 ? `${line.number === undefined ? "" : line.number}`.padStart(gutter) : "";
      const sign = line.kind === "removed" ? "-" : line.kind === "added" ? "+" : " ";
      const text = line.text.replace(/\t/g, "  ");
      let body = highlightCode(text, options.language, style)?.[0] ?? text;
      const base =
        line.kind === "removed" ? style.removedLine : line.kind === "added" ? style.addedLine : undefined;
      const strong = line.kind === "removed" ? style.removedWord : style.addedWord;
      const ranges = pairs.get(index);
      if (base && ranges && style.color) body = overlay(body, ranges, base, strong);
      const prefix = `${number}${number ? " " : ""}${sign} `;
      const pieces = wrapLine(body, Math.max(8, width - visibleWidth(prefix)));
      pieces.forEach((piece, pieceIndex) => {
        const lead = pieceIndex === 0 ? prefix : " ".repeat(visibleWidth(prefix));
        if (!base) out.push(style.dim(lead) + (line.kind === "context" ? style.dim(piece) : piece));
        else if (!style.color) out.push(lead + piece);
        else out.push(base(padEnd(lead + piece, width)));
      });
    });
  });
  return out;
}

/** Word-level ranges for removed/added lines that pair up one to one inside a change block. */
function pairChanges(lines: readonly DiffLine[]): Map<number, Array<[number, number]>> {
  const ranges = new Map<number, Array<[number, number]>>();
  let index = 0;
  while (index < lines.length) {
    if (lines[index]?.kind !== "removed") {
      index++;
      continue;
    }
    const removedStart = index;
    while (lines[index]?.kind === "removed") index++;
    const addedStart = index;
    while (lines[index]?.kind === "added") index++;
    const removedCount = addedStart - removedStart;
    if (removedCount !== index - addedStart) continue;
    for (let offset = 0; offset < removedCount; offset++) {
      const plain = (line: DiffLine) => line.text.replace(/\t/g, "  ");
      const removed = lines[removedStart + offset];
      const added = lines[addedStart + offset];
      if (removed === undefined || added === undefined) continue;
      const words = wordRanges(plain(removed), plain(added));
      if (!words) continue;
      ranges.set(removedStart + offset, words.removed);
      ranges.set(addedStart + offset, words.added);
    }
  }
  return ranges;
}
