// Pure string logic behind the Edit tool: exact matching, a fallback that tolerates trailing
// whitespace differences when the match stays unique, replacement without `$` pattern surprises,
// line-ending and BOM normalisation, and the numbered snippet shown after an edit.
import { numberLines, splitLines } from "./read-lines.js";

type MatchOutcome =
  | { kind: "replaced"; text: string; count: number; firstIndex: number; fuzzy: boolean }
  | { kind: "no_match" }
  | { kind: "multiple_matches"; count: number; lineNumbers: number[] };

type NormalisedText = { text: string; bom: boolean; crlf: boolean };

export function normaliseText(raw: string): NormalisedText {
  const bom = raw.startsWith("\uFEFF");
  const body = bom ? raw.slice(1) : raw;
  const crlfCount = body.split("\r\n").length - 1;
  const lfCount = body.split("\n").length - 1;
  const crlf = crlfCount > 0 && crlfCount >= lfCount - crlfCount;
  return { text: crlf ? body.replace(/\r\n/g, "\n") : body, bom, crlf };
}

export function restoreText(text: string, original: NormalisedText): string {
  const body = original.crlf ? text.replace(/\n/g, "\r\n") : text;
  return original.bom ? `\uFEFF${body}` : body;
}

function lineNumberAt(text: string, index: number): number {
  let line = 1;
  for (
    let position = text.indexOf("\n");
    position !== -1 && position < index;
    position = text.indexOf("\n", position + 1)
  ) {
    line++;
  }
  return line;
}

function exactIndices(text: string, needle: string): number[] {
  const indices: number[] = [];
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + needle.length)) {
    indices.push(index);
  }
  return indices;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A regex matching `oldString` with any trailing spaces/tabs on each line. */
function whitespaceTolerantPattern(oldString: string): RegExp {
  const lines = oldString.split("\n");
  const parts = lines.map((line, index) => {
    const trimmed = escapeRegExp(line.replace(/[ \t]+$/, ""));
    const isLast = index === lines.length - 1;
    if (!isLast) return `${trimmed}[ \\t]*`;
    return /[ \t]$/.test(line) ? `${trimmed}[ \\t]*(?=\\n|$)` : trimmed;
  });
  return new RegExp(parts.join("\n"), "g");
}

/** Replaces `oldString` in `text` once (must be unique) or everywhere (`replaceAll`). */
export function replaceInText(
  text: string,
  oldString: string,
  newString: string,
  replaceAll: boolean,
): MatchOutcome {
  let spans = exactIndices(text, oldString).map((index) => ({ index, length: oldString.length }));
  let fuzzy = false;
  if (spans.length === 0) {
    fuzzy = true;
    spans = [...text.matchAll(whitespaceTolerantPattern(oldString))]
      .filter((match) => match[0].length > 0)
      .map((match) => ({ index: match.index ?? 0, length: match[0].length }));
  }
  const [first] = spans;
  if (first === undefined) return { kind: "no_match" };
  if (spans.length > 1 && !replaceAll) {
    return {
      kind: "multiple_matches",
      count: spans.length,
      lineNumbers: spans.map((span) => lineNumberAt(text, span.index)),
    };
  }
  let result = "";
  let cursor = 0;
  for (const span of spans) {
    result += text.slice(cursor, span.index) + newString;
    cursor = span.index + span.length;
  }
  result += text.slice(cursor);
  return { kind: "replaced", text: result, count: spans.length, firstIndex: first.index, fuzzy };
}

/** A snippet of `text`, numbered as Read numbers lines, around the region starting at `index` spanning `length` characters. */
export function snippetAround(
  text: string,
  index: number,
  length: number,
  context = 4,
  maxLines = 40,
): string {
  // Numbered as Read numbers them: the file's final newline ends the last line, it opens no new one.
  const lines = splitLines(text);
  if (lines.length === 0) return "";
  const firstLine = Math.min(lineNumberAt(text, index), lines.length);
  const lastLine = Math.min(lineNumberAt(text, index + Math.max(0, length - 1)), lines.length);
  const start = Math.max(1, firstLine - context);
  const end = Math.min(lines.length, lastLine + context, start + maxLines - 1);
  return numberLines(lines.slice(start - 1, end), start);
}
