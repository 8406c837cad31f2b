// What a permission request will do, as styled lines for the dialog body: Edit and Write as a diff
// of the file (numbered hunks with 3 lines of context when the file can be read, else the change
// itself), Bash as the command and its description, anything else as its input. Paths are shown
// relative to the project. Pure: the file's current text is passed in.

import { diffStats, type Hunk, renderHunks, statsText, textHunks } from "./diff-view.js";
import { languageForPath } from "./highlight.js";
import type { PermissionQuestion } from "./host.js";
import type { Style } from "./style.js";
import { truncateLine, wrapWithPrefix } from "./text-width.js";
import { displayPath } from "./tool-key-arg.js";

export type RequestView = { title: string; body: string[] };

type RequestViewOptions = {
  style: Style;
  width: number;
  cwd: string;
  /** The current text of the file an Edit/Write targets (undefined: missing or unreadable). */
  fileText?: (path: string) => string | undefined;
};

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The text after an Edit, when the old string is found in the file (first or every occurrence). */
function applyEdit(fileText: string, oldString: string, newString: string, all: boolean): string | undefined {
  if (oldString === "" || !fileText.includes(oldString)) return undefined;
  return all ? fileText.split(oldString).join(newString) : fileText.replace(oldString, () => newString);
}

/** The hunks an Edit would make: against the file when it can be read and the old string is found
 *  (numbered, with context), else the change itself. */
function editHunks(input: Record<string, unknown>, current: string | undefined): Hunk[] {
  const oldString = text(input.old_string);
  const newString = text(input.new_string);
  const after =
    current === undefined ? undefined : applyEdit(current, oldString, newString, input.replace_all === true);
  if (current !== undefined && after !== undefined) return textHunks(current, after);
  if (oldString === "" && current === undefined) return textHunks("", newString);
  return textHunks(oldString, newString, false);
}

/** The change an Edit or Write asks to make, as the dialog shows it (undefined for other tools). */
export function proposedHunks(
  question: Pick<PermissionQuestion, "toolName" | "input">,
  fileText: ((path: string) => string | undefined) | undefined,
): Hunk[] | undefined {
  const current = fileText?.(text(question.input.file_path));
  if (question.toolName === "Edit") return editHunks(question.input, current);
  if (question.toolName === "Write") return textHunks(current ?? "", text(question.input.content));
  return undefined;
}

function editView(question: PermissionQuestion, options: RequestViewOptions): RequestView {
  const { input } = question;
  const path = text(input.file_path);
  const shown = displayPath(path, options.cwd);
  const hunks = editHunks(input, options.fileText?.(path));
  const language = languageForPath(path);
  const body = [
    options.style.dim(
      statsText(diffStats(hunks)) + (input.replace_all === true ? " (every occurrence)" : ""),
    ),
    ...renderHunks(hunks, { width: options.width, style: options.style, language }),
  ];
  return { title: `Edit ${shown}`, body };
}

function writeView(question: PermissionQuestion, options: RequestViewOptions): RequestView {
  const path = text(question.input.file_path);
  const shown = displayPath(path, options.cwd);
  const content = text(question.input.content);
  const current = options.fileText?.(path);
  const hunks = textHunks(current ?? "", content);
  const language = languageForPath(path);
  const lines = content === "" ? 0 : content.replace(/\n$/, "").split("\n").length;
  const head =
    current === undefined ? `New file, ${lines} line${lines === 1 ? "" : "s"}` : statsText(diffStats(hunks));
  return {
    title: `${current === undefined ? "Create" : "Overwrite"} ${shown}`,
    body: [
      options.style.dim(head),
      ...renderHunks(hunks, { width: options.width, style: options.style, language }),
    ],
  };
}

export function describeRequest(question: PermissionQuestion, options: RequestViewOptions): RequestView {
  const { input } = question;
  const { style, width } = options;
  switch (question.toolName) {
    case "Bash": {
      const body = text(input.command)
        .split("\n")
        .flatMap((line, index) => wrapWithPrefix(line, width, index === 0 ? "$ " : "  ", "  "))
        .map((line) => style.bold(line));
      if (text(input.description))
        body.push(...wrapWithPrefix(text(input.description), width, "", "").map(style.dim));
      return { title: "Run a shell command", body };
    }
    case "Edit":
      return editView(question, options);
    case "Write":
      return writeView(question, options);
    default: {
      const json = JSON.stringify(input, null, 2) ?? "{}";
      const body = json.split("\n").map((line) => style.dim(truncateLine(line, width)));
      return { title: question.toolName, body };
    }
  }
}
