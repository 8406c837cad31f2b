// Keys: an open permission dialog sees each key first (`intercept`: it takes only its own keys, so
// letters always reach the prompt); then editing (input-editor), history, the slash-command menu, Tab
// completion, Shift+Tab permission modes, Esc / Ctrl+C to stop a turn, Ctrl+C twice or Ctrl+D to
// leave, Ctrl+L to redraw, Ctrl+O to toggle the detailed transcript, Ctrl+G to edit in $EDITOR.
// Several keys read at once are handled one by one (key-chunks.ts); a bracketed paste arrives whole.
import { type Key, useInput, useStdin } from "ink";
import { useEffect, useRef } from "react";
import { PasteCollector } from "./bracketed-paste.js";
import { type HistorySearch, searchLine, typeInSearch } from "./history-search.js";
import { type EditorState, emptyEditor, paste } from "./input-editor.js";
import { splitKeyChunk } from "./key-chunks.js";
import {
  handlePromptKey,
  type PromptHistory,
  type PromptKeyContext,
  type PromptKeysOptions,
} from "./prompt-key-handler.js";
import { useCompletion } from "./use-completion.js";
import { useRefState } from "./use-ref-state.js";

/**
 * Bracketed paste: the raw input events are seen before useInput's (prepended), so the markers and
 * the pasted text never reach the keys; the whole paste goes to `onPaste` at once. True while a
 * paste is being read (useInput then ignores what it sees).
 */
function useBracketedPaste(onPaste: (text: string) => void): { readonly current: boolean } {
  const { internal_eventEmitter: rawInput } = useStdin();
  const pasteHeld = useRef(false);
  const latest = useRef(onPaste);
  latest.current = onPaste;
  useEffect(() => {
    const collector = new PasteCollector();
    const take = (raw: string) => {
      const step = collector.take(raw);
      pasteHeld.current = step.kind !== "key";
      if (step.kind === "paste") latest.current(step.text);
    };
    rawInput.prependListener("input", take);
    return () => {
      rawInput.off("input", take);
    };
  }, [rawInput]);
  return pasteHeld;
}

/** Several keys read at once are handled one by one, as plain keys (or Ctrl+letter). */
function eachKey(input: string, key: Key, handle: (input: string, key: Key) => void) {
  const pieces = splitKeyChunk(input);
  if (!pieces) return handle(input, key);
  const plain = Object.fromEntries(
    Object.entries(key).map(([name, value]) => [name, typeof value === "boolean" ? false : value]),
  ) as Key;
  for (const piece of pieces)
    if (piece.kind === "ctrl") handle(piece.letter, { ...plain, ctrl: true });
    else handle(piece.text, plain);
}

export function usePromptKeys(options: PromptKeysOptions) {
  const [editor, editorRef, setEditor] = useRefState<EditorState>(emptyEditor());
  const completion = useCompletion(options.host, options.commands, editor);
  const [exitArmed, exitArmedRef, setExitArmed] = useRefState(false);
  const [escArmed, escArmedRef, setEscArmed] = useRefState(false);
  const [search, searchRef, setSearch] = useRefState<HistorySearch | undefined>(undefined);
  const lastSubmitted = useRef("");
  const history = useRef<PromptHistory>({
    entries: options.initialHistory,
    cursor: { index: options.initialHistory.length, draft: "" },
  });
  const context: PromptKeyContext = {
    options,
    completion,
    editor: { ref: editorRef, set: setEditor },
    exitArmed: { ref: exitArmedRef, set: setExitArmed },
    escArmed: { ref: escArmedRef, set: setEscArmed },
    search: { ref: searchRef, set: setSearch },
    lastSubmitted,
    history,
  };

  const pasteHeld = useBracketedPaste((text) => {
    options.onKey();
    options.lastTypedAt.current = Date.now();
    if (searchRef.current)
      return setSearch(typeInSearch(history.current.entries, searchRef.current.query + text));
    completion.resetSelection();
    setEditor(paste(editorRef.current, text));
  });

  useInput(
    (input, key) => {
      if (pasteHeld.current) return;
      options.onKey();
      eachKey(input, key, (piece, pieceKey) => handlePromptKey(context, piece, pieceKey));
    },
    { isActive: options.active },
  );

  return {
    editor,
    suggestions: completion.items,
    selected: completion.selected,
    menuNote: completion.note,
    exitArmed,
    escArmed,
    /** Puts text in the input (a rewound prompt, for editing). */
    prefill: (text: string) => setEditor(emptyEditor(text)),
    /** The Ctrl+R line shown above the prompt while searching. */
    searchLine: search ? searchLine(history.current.entries, search) : undefined,
  };
}
