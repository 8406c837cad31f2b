// Bash mode: a prompt that starts with `!` is a shell command the user runs (through the permission
// gate; session.shell). The prompt shows a `!` marker and a magenta border while the input is one,
// and the status line says so. Pure.
import type { EditorState } from "./input-editor.js";

export function isShellInput(text: string): boolean {
  return text.trimStart().startsWith("!");
}

/** The editor as shown in shell mode: the leading `!` becomes the marker, so it is not shown twice. */
export function shellView(editor: EditorState): EditorState {
  const at = editor.text.indexOf("!");
  const text = editor.text.slice(0, at) + editor.text.slice(at + 1);
  return { ...editor, text, cursor: editor.cursor > at ? editor.cursor - 1 : editor.cursor };
}
