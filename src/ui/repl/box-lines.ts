// A rounded border (dim unless told otherwise) around lines (the prompt box), one column of padding each side. Content
// lines are cut to the inner width so the box is exactly `width` cells wide. Pure.
import type { Style } from "./style.js";
import { padEnd, truncateLine } from "./text-width.js";

/** `border` paints the frame (dim by default; the prompt's shell mode colours it). */
export function boxLines(
  lines: readonly string[],
  width: number,
  style: Style,
  border: (text: string) => string = style.dim,
): string[] {
  const inner = Math.max(1, width - 4);
  return [
    border(`╭${"─".repeat(width - 2)}╮`),
    ...lines.map((line) => `${border("│")} ${padEnd(truncateLine(line, inner), inner)} ${border("│")}`),
    border(`╰${"─".repeat(width - 2)}╯`),
  ];
}
