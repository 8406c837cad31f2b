// What one key does at the prompt, once the permission dialog (`intercept`) has passed on it: Ctrl+R
// history search, Ctrl+L/O/G, Ctrl+C (stop the turn, clear the prompt, twice to leave), Ctrl+D, the
// completion menu, Esc (stop the turn, twice to clear the prompt or rewind), Shift+Tab permission
// modes, then editing (input-editor), Enter to send and history. The state lives in use-prompt-keys.ts,
// which builds a context on each render and hands every key here.
import type { Key } from "ink";
import { parseSlash } from "../../commands/index.js";
import type { PermissionMode } from "../../contracts/index.js";
import { errorMessage, present } from "../../util/index.js";
import type { EditorOutcome } from "./external-editor.js";
import { appendHistory, type HistoryCursor, historyDown, historyUp, remember } from "./history.js";
import { type HistorySearch, olderMatch, startSearch, typeInSearch } from "./history-search.js";
import type { ReplHost } from "./host.js";
import { type EditorState, editKey, emptyEditor, expandPastes } from "./input-editor.js";
import { type SlashCommand, suggestCommands } from "./slash-commands.js";
import type { EntryInput } from "./transcript.js";
import type { useCompletion } from "./use-completion.js";

/** The modes Shift+Tab cycles through (bypassPermissions and dontAsk are chosen explicitly). */
const CYCLED_MODES: readonly PermissionMode[] = ["default", "acceptEdits", "plan"];
const EXIT_ARM_MS = 2000;
const ESC_CLEAR_MS = 1000;

