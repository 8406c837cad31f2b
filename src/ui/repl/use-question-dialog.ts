// The question dialogs' state and keys in the REPL (AskUserQuestion, ExitPlanMode; question-dialog.ts
// decides what a key does). Like the permission dialog it ignores keys in its first moments (a sentence
// typed as it opens must not answer it); an approved plan sets the chosen permission mode before the
// answer goes back, so the call leaves plan mode for it.
import type { Key } from "ink";
import { useEffect, useRef } from "react";
import type { PermissionMode } from "../../contracts/index.js";
import {
  INITIAL_QUESTION_STATE,
  isQuestionDialog,
  type QuestionState,
  questionStep,
} from "./question-dialog.js";
import { DIALOG_TIMING, type DialogTiming } from "./use-dialog.js";
import type { PendingDialog } from "./use-permission-queue.js";
import { useRefState } from "./use-ref-state.js";

type QuestionController = {
  /** The open dialog is a question dialog (its keys and lines are these). */
  active: boolean;
  state: QuestionState;
  handleKey(input: string, key: Key): boolean;
  /** The plan rows visible (for PgUp/PgDn). */
  setPage(rows: number): void;
};

export function useQuestionDialog(
  dialog: PendingDialog | undefined,
  options: { timing?: DialogTiming; setMode: (mode: PermissionMode) => void; onInterrupt: () => void },
): QuestionController {
  const [state, stateRef, setState] = useRefState<QuestionState>(INITIAL_QUESTION_STATE);
  const openedAt = useRef(0);
  const page = useRef(10);
  const active = dialog !== undefined && isQuestionDialog(dialog.question);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new dialog starts fresh
  useEffect(() => {
    openedAt.current = Date.now();
    setState(INITIAL_QUESTION_STATE);
  }, [dialog]);

  const handleKey = (input: string, key: Key): boolean => {
    if (!dialog || !active) return false;
    if (key.ctrl && input === "c") {
      dialog.resolve({ kind: "no" });
      options.onInterrupt();
      return true;
    }
    const timing = options.timing ?? DIALOG_TIMING;
    if (Date.now() - openedAt.current < timing.guardMs) return false;
    const step = questionStep(dialog.question, stateRef.current, { ...key, input }, page.current);
    if (step.kind === "ignored") return false;
    if (step.kind === "state") setState(step.state);
    else {
      if (step.mode) options.setMode(step.mode);
      dialog.resolve(step.answer);
    }
    return true;
  };

  return {
    active,
    state,
    handleKey,
    setPage: (rows) => {
      page.current = rows;
    },
  };
}
