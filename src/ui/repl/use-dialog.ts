// The permission dialog's state and keys. It answers only deliberate keys: digits, arrows, Enter,
// Esc, PgUp/PgDn (and Ctrl+C); letters are left to the prompt, so type-ahead can never answer it.
// Keys in its first GUARD_MS go to the prompt too (a sentence typed as it opens), and so do digits
// and Enter while the user is typing (a letter reached the prompt in the last TYPING_PAUSE_MS).
// The keys: 1 yes, 2 yes and don't ask again this session, 3 always, 4 no and say what instead.
// "Always" saves a rule to disk, so `3` only selects it and Enter confirms. Once option 4 is chosen,
// keys type the instruction.
import type { Key } from "ink";
import { useEffect, useRef } from "react";
import { CHOICES, type DialogState } from "./dialog-view.js";
import type { PendingDialog } from "./use-permission-queue.js";
import { useRefState } from "./use-ref-state.js";

const GUARD_MS = 300;
const TYPING_PAUSE_MS = 800;

export type DialogTiming = { guardMs: number; typingPauseMs: number };
export const DIALOG_TIMING: DialogTiming = { guardMs: GUARD_MS, typingPauseMs: TYPING_PAUSE_MS };

type DialogController = {
  state: DialogState;
  /** True when the key was the dialog's. */
  handleKey(input: string, key: Key): boolean;
  /** The body rows visible (the dialog view reports it for PgUp/PgDn). */
  setPage(rows: number, length: number): void;
};

const initial: DialogState = { selected: 0, scroll: 0 };

export function useDialog(
  dialog: PendingDialog | undefined,
  options: {
    timing?: DialogTiming;
    onInterrupt: () => void;
    lastTypedAt: { readonly current: number };
  },
): DialogController {
  const [state, stateRef, setState] = useRefState<DialogState>(initial);
  const openedAt = useRef(0);
  const page = useRef({ rows: 10, length: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new dialog starts fresh
  useEffect(() => {
    openedAt.current = Date.now();
    setState(initial);
  }, [dialog]);

  const handleKey = (input: string, key: Key): boolean => {
    if (!dialog) return false;
    const current = stateRef.current;
    const update = (next: Partial<DialogState>) => setState({ ...current, ...next });
    if (key.ctrl && input === "c") {
      dialog.resolve({ kind: "no" });
      options.onInterrupt();
      return true;
    }
    if (current.message !== undefined) {
      const message = current.message;
      if (key.escape) dialog.resolve({ kind: "no" });
      else if (key.return)
        dialog.resolve(message.trim() ? { kind: "no", message: message.trim() } : { kind: "no" });
      else if (key.backspace || key.delete) update({ message: message.slice(0, -1) });
      else if (!key.ctrl && !key.meta && input) update({ message: message + input.replace(/[\r\n]+/g, " ") });
      return true;
    }
    const now = Date.now();
    const timing = options.timing ?? DIALOG_TIMING;
    if (now - openedAt.current < timing.guardMs) return false;
    const typing = now - options.lastTypedAt.current < timing.typingPauseMs;
    if (typing && (key.return || /^[0-9]$/.test(input))) return false;
    const scrollBy = (rows: number) => {
      const max = Math.max(0, page.current.length - page.current.rows);
      update({ scroll: Math.max(0, Math.min(max, current.scroll + rows)) });
    };
    const { question } = dialog;
    const choose = (index: number) => {
      const choice = CHOICES[index];
      if (choice === "yes") dialog.resolve({ kind: "yes" });
      else if (choice === "session") dialog.resolve({ kind: "session", rule: question.sessionRule });
      else if (choice === "always") dialog.resolve({ kind: "always", rule: question.suggestedRule });
      else update({ selected: index, message: "" });
    };
    const count = CHOICES.length;
    if (key.escape) dialog.resolve({ kind: "no" });
    else if (key.upArrow) update({ selected: (current.selected + count - 1) % count });
    else if (key.downArrow) update({ selected: (current.selected + 1) % count });
    else if (key.pageDown) scrollBy(Math.max(1, page.current.rows - 1));
    else if (key.pageUp) scrollBy(-Math.max(1, page.current.rows - 1));
    else if (key.return) choose(current.selected);
    else if (input === "3") update({ selected: CHOICES.indexOf("always") });
    else if (/^[1-4]$/.test(input)) choose(Number(input) - 1);
    else return false;
    return true;
  };

  return {
    state,
    handleKey,
    setPage: (rows, length) => {
      page.current = { rows, length };
    },
  };
}
