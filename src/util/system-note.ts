// Hook context for the model: a clearly marked note next to a tool result or a prompt. Hook output
// can be anything, so control characters and escape sequences are removed first.
import { printable } from "./printable.js";

export function systemNote(event: string, text: string, toolName?: string): string {
  const tool = toolName ? ` tool="${toolName}"` : "";
  return `<system-note source="${event} hook"${tool}>\n${printable(text)}\n</system-note>`;
}
