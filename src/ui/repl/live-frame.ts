// Builds the live area's lines for one render: the streaming answer and running tools (with the last
// lines of their live output) on top, the open task list, then the spinner, the permission dialog, the prompt (or an
// open picker), the completion menu and the status line, fitted to the terminal (live-area.ts). Pure.

import { type MenuItem, menuLines } from "./command-menu.js";
import { type DialogState, dialogLines } from "./dialog-view.js";
import type { PermissionQuestion } from "./host.js";
import type { EditorState } from "./input-editor.js";
import { fitLive, liveRows, rowsAtHalfWidth } from "./live-area.js";
import { renderMarkdown } from "./markdown.js";
import type { RequestView } from "./permission-view.js";
import { promptLines } from "./prompt-lines.js";
import { customStatusLine, type StatusFacts, statusLine, workingLine } from "./status-lines.js";
import type { Style } from "./style.js";
import { taskListLines } from "./task-list-lines.js";
import { truncateLine } from "./text-width.js";
import { type Transcript, tokensSoFar } from "./transcript.js";

export const LIVE_OUTPUT_LINES = 5;

export type FrameInput = {
  style: Style;
  width: number;
  rows: number;
  now: number;
  frame: string;
  transcript: Transcript;
  working: boolean;
  startedAt: number;
  dialog?: { question: PermissionQuestion; state: DialogState; view: RequestView };
  /** A question to the person (AskUserQuestion, ExitPlanMode) in place of the permission dialog. */
  question?: (maxRows: number) => { lines: string[]; planRows: number };
  editor: EditorState;
  placeholder: string;
  /** The input starts with `!` (bash mode). */
  shell?: boolean;
  queued: readonly string[];
  /** The completion menu under the prompt (slash commands, `@` files). */
  suggestions: readonly MenuItem[];
  selected: number;
  /** A dim line in place of the menu (e.g. while the project's files are being indexed). */
  menuNote?: string;
  /** A picker (/resume, /model) in place of the prompt and menu, given the rows it may use. */
  picker?: (maxRows: number) => string[];
  /** The built-in status line's facts, and a statusLine command's line to show instead (unless a
   *  hint must be said). */
  status: StatusFacts & { custom?: string };
  /** Lines shown above the prompt (history search, pickers). */
  overlay?: string[];
};

type Frame = { lines: string[]; dialogBody?: { rows: number; length: number }; planRows?: number };

const seconds = (now: number, since: number) => Math.max(0, Math.floor((now - since) / 1000));

function runningLines(input: FrameInput): string[] {
  const { style, width, now } = input;
  return input.transcript.running.flatMap((tool) => {
    const head = `${style.cyan(input.frame)} ${style.bold(tool.summary)} ${style.dim(`${seconds(now, tool.startedAt)}s`)}`;
    const output = tool.output
      .replace(/\r\n/g, "\n")
      .split("\n")
      .map((line) => line.slice(line.lastIndexOf("\r") + 1).replace(/\t/g, "  "))
      .filter((line, index, all) => line.trim() !== "" || index < all.length - 1);
    const tail = output
      .slice(-LIVE_OUTPUT_LINES)
      .map((line, index) => style.dim(truncateLine(`${index === 0 ? "  ⎿ " : "    "}${line}`, width)));
    return [truncateLine(head, width), ...tail];
  });
}

export function buildFrame(input: FrameInput): Frame {
  const { style, width, transcript } = input;
  const flexible: string[] = [];
  if (transcript.streaming.trim() !== "")
    flexible.push("", ...renderMarkdown(transcript.streaming, { width, style }));
  const running = runningLines(input);
  if (running.length > 0) flexible.push(...(flexible.length > 0 ? [""] : []), ...running);
  const before: string[] = [""];
  if (input.working)
    before.push(
      workingLine(style, {
        frame: input.frame,
        seconds: seconds(input.now, input.startedAt),
        tokens: tokensSoFar(transcript),
        retry: transcript.retry,
        waiting: input.dialog !== undefined || input.question !== undefined,
        activity: transcript.tasks.find((task) => task.status === "in_progress" && !task.owner)?.activeForm,
      }),
    );
  const { custom, ...builtIn } = input.status;
  const status =
    custom !== undefined && builtIn.hint === undefined
      ? customStatusLine(style, { line: custom, mode: builtIn.mode, width })
      : statusLine(style, { ...builtIn, width });
  const after = input.picker
    ? [...input.picker(liveRows(input.rows) - before.length - 1), status]
    : [
        ...(input.overlay ?? []),
        ...promptLines(input.editor, {
          style,
          width,
          placeholder: input.placeholder,
          queued: input.queued,
          shell: input.shell,
        }),
        ...menuLines(input.suggestions, input.selected, { style, width }),
        ...(input.menuNote ? [style.dim(`  ${input.menuNote}`)] : []),
        status,
      ];
  let dialog: string[] = [];
  let dialogBody: Frame["dialogBody"];
  let planRows: number | undefined;
  if (input.question) {
    const layout = input.question(liveRows(input.rows) - before.length - after.length);
    dialog = layout.lines;
    planRows = layout.planRows;
  } else if (input.dialog) {
    const maxRows = liveRows(input.rows) - before.length - after.length;
    const layout = dialogLines(input.dialog.view, input.dialog.question, input.dialog.state, {
      style,
      width,
      maxRows,
    });
    dialog = layout.lines;
    dialogBody = { rows: layout.bodyRows, length: layout.bodyLength };
  }
  const required = [...before, ...dialog, ...after];
  // The task list shares the room with the answer and the running tools: all of it when it fits,
  // otherwise at most half the room, so a long list never hides what is running.
  // Room counted as fitLive counts it: rows the lines would take at half the width.
  const cost = (lines: string[]) => lines.reduce((sum, line) => sum + rowsAtHalfWidth(line, width), 0);
  const room = liveRows(input.rows) - cost(required) - 1;
  const taskRoom = Math.max(Math.min(3, room), room - cost(flexible), Math.floor(room / 2));
  let tasks = taskListLines(transcript.tasks, style, width, taskRoom);
  for (let lines = taskRoom - 1; lines >= 1 && cost(tasks) > taskRoom; lines--)
    tasks = taskListLines(transcript.tasks, style, width, lines);
  if (tasks.length > 0) flexible.push("", ...tasks);
  return {
    lines: fitLive({ flexible, required }, input.rows, width),
    dialogBody,
    ...(planRows !== undefined ? { planRows } : {}),
  };
}
