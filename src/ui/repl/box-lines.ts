// A rounded, dim border around lines (the prompt box), one column of padding each side. Content
// lines are cut to the inner width so the box is exactly `width` cells wide. Pure.
import type { Style } from "./style.js";
import { padEnd, truncateLine } from "./text-width.js";

export function boxLines(lines: readonly string[], width: number, style: Style): string[] {
  const inner = Math.max(1, width - 4);
  return [
    style.dim(`╭${"─".repeat(width - 2)}╮`),
    ...lines.map((line) => `${style.dim("│")} ${padEnd(truncateLine(line, inner), inner)} ${style.dim("│")}`),
    style.dim(`╰${"─".repeat(width - 2)}╯`),
  ];
}
