// Fits the live area (everything below the printed transcript) into the terminal: it must stay
// shorter than the screen, or the terminal scrolls and Ink falls back to clearing the whole screen
// (and scrollback) on every frame. The required part (spinner, dialog, prompt, status) is kept;
// the streaming answer and running tools show their last lines in the room that is left. Every line
// is cut to the width so no line wraps behind the renderer's back. Pure.
import { truncateLine } from "./text-width.js";

export type LiveParts = {
  /** Shown from the end when space is short (streaming answer, running tools). */
  flexible: string[];
  /** Always shown (spinner, dialog, prompt, menu, status). */
  required: string[];
};

/** Rows the live area may use: one less than the terminal, so the frame never fills the screen. */
export function liveRows(terminalRows: number): number {
  return Math.max(4, terminalRows - 1);
}

export function fitLive(parts: LiveParts, terminalRows: number, width: number): string[] {
  const rows = liveRows(terminalRows);
  let required = parts.required;
  if (required.length > rows) required = required.slice(required.length - rows);
  const room = rows - required.length;
  const flexible = room > 0 ? parts.flexible.slice(Math.max(0, parts.flexible.length - room)) : [];
  return [...flexible, ...required].map((line) => truncateLine(line, width));
}
