// The App's live area as lines: the frame (live-frame.ts) built from what the hooks hold — the
// transcript's running part, the permission or question dialog, the prompt with its menu or a
// picker, and the status line with the hint of the moment. Reports the rows a dialog's body got
// back to its controller (PgUp/PgDn).
import { useMemo } from "react";
import type { ReplHost } from "./host.js";
import { buildFrame, type FrameInput } from "./live-frame.js";
import { describeRequest } from "./permission-view.js";
import { questionLines } from "./question-view.js";
import { isShellInput } from "./shell-mode.js";
import type { Style } from "./style.js";
import type { Transcript } from "./transcript.js";
import { spinnerFrame } from "./use-clock.js";
import type { useDialog } from "./use-dialog.js";
import type { PendingDialog } from "./use-permission-queue.js";
import type { usePromptKeys } from "./use-prompt-keys.js";
import type { useQuestionDialog } from "./use-question-dialog.js";
import { useStatusLine } from "./use-status-line.js";
import type { useTurns } from "./use-turns.js";

type Prompt = ReturnType<typeof usePromptKeys>;

export type LiveFrameInputs = {
  host: ReplHost;
  style: Style;
  now: number;
  working: boolean;
  turns: ReturnType<typeof useTurns>;
  prompt: Prompt;
  picker: FrameInput["picker"];
  /** Background commands running. */
  background: number;
  /** The terminal's size and what the screen shows; `sessionVersion` changes when another session is
   *  shown (the statusLine command runs again). */
  screen: {
    width: number;
    rows: number;
    transcript: Transcript;
    detailed: boolean;
    exiting: boolean;
    sessionVersion: number;
  };
  /** The permission request on top and the controllers of its two kinds of dialog. */
  dialog: {
    pending: PendingDialog | undefined;
    control: ReturnType<typeof useDialog>;
    question: ReturnType<typeof useQuestionDialog>;
  };
};

function placeholder(shell: boolean, working: boolean): string {
  if (shell) return " Type a shell command (it goes through the permission gate)";
  return working
    ? " Type ahead; Enter queues it"
    : " Type a message, / for commands, @ for files, ! for shell";
}

/** What the status line says in place of its facts: a second press to confirm, bash mode, the detailed view. */
function statusHint(prompt: Prompt, shell: boolean, detailed: boolean): string | undefined {
  if (prompt.exitArmed) return "Press Ctrl+C again to exit";
  if (prompt.escArmed)
    return prompt.editor.text === "" ? "Esc again to rewind" : "Esc again to clear the prompt";
  if (shell) return "! bash mode: runs the command, the agent sees its output";
  return detailed ? "detailed transcript · ctrl+o for the compact view" : undefined;
}

/** The dialog and question parts of the frame: the permission dialog, or a question to the person. */
function dialogParts(inputs: LiveFrameInputs, view: ReturnType<typeof describeRequest> | undefined) {
  const { pending, question } = inputs.dialog;
  const { style } = inputs;
  const { width } = inputs.screen;
  return {
    dialog:
      pending && view && !question.active
        ? { question: pending.question, state: inputs.dialog.control.state, view }
        : undefined,
    question:
      pending && question.active
        ? (maxRows: number) =>
            questionLines(pending.question.toolName, pending.question.input, question.state, {
              style,
              width,
              maxRows,
            })
        : undefined,
  };
}

export function useLiveFrame(inputs: LiveFrameInputs): string[] {
  const { host, style, turns, prompt, screen } = inputs;
  const { width, transcript } = screen;
  const dialog = inputs.dialog.pending;
  // biome-ignore lint/correctness/useExhaustiveDependencies: context use changes when entries are added or a turn ends
  const context = useMemo(() => host.contextUsage(), [host, transcript.entries.length, turns.busy]);
  const view = useMemo(
    () =>
      dialog
        ? describeRequest(dialog.question, {
            style,
            width,
            cwd: host.cwd,
            fileText: (path) => host.readText(path),
          })
        : undefined,
    [dialog, style, width, host],
  );
  const model = `${host.model.provider}/${host.model.model}`;
  const mode = host.permissionMode();
  const cost = host.costSoFar();
  const custom = useStatusLine(
    host.statusLine,
    [model, mode, cost, transcript.entries.length, turns.busy, screen.sessionVersion].join("\u0000"),
  );
  if (screen.exiting) return [];
  const shell = isShellInput(prompt.editor.text);
  const frame = buildFrame({
    style,
    width,
    rows: screen.rows,
    now: inputs.now,
    frame: spinnerFrame(inputs.now),
    transcript,
    working: inputs.working,
    startedAt: turns.startedAt,
    ...dialogParts(inputs, view),
    editor: prompt.editor,
    shell,
    placeholder: placeholder(shell, inputs.working),
    queued: turns.queue,
    suggestions: prompt.suggestions,
    selected: prompt.selected,
    menuNote: prompt.menuNote,
    picker: inputs.picker,
    overlay: prompt.searchLine ? [style.cyan(prompt.searchLine)] : undefined,
    status: {
      model,
      contextPercent: context.percent,
      mode,
      cost,
      budget: host.budgetSoFar?.(),
      background: inputs.background,
      custom,
      hint: statusHint(prompt, shell, screen.detailed),
    },
  });
  if (frame.dialogBody) inputs.dialog.control.setPage(frame.dialogBody.rows, frame.dialogBody.length);
  if (frame.planRows !== undefined) inputs.dialog.question.setPage(frame.planRows);
  return frame.lines;
}
