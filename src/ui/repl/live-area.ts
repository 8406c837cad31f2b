// Fits the live area (everything below the printed transcript) into the terminal: it must stay
// shorter than the screen, or the terminal scrolls and Ink falls back to clearing the whole screen
// (and scrollback) on every frame. It must also survive the terminal getting narrower: terminals
// reflow the lines on screen and tmux pushes whatever no longer fits above the cursor into the
// scrollback before the program hears of the resize, where no redraw can reach it. So the live area
// is sized to still fit if the width were halved (a full-width line then takes two rows). The
// required part (spinner, dialog, prompt, status) is kept; the streaming answer and running tools
// show their last lines in the room that is left. Every line is cut to the width so no line wraps
// behind the renderer's back. Pure.
import { truncateLine, visibleWidth } from "./text-width.js";

type LiveParts = {
  /** Shown from the end when space is short (streaming answer, running tools). */
  flexible: string[];
  /** Always shown (spinner, dialog, prompt, menu, status). */
  required: string[];
};

/** Lines of the streaming answer or running tools shown even when the room is short. */
const MIN_FLEXIBLE = 3;

/** Rows the live area may use: one less than the terminal, so the frame never fills the screen. */
export function liveRows(terminalRows: number): number {
  return Math.max(4, terminalRows - 1);
}

/** Rows a line would take after the terminal is narrowed to half its width. */
export function rowsAtHalfWidth(line: string, width: number): number {
  return Math.max(1, Math.ceil(visibleWidth(line) / Math.max(1, Math.ceil(width / 2))));
}

export function fitLive(parts: LiveParts, terminalRows: number, width: number): string[] {
  const rows = liveRows(terminalRows);
  const cut = (line: string) => truncateLine(line, width);
  const required = parts.required.slice(Math.max(0, parts.required.length - rows)).map(cut);
  const room = rows - required.length;
  let budget = required.reduce((left, line) => left - rowsAtHalfWidth(line, width), rows);
  const flexible = parts.flexible.map(cut);
  let kept = 0;
  while (kept < Math.min(room, flexible.length)) {
    const line = flexible[flexible.length - 1 - kept];
    if (line === undefined) break;
    const cost = rowsAtHalfWidth(line, width);
    if (kept >= MIN_FLEXIBLE && cost > budget) break;
    budget -= cost;
    kept++;
  }
  return [...flexible.slice(flexible.length - kept), ...required];
}
