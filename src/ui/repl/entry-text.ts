// Finished transcript entries as styled text: the user's prompt, assistant markdown, one compact
// line per tool call with its state and a collapsed preview of the result, hook notices marked
// with their source, and REPL messages. Pure, so layout is testable at any width.
import { renderMarkdown } from "./markdown.js";
import type { Style } from "./style.js";
import { wrapLine, wrapWithPrefix } from "./text-width.js";
import type { Entry, ToolStatus } from "./transcript.js";

export const PREVIEW_LINES = 3;

const STATUS_LABEL: Record<ToolStatus, string> = {
  ok: "",
  error: "error",
  denied: "denied",
  blocked: "blocked by hook",
  interrupted: "interrupted",
};

function statusMark(status: ToolStatus, style: Style): string {
  switch (status) {
    case "ok":
      return style.green("✓");
    case "error":
      return style.red("✗");
    case "denied":
      return style.yellow("⊘");
    case "blocked":
      return style.yellow("⊘");
    case "interrupted":
      return style.dim("■");
  }
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** The first few non-empty lines of a tool result, each cut to the width, plus "… +N lines". */
export function previewLines(content: string, width: number, max = PREVIEW_LINES): string[] {
  const lines = content.replace(/\r/g, "").split("\n");
  while (lines.length > 0 && lines.at(-1)?.trim() === "") lines.pop();
  const shown = lines.slice(0, max).map((line) => {
    const clean = line.replace(/\t/g, "  ").replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");
    return clean.length > width ? `${clean.slice(0, Math.max(1, width - 1))}…` : clean;
  });
  if (lines.length > max) shown.push(`… +${lines.length - max} lines`);
  return shown;
}

export function toolLine(entry: Extract<Entry, { kind: "tool" }>, style: Style, width: number): string {
  const label = STATUS_LABEL[entry.status];
  const head = `${statusMark(entry.status, style)} ${style.bold(entry.summary)}${
    label ? ` ${entry.status === "error" ? style.red(label) : style.yellow(label)}` : ""
  }${entry.durationMs === undefined ? "" : ` ${style.dim(seconds(entry.durationMs))}`}`;
  const lines = wrapWithPrefix(head, width, "", "  ");
  const preview = previewLines(entry.content, Math.max(10, width - 4));
  preview.forEach((line, index) => {
    lines.push(style.dim(`${index === 0 ? "  ⎿ " : "    "}${line}`));
  });
  return lines.join("\n");
}

export function entryText(entry: Entry, style: Style, width: number): string {
  switch (entry.kind) {
    case "user":
      return wrapWithPrefix(entry.text, width, style.bold("> "), "  ")
        .map((line) => style.bold(line))
        .join("\n");
    case "assistant":
      return renderMarkdown(entry.text, { width, style }).join("\n");
    case "tool":
      return toolLine(entry, style, width);
    case "hook": {
      const paint =
        entry.level === "error" ? style.red : entry.level === "message" ? style.cyan : style.yellow;
      const head = paint(`⚑ ${entry.label}`);
      const body = wrapWithPrefix(entry.text, width, "  ", "  ");
      return [...wrapLine(head, width), ...body].join("\n");
    }
    case "info":
      return wrapWithPrefix(entry.text, width, "", "").map(style.dim).join("\n");
    case "warning":
      return wrapWithPrefix(entry.text, width, style.yellow("! "), "  ").join("\n");
    case "error":
      return wrapWithPrefix(entry.text, width, style.red("✗ "), "  ").map(style.red).join("\n");
  }
}
