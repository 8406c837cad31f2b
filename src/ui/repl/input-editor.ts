// The prompt editor as a pure state machine: text + cursor, multi-line (Shift/Alt+Enter, Ctrl+J or
// a trailing backslash), readline-style keys, and large pastes folded into a placeholder that is
// expanded again on submit. Keys are described by the subset of Ink's Key the editor reads.

export type EditorKey = {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  backspace?: boolean;
  delete?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  tab?: boolean;
  escape?: boolean;
};

export type EditorState = {
  text: string;
  cursor: number;
  pastes: Record<string, string>;
  pasteCount: number;
};

type EditorResult =
  | { type: "edit"; state: EditorState }
  | { type: "submit"; text: string }
  | { type: "history"; direction: "up" | "down" }
  | { type: "ignored" };

/** Pastes longer than this (characters or lines) are shown as a placeholder. */
export const PASTE_FOLD_CHARS = 800;
const PASTE_FOLD_LINES = 8;

export const emptyEditor = (text = ""): EditorState => ({
  text,
  cursor: text.length,
  pastes: {},
  pasteCount: 0,
});

function insert(state: EditorState, value: string): EditorState {
  const text = state.text.slice(0, state.cursor) + value + state.text.slice(state.cursor);
  return { ...state, text, cursor: state.cursor + value.length };
}

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf("\n", cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
  const end = text.indexOf("\n", cursor);
  return end === -1 ? text.length : end;
}

function moveVertical(state: EditorState, direction: -1 | 1): EditorState | undefined {
  const { text, cursor } = state;
  const start = lineStart(text, cursor);
  const column = cursor - start;
  if (direction === -1) {
    if (start === 0) return undefined;
    const previousStart = lineStart(text, start - 1);
    return { ...state, cursor: Math.min(previousStart + column, start - 1) };
  }
  const end = lineEnd(text, cursor);
  if (end === text.length) return undefined;
  const nextEnd = lineEnd(text, end + 1);
  return { ...state, cursor: Math.min(end + 1 + column, nextEnd) };
}

function deleteWordBefore(state: EditorState): EditorState {
  const before = state.text.slice(0, state.cursor);
  const kept = before.replace(/\S+\s*$|\s+$/, "");
  return { ...state, text: kept + state.text.slice(state.cursor), cursor: kept.length };
}

/** Folds a big paste into `[Pasted text #N +L lines]`; small ones are inserted as typed. */
export function paste(state: EditorState, raw: string): EditorState {
  const value = raw.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
  const lines = value.split("\n").length;
  if (value.length < PASTE_FOLD_CHARS && lines <= PASTE_FOLD_LINES) return insert(state, value);
  const number = state.pasteCount + 1;
  const label = `[Pasted text #${number} +${lines} lines]`;
  return { ...insert(state, label), pastes: { ...state.pastes, [label]: value }, pasteCount: number };
}

/** The text to submit, with paste placeholders expanded. */
export function expandPastes(state: EditorState): string {
  let text = state.text;
  for (const [label, value] of Object.entries(state.pastes)) text = text.split(label).join(value);
  return text;
}

export function editKey(state: EditorState, input: string, key: EditorKey): EditorResult {
  const edit = (next: EditorState): EditorResult => ({ type: "edit", state: next });
  const { text, cursor } = state;
  if (key.return) {
    if (key.shift || key.meta) return edit(insert(state, "\n"));
    if (text.slice(0, cursor).endsWith("\\")) {
      const trimmed = { ...state, text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1 };
      return edit(insert(trimmed, "\n"));
    }
    return { type: "submit", text: expandPastes(state) };
  }
  if (input === "\n" && !key.ctrl) return edit(insert(state, "\n"));
  if (key.upArrow || key.downArrow) {
    const moved = moveVertical(state, key.upArrow ? -1 : 1);
    return moved ? edit(moved) : { type: "history", direction: key.upArrow ? "up" : "down" };
  }
  if (key.leftArrow) return edit({ ...state, cursor: Math.max(0, cursor - 1) });
  if (key.rightArrow) return edit({ ...state, cursor: Math.min(text.length, cursor + 1) });
  if (key.home) return edit({ ...state, cursor: lineStart(text, cursor) });
  if (key.end) return edit({ ...state, cursor: lineEnd(text, cursor) });
  if (key.backspace || key.delete) {
    if (key.meta) return edit(deleteWordBefore(state));
    if (cursor === 0) return { type: "ignored" };
    return edit({ ...state, text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1 });
  }
  if (key.ctrl) {
    switch (input) {
      case "a":
        return edit({ ...state, cursor: lineStart(text, cursor) });
      case "e":
        return edit({ ...state, cursor: lineEnd(text, cursor) });
      case "b":
        return edit({ ...state, cursor: Math.max(0, cursor - 1) });
      case "f":
        return edit({ ...state, cursor: Math.min(text.length, cursor + 1) });
      case "u": {
        const start = lineStart(text, cursor);
        return edit({ ...state, text: text.slice(0, start) + text.slice(cursor), cursor: start });
      }
      case "k":
        return edit({ ...state, text: text.slice(0, cursor) + text.slice(lineEnd(text, cursor)) });
      case "w":
        return edit(deleteWordBefore(state));
      case "j":
        return edit(insert(state, "\n"));
      case "d":
        if (cursor >= text.length) return { type: "ignored" };
        return edit({ ...state, text: text.slice(0, cursor) + text.slice(cursor + 1) });
      default:
        return { type: "ignored" };
    }
  }
  if (key.escape || key.tab || input === "") return { type: "ignored" };
  if (input.length > 1 && /^[^\r\n]+\r$/.test(input)) {
    // Typed text and Enter arriving in one read (fast typing, tmux send-keys): type, then submit.
    return editKey(insert(state, input.slice(0, -1)), "\r", { return: true });
  }
  if (input.length > 1 || input.includes("\r")) return edit(paste(state, input));
  return edit(insert(state, input));
}
