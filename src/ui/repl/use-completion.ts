// The completion menu's state and keys: slash commands while a command name is typed, project files
// while an `@path` is typed (the file index is built on the first `@`, in the background, and rebuilt
// when older than INDEX_MAX_AGE_MS; typing never waits for it). Up/Down select, Tab accepts; Enter
// accepts a file that differs from what is typed (else it sends the prompt); Esc hides the file menu
// until the mention changes.
import type { Key } from "ink";
import { useEffect, useRef, useState } from "react";
import { present } from "../../util/index.js";
import { commandItems, type MenuItem } from "./command-menu.js";
import { acceptMention, matchFiles, mentionAtCursor } from "./file-completion.js";
import type { ReplHost } from "./host.js";
import { type EditorState, emptyEditor } from "./input-editor.js";
import { type SlashCommand, suggestCommands } from "./slash-commands.js";
import { useRefState } from "./use-ref-state.js";

const INDEX_MAX_AGE_MS = 30_000;

type FileIndex = { files: readonly string[]; builtAt: number; error?: string };

/** The project's file list, built in the background on request; one build at a time. */
function useFileIndex(host: ReplHost) {
  const [index, setIndex] = useState<FileIndex | undefined>(undefined);
  const building = useRef(false);
  const refresh = () => {
    if (building.current) return;
    building.current = true;
    host
      .projectFiles()
      .then(
        (files) => setIndex({ files, builtAt: Date.now() }),
        (error: unknown) => setIndex({ files: [], builtAt: Date.now(), error: String(error) }),
      )
      .finally(() => {
        building.current = false;
      });
  };
  return { index, refresh };
}

/** The line under an empty file menu: still indexing, the listing failed, or nothing matches. */
function emptyFileMenuNote(index: FileIndex | undefined, query: string): string {
  if (!index) return "indexing project files…";
  return index.error ? `cannot list the project's files: ${index.error}` : `no file matches @${query}`;
}

export function useCompletion(host: ReplHost, commands: SlashCommand[], editor: EditorState) {
  const [selected, selectedRef, setSelected] = useRefState(0);
  const { index, refresh } = useFileIndex(host);
  const dismissed = useRef<string | undefined>(undefined);

  const compute = (state: EditorState) => {
    const slash = suggestCommands(state.text, commands);
    if (slash.length > 0) return { kind: "command" as const, items: commandItems(slash), slash };
    const token = mentionAtCursor(state.text, state.cursor);
    if (!token || dismissed.current === `${token.start}:${token.query}`) return undefined;
    const files = index ? matchFiles(index.files, token.query) : [];
    return { kind: "file" as const, items: files.map((file): MenuItem => ({ label: file })), token, files };
  };

  const current = compute(editor);
  const mentionStart = current?.kind === "file" ? current.token.start : -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: (re)build when a mention starts being typed
  useEffect(() => {
    if (mentionStart >= 0 && (!index || Date.now() - index.builtAt > INDEX_MAX_AGE_MS)) refresh();
  }, [mentionStart]);
  const items = current?.items ?? [];
  const note =
    current?.kind === "file" && items.length === 0
      ? emptyFileMenuNote(index, current.token.query)
      : undefined;

  /** Handles a menu key; returns the new editor state (or true) when it took the key. */
  const handleKey = (key: Key, state: EditorState): EditorState | boolean => {
    const open = compute(state);
    if (!open) return false;
    if (key.escape && open.kind === "file") {
      dismissed.current = `${open.token.start}:${open.token.query}`;
      return true;
    }
    if (open.items.length === 0) return false;
    const at = Math.min(selectedRef.current, open.items.length - 1);
    if (key.upArrow || key.downArrow) {
      setSelected(Math.max(0, Math.min(open.items.length - 1, at + (key.upArrow ? -1 : 1))));
      return true;
    }
    const accept = key.tab && !key.shift;
    if (open.kind === "command") {
      if (!accept) return false;
      setSelected(0);
      return emptyEditor(`/${present(open.slash[at], "the menu lists one item per command").name} `);
    }
    const file = present(open.files[at], "the menu lists one item per file");
    const typed = open.token.query;
    if (accept || (key.return && !key.shift && !key.meta && file !== typed)) {
      setSelected(0);
      return acceptMention(state, open.token, file);
    }
    return false;
  };

  return {
    items,
    note,
    selected: Math.min(selected, Math.max(0, items.length - 1)),
    selectedRef,
    resetSelection: () => setSelected(0),
    handleKey,
  };
}
