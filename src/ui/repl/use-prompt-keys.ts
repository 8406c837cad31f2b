// Keys: an open permission dialog sees each key first (`intercept`: it takes only its own keys, so
// letters always reach the prompt); then editing (input-editor), history, the slash-command menu, Tab
// completion, Shift+Tab permission modes, Esc / Ctrl+C to stop a turn, Ctrl+C twice or Ctrl+D to
// leave, Ctrl+L to redraw, Ctrl+O to toggle the detailed transcript, Ctrl+G to edit in $EDITOR.
// Several keys read at once are handled one by one (key-chunks.ts); a bracketed paste arrives whole.
import { type Key, useInput, useStdin } from "ink";
import { useEffect, useRef } from "react";
import { parseSlash } from "../../commands/index.js";
import type { PermissionMode } from "../../contracts/index.js";
import { errorMessage, present } from "../../util/index.js";
import { PasteCollector } from "./bracketed-paste.js";
import type { EditorOutcome } from "./external-editor.js";
import { appendHistory, type HistoryCursor, historyDown, historyUp, remember } from "./history.js";
import { type HistorySearch, olderMatch, searchLine, startSearch, typeInSearch } from "./history-search.js";
import type { ReplHost } from "./host.js";
import { type EditorState, editKey, emptyEditor, expandPastes, paste } from "./input-editor.js";
import { splitKeyChunk } from "./key-chunks.js";
import { type SlashCommand, suggestCommands } from "./slash-commands.js";
import type { EntryInput } from "./transcript.js";
import { useCompletion } from "./use-completion.js";
import { useRefState } from "./use-ref-state.js";

/** The modes Shift+Tab cycles through (bypassPermissions and dontAsk are chosen explicitly). */
const CYCLED_MODES: readonly PermissionMode[] = ["default", "acceptEdits", "plan"];
const EXIT_ARM_MS = 2000;

type PromptKeysOptions = {
  host: ReplHost;
  commands: SlashCommand[];
  initialHistory: string[];
  working: boolean;
  active: boolean;
  add: (entry: EntryInput) => void;
  enqueue: (text: string) => void;
  track: (write: Promise<unknown>) => void;
  leave: () => void;
  onKey: () => void;
  /** Sees every key first; returns true when it took the key (the permission dialog). */
  intercept?: (input: string, key: Key) => boolean;
  /** When a key last typed text into the prompt (the dialog leaves digits/Enter alone while typing). */
  lastTypedAt: { current: number };
  onRedraw: () => void;
  onToggleDetail: () => void;
  /** Ctrl+G: the text in the user's editor (the REPL's drawing is suspended meanwhile). */
  editExternally: (text: string) => EditorOutcome;
  /** True while the running turn has shown nothing yet (Esc then puts the prompt back). */
  nothingAnswered: () => boolean;
  /** Esc twice on an empty prompt: /rewind. */
  onRewind: () => void;
};

const ESC_CLEAR_MS = 1000;

