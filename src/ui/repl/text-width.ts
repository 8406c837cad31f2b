// Width-aware text for the terminal, over `string-width` (cells a string occupies: ANSI codes are
// zero, CJK and emoji two) and `wrap-ansi` (word wrapping that keeps styles open across the break and
// hard-splits words longer than a line). Every renderer measures and wraps through this module.
import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";

/** Visible width of a string in terminal cells. */
export function visibleWidth(text: string): number {
  return stringWidth(text);
}

/** Wraps one line (no newlines) to `width` cells; an empty line stays one empty line. */
export function wrapLine(line: string, width: number): string[] {
  const limit = Math.max(1, width);
  if (visibleWidth(line) <= limit) return [line];
  return wrapAnsi(line, limit, { hard: true, trim: true, wordWrap: true }).split("\n");
}

/** Wraps text with a first-line prefix and a continuation prefix (hanging indent). */
export function wrapWithPrefix(text: string, width: number, first: string, rest: string): string[] {
  const available = Math.max(8, width - Math.max(visibleWidth(first), visibleWidth(rest)));
  const out: string[] = [];
  for (const line of text.split("\n")) {
    for (const piece of wrapLine(line, available)) out.push((out.length === 0 ? first : rest) + piece);
  }
  return out;
}

/** Cuts a line to `width` cells with a trailing "…" (styles are closed by the reset that follows). */
export function truncateLine(line: string, width: number): string {
  if (visibleWidth(line) <= width) return line;
  const [head] = wrapAnsi(line, Math.max(1, width - 1), { hard: true, trim: false, wordWrap: false }).split(
    "\n",
  );
  return `${head}…\u001b[0m`;
}

/** Pads a styled string with spaces to `width` cells (never cuts). */
export function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - visibleWidth(text)));
}