export type PromptKeysOptions = {
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

/** A value key handlers read now (`ref`) and set for the next render. */
type Held<T> = { ref: { readonly current: T }; set: (next: T) => void };

export type PromptHistory = { entries: string[]; cursor: HistoryCursor };

/** The prompt's state as one render sees it. */
export type PromptKeyContext = {
  options: PromptKeysOptions;
  completion: ReturnType<typeof useCompletion>;
  editor: Held<EditorState>;
  exitArmed: Held<boolean>;
  escArmed: Held<boolean>;
  search: Held<HistorySearch | undefined>;
  /** The last line sent (Esc before any answer puts it back). */
  lastSubmitted: { current: string };
  history: { current: PromptHistory };
};

/** Enter: a typed slash-command prefix becomes the selected command; the line is remembered and queued. */
function submit(context: PromptKeyContext, raw: string) {
  const { host, commands, add, enqueue, track } = context.options;
  const { completion, history } = context;
  let text = raw;
  const parsed = parseSlash(text);
  const current = suggestCommands(raw, commands);
  const chosen = current[Math.min(completion.selectedRef.current, current.length - 1)];
  if (parsed && chosen !== undefined && !commands.some((command) => command.name === parsed.name))
    text = `/${chosen.name}`;
  if (text.trim() === "") return;
  context.editor.set(emptyEditor());
  completion.resetSelection();
  const entries = remember(history.current.entries, text);
  if (entries !== history.current.entries)
    track(
      appendHistory(host.historyFile, text, history.current.entries).catch((error: unknown) =>
        add({ kind: "warning", text: `Could not save history to ${host.historyFile}: ${String(error)}` }),
      ),
    );
  history.current = { entries, cursor: { index: entries.length, draft: "" } };
  context.lastSubmitted.current = text;
  enqueue(text);
}

/** Shift+Tab: the next of the cycled permission modes. */
function cycleMode({ host, add }: PromptKeysOptions) {
  const next = present(
    CYCLED_MODES[(CYCLED_MODES.indexOf(host.permissionMode()) + 1) % CYCLED_MODES.length],
    "an index modulo the length is in range",
  );
  try {
    add({ kind: "info", text: host.setPermissionMode(next) });
  } catch (error) {
    add({ kind: "error", text: errorMessage(error) });
  }
}

/** Ctrl+G: only between turns (the editor holds the terminal, and a running turn would stall). */
function editExternally(context: PromptKeyContext) {
  const { options, editor } = context;
  if (options.working || options.host.session.running)
    return options.add({
      kind: "info",
      text: "Ctrl+G opens your editor once the agent has finished this turn.",
    });
  const outcome = options.editExternally(expandPastes(editor.ref.current));
  if (outcome.kind === "edited") editor.set(emptyEditor(outcome.text));
  else options.add({ kind: "error", text: outcome.message });
}

/** Keys while Ctrl+R searches: type to narrow, Ctrl+R for an older match, Enter takes it, Esc cancels. */
function searchKey(context: PromptKeyContext, current: HistorySearch, input: string, key: Key) {
  const { search } = context;
  const entries = context.history.current.entries;
  if (key.escape || (key.ctrl && (input === "c" || input === "g"))) return search.set(undefined);
  if (key.return || key.tab || key.leftArrow || key.rightArrow) {
    if (current.index !== undefined) context.editor.set(emptyEditor(entries[current.index]));
    return search.set(undefined);
  }
  if (key.ctrl && input === "r") return search.set(olderMatch(entries, current));
  if (key.backspace || key.delete) return search.set(typeInSearch(entries, current.query.slice(0, -1)));
  if (!key.ctrl && !key.meta && input) search.set(typeInSearch(entries, current.query + input));
}

/** Sets `flag` for `ms` milliseconds (a second press within them acts). */
function arm(flag: Held<boolean>, ms: number) {
  flag.set(true);
  setTimeout(() => flag.set(false), ms);
}

/** Ctrl+C: stops a running turn, else clears the prompt, else arms the exit (twice leaves). */
function ctrlCKey(context: PromptKeyContext, editor: EditorState, turnRunning: boolean) {
  const { options } = context;
  if (turnRunning) return options.host.session.abort();
  if (editor.text !== "") return context.editor.set(emptyEditor());
  if (context.exitArmed.ref.current) return options.leave();
  arm(context.exitArmed, EXIT_ARM_MS);
}

/** Esc: stops a running turn (before any answer the prompt comes back); twice clears the prompt or rewinds. */
function escKey(context: PromptKeyContext, editor: EditorState, turnRunning: boolean) {
  const { options, escArmed, lastSubmitted } = context;
  if (turnRunning) {
    const restore = options.nothingAnswered() && editor.text === "" && lastSubmitted.current !== "";
    options.host.session.abort();
    if (restore) context.editor.set(emptyEditor(lastSubmitted.current));
    return;
  }
  if (escArmed.ref.current) {
    escArmed.set(false);
    return editor.text === "" ? options.onRewind() : context.editor.set(emptyEditor());
  }
  arm(escArmed, ESC_CLEAR_MS);
}

/** Editing, Enter and Up/Down past the first or last line (history). */
function editorKey(context: PromptKeyContext, editor: EditorState, input: string, key: Key) {
  const result = editKey(editor, input, key);
  if (result.type === "edit") {
    if (input !== "" && !key.ctrl && !key.meta) context.options.lastTypedAt.current = Date.now();
    if (result.state.text !== editor.text) context.completion.resetSelection();
    return context.editor.set(result.state);
  }
  if (result.type === "submit") return submit(context, result.text);
  if (result.type === "history") {
    const { entries, cursor } = context.history.current;
    const moved =
      result.direction === "up" ? historyUp(entries, cursor, editor.text) : historyDown(entries, cursor);
    if (!moved) return;
    context.history.current = { entries, cursor: moved.cursor };
    context.editor.set(emptyEditor(moved.text));
  }
}

/** One key at the prompt. */
export function handlePromptKey(context: PromptKeyContext, input: string, key: Key) {
  const { options, search } = context;
  if (options.intercept?.(input, key)) return;
  if (search.ref.current) return searchKey(context, search.ref.current, input, key);
  if (key.ctrl && input === "r") return search.set(startSearch(context.history.current.entries));
  if (key.ctrl && input === "l") return options.onRedraw();
  if (key.ctrl && input === "o") return options.onToggleDetail();
  if (key.ctrl && input === "g") return editExternally(context);
  const editor = context.editor.ref.current;
  const turnRunning = options.working || options.host.session.running;
  if (key.ctrl && input === "c") return ctrlCKey(context, editor, turnRunning);
  if (key.ctrl && input === "d" && editor.text === "") return options.working ? undefined : options.leave();
  const completed = context.completion.handleKey(key, editor);
  if (completed !== false) return completed === true ? undefined : context.editor.set(completed);
  // Ink reports Esc with meta set, so test the key name alone: Alt+letter and Alt+arrow arrive
  // as escape sequences but carry their own key name, never `escape`.
  if (key.escape) return escKey(context, editor, turnRunning);
  if (key.tab && key.shift) return cycleMode(options);
  editorKey(context, editor, input, key);
}