export function usePromptKeys(options: PromptKeysOptions) {
  const { host, commands, working, add, enqueue, track, leave } = options;
  const [editor, editorRef, setEditor] = useRefState<EditorState>(emptyEditor());
  const completion = useCompletion(host, commands, editor);
  const [exitArmed, exitArmedRef, setExitArmed] = useRefState(false);
  const [escArmed, escArmedRef, setEscArmed] = useRefState(false);
  const [search, searchRef, setSearch] = useRefState<HistorySearch | undefined>(undefined);
  const lastSubmitted = useRef("");
  const history = useRef<{ entries: string[]; cursor: HistoryCursor }>({
    entries: options.initialHistory,
    cursor: { index: options.initialHistory.length, draft: "" },
  });

  const submit = (raw: string) => {
    let text = raw;
    const parsed = parseSlash(text);
    const current = suggestCommands(raw, commands);
    const chosen = current[Math.min(completion.selectedRef.current, current.length - 1)];
    if (parsed && chosen !== undefined && !commands.some((command) => command.name === parsed.name))
      text = `/${chosen.name}`;
    if (text.trim() === "") return;
    setEditor(emptyEditor());
    completion.resetSelection();
    const entries = remember(history.current.entries, text);
    if (entries !== history.current.entries)
      track(
        appendHistory(host.historyFile, text, history.current.entries).catch((error: unknown) =>
          add({ kind: "warning", text: `Could not save history to ${host.historyFile}: ${String(error)}` }),
        ),
      );
    history.current = { entries, cursor: { index: entries.length, draft: "" } };
    lastSubmitted.current = text;
    enqueue(text);
  };

  const cycleMode = () => {
    const next = present(
      CYCLED_MODES[(CYCLED_MODES.indexOf(host.permissionMode()) + 1) % CYCLED_MODES.length],
      "an index modulo the length is in range",
    );
    try {
      add({ kind: "info", text: host.setPermissionMode(next) });
    } catch (error) {
      add({ kind: "error", text: errorMessage(error) });
    }
  };

  /** Ctrl+G: only between turns (the editor holds the terminal, and a running turn would stall). */
  const editExternally = () => {
    if (working || host.session.running)
      return add({ kind: "info", text: "Ctrl+G opens your editor once the agent has finished this turn." });
    const outcome = options.editExternally(expandPastes(editorRef.current));
    if (outcome.kind === "edited") setEditor(emptyEditor(outcome.text));
    else add({ kind: "error", text: outcome.message });
  };

  /** Keys while Ctrl+R searches: type to narrow, Ctrl+R for an older match, Enter takes it, Esc cancels. */
  const searchKey = (current: HistorySearch, input: string, key: Key) => {
    const entries = history.current.entries;
    if (key.escape || (key.ctrl && (input === "c" || input === "g"))) return setSearch(undefined);
    if (key.return || key.tab || key.leftArrow || key.rightArrow) {
      if (current.index !== undefined) setEditor(emptyEditor(entries[current.index]));
      return setSearch(undefined);
    }
    if (key.ctrl && input === "r") return setSearch(olderMatch(entries, current));
    if (key.backspace || key.delete) return setSearch(typeInSearch(entries, current.query.slice(0, -1)));
    if (!key.ctrl && !key.meta && input) setSearch(typeInSearch(entries, current.query + input));
  };

  const handleKey = (input: string, key: Key) => {
    if (options.intercept?.(input, key)) return;
    if (searchRef.current) return searchKey(searchRef.current, input, key);
    if (key.ctrl && input === "r") return setSearch(startSearch(history.current.entries));
    if (key.ctrl && input === "l") return options.onRedraw();
    if (key.ctrl && input === "o") return options.onToggleDetail();
    if (key.ctrl && input === "g") return editExternally();
    const editor = editorRef.current;
    const turnRunning = working || host.session.running;
    if (key.ctrl && input === "c") {
      if (turnRunning) return host.session.abort();
      if (editor.text !== "") return setEditor(emptyEditor());
      if (exitArmedRef.current) return leave();
      setExitArmed(true);
      setTimeout(() => setExitArmed(false), EXIT_ARM_MS);
      return;
    }
    if (key.ctrl && input === "d" && editor.text === "") return working ? undefined : leave();
    const completed = completion.handleKey(key, editor);
    if (completed !== false) return completed === true ? undefined : setEditor(completed);
    // Ink reports Esc with meta set, so test the key name alone: Alt+letter and Alt+arrow arrive
    // as escape sequences but carry their own key name, never `escape`.
    if (key.escape) {
      if (turnRunning) {
        // Stopped before any answer: the prompt comes back for editing.
        const restore = options.nothingAnswered() && editor.text === "" && lastSubmitted.current !== "";
        host.session.abort();
        if (restore) setEditor(emptyEditor(lastSubmitted.current));
        return;
      }
      if (escArmedRef.current) {
        setEscArmed(false);
        return editor.text === "" ? options.onRewind() : setEditor(emptyEditor());
      }
      setEscArmed(true);
      setTimeout(() => setEscArmed(false), ESC_CLEAR_MS);
      return;
    }
    if (key.tab && key.shift) return cycleMode();
    const result = editKey(editor, input, key);
    if (result.type === "edit") {
      if (input !== "" && !key.ctrl && !key.meta) options.lastTypedAt.current = Date.now();
      if (result.state.text !== editor.text) completion.resetSelection();
      return setEditor(result.state);
    }
    if (result.type === "submit") return submit(result.text);
    if (result.type === "history") {
      const { entries, cursor } = history.current;
      const moved =
        result.direction === "up" ? historyUp(entries, cursor, editor.text) : historyDown(entries, cursor);
      if (!moved) return;
      history.current = { entries, cursor: moved.cursor };
      setEditor(emptyEditor(moved.text));
    }
  };

  // Bracketed paste: the raw input events are seen before useInput's (prepended), so the markers and
  // the pasted text never reach the keys; the whole paste goes into the prompt at once.
  const { internal_eventEmitter: rawInput } = useStdin();
  const pasteHeld = useRef(false);
  const onPaste = useRef((_text: string) => {});
  onPaste.current = (text: string) => {
    options.onKey();
    options.lastTypedAt.current = Date.now();
    if (searchRef.current)
      return setSearch(typeInSearch(history.current.entries, searchRef.current.query + text));
    completion.resetSelection();
    setEditor(paste(editorRef.current, text));
  };
  useEffect(() => {
    const collector = new PasteCollector();
    const take = (raw: string) => {
      const step = collector.take(raw);
      pasteHeld.current = step.kind !== "key";
      if (step.kind === "paste") onPaste.current(step.text);
    };
    rawInput.prependListener("input", take);
    return () => {
      rawInput.off("input", take);
    };
  }, [rawInput]);

  useInput(
    (input, key) => {
      if (pasteHeld.current) return;
      options.onKey();
      const pieces = splitKeyChunk(input);
      if (!pieces) return handleKey(input, key);
      const plain = Object.fromEntries(
        Object.entries(key).map(([name, value]) => [name, typeof value === "boolean" ? false : value]),
      ) as Key;
      for (const piece of pieces)
        if (piece.kind === "ctrl") handleKey(piece.letter, { ...plain, ctrl: true });
        else handleKey(piece.text, plain);
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
