// Word wrapping for already-styled text: measures visible width (ANSI codes excluded, wide
// characters counted as two) and breaks on spaces, hard-splitting words longer than a line.

import { stripAnsi } from "./style.js";

/** Visible width of a string in terminal cells (CJK and emoji count as two). */
export function visibleWidth(text: string): number {
  let width = 0;
  for (const char of stripAnsi(text)) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 32 || (code >= 0x300 && code < 0x370) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f))
      continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** Splits one styled word into pieces of at most `width` visible cells, keeping escape codes. */
function hardSplit(word: string, width: number): string[] {
  const pieces: string[] = [];
  let current = "";
  let used = 0;
  const tokens = word.match(/\u001b\[[0-9;?]*[A-Za-z]|[\s\S]/gu) ?? [];
  for (const token of tokens) {
    const tokenWidth = token.startsWith("\u001b") ? 0 : visibleWidth(token);
    if (used + tokenWidth > width && used > 0) {
      pieces.push(current);
      current = "";
      used = 0;
    }
    current += token;
    used += tokenWidth;
  }
  if (current !== "") pieces.push(current);
  return pieces;
}

/** Wraps one line (no newlines) to `width` cells. */
export function wrapLine(line: string, width: number): string[] {
  const limit = Math.max(1, width);
  if (visibleWidth(line) <= limit) return [line];
  const lines: string[] = [];
  let current = "";
  let used = 0;
  for (const word of line.split(/(?<= )/)) {
    const wordWidth = visibleWidth(word);
    const trimmedWidth = visibleWidth(word.trimEnd());
    if (used + trimmedWidth <= limit) {
      current += word;
      used += wordWidth;
      continue;
    }
    if (used > 0) lines.push(current.trimEnd());
    current = "";
    used = 0;
    if (trimmedWidth > limit) {
      const pieces = hardSplit(word.trimEnd(), limit);
      lines.push(...pieces.slice(0, -1));
      current = pieces.at(-1) ?? "";
      used = visibleWidth(current);
      if (word.endsWith(" ")) {
        current += " ";
        used += 1;
      }
    } else {
      current = word;
      used = wordWidth;
    }
  }
  if (current.trim() !== "" || lines.length === 0) lines.push(current.trimEnd());
  return lines;
}

/** Wraps text with a first-line prefix and a continuation prefix (hanging indent). */
export function wrapWithPrefix(text: string, width: number, first: string, rest: string): string[] {
  const available = Math.max(8, width - visibleWidth(first));
  const out: string[] = [];
  for (const line of text.split("\n")) {
    for (const piece of wrapLine(line, available)) out.push((out.length === 0 ? first : rest) + piece);
  }
  return out;
}
