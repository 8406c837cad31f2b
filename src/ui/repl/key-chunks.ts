// A terminal read can hold several keys when the REPL was busy while they were typed: Ctrl+R and
// the letters after it arrive as one chunk ("\x12stag"), which Ink reports as one plain input. This
// splits such a chunk at its control characters (Ctrl+letter; not Tab, Enter, newline, Backspace or
// Esc sequences, which the editor and Ink handle) so each key is handled in order. Pure.

type KeyPiece = { kind: "ctrl"; letter: string } | { kind: "text"; text: string };

/** Ctrl+A … Ctrl+Z, except Backspace (Ctrl+H), Tab (Ctrl+I), newline (Ctrl+J) and Enter (Ctrl+M). */
const CONTROL = /[\u0001-\u0007\u000b\u000c\u000e-\u001a]/;

/** The pieces of a multi-key chunk, or undefined when it is one key or text without control keys. */
export function splitKeyChunk(input: string): KeyPiece[] | undefined {
  if (input.length < 2 || input.startsWith("\u001b") || !CONTROL.test(input)) return undefined;
  const pieces: KeyPiece[] = [];
  let text = "";
  for (const char of input) {
    if (CONTROL.test(char)) {
      if (text !== "") pieces.push({ kind: "text", text });
      text = "";
      pieces.push({ kind: "ctrl", letter: String.fromCharCode(char.charCodeAt(0) + 96) });
    } else text += char;
  }
  if (text !== "") pieces.push({ kind: "text", text });
  return pieces;
}
