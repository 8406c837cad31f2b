// Finished transcript entries as styled text: the user's prompt, assistant markdown, one compact
// line per tool call with its state and a collapsed preview of the result (an Edit/Write shows
// "Added N lines, removed M lines" and its hunks), hook notices marked with their source, and REPL
// messages. The detailed view (Ctrl+O) shows full inputs, outputs, diffs and the model's thinking. Pure.
import { diffStats, renderHunks, statsText } from "./diff-view.js";
import { languageForPath } from "./highlight.js";
import { renderMarkdown } from "./markdown.js";
import type { Style } from "./style.js";
import { truncateLine, wrapLine, wrapWithPrefix } from "./text-width.js";
import { displayPath } from "./tool-key-arg.js";
import { declinedMessage } from "./tool-outcome.js";
import type { Entry, ToolStatus } from "./transcript.js";

const PREVIEW_LINES = 3;
/** Diff lines shown for an Edit/Write in the compact view. */
export const DIFF_PREVIEW_LINES = 24;

type EntryOptions = { cwd?: string; detailed?: boolean };

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
function previewLines(content: string, width: number, max = PREVIEW_LINES): string[] {
  const lines = content.replace(/\r/g, "").split("\n");
  while (lines.length > 0 && lines.at(-1)?.trim() === "") lines.pop();
  const shown = lines.slice(0, max).map((line) => truncateLine(line.replace(/\t/g, "  "), width));
  if (lines.length > max) shown.push(`… +${lines.length - max} lines (ctrl+o to expand)`);
  return shown;
}

/** The line over a change the user refused: what they told the agent, if anything, and the file. */
function refusedHead(content: string, path: string): string {
  const said = declinedMessage(content);
  return said ? `Declined · told the agent: ${said}` : `Declined: you refused this change to ${path}`;
}

/** What the result says under the tool line: a decline in the user's words, else the preview. */
function resultPreview(entry: Extract<Entry, { kind: "tool" }>, width: number, detailed: boolean): string[] {
  if (entry.status === "denied" && entry.content.startsWith("The user declined")) {
    const said = declinedMessage(entry.content);
    return [said ? `Declined · told the agent: ${said}` : "Declined"];
  }
  if (detailed)
    return entry.content
      .replace(/\r/g, "")
      .trimEnd()
      .split("\n")
      .flatMap((line) => wrapLine(line, width));
  return previewLines(entry.content, width);
}

function toolLine(
  entry: Extract<Entry, { kind: "tool" }>,
  style: Style,
  width: number,
  options: EntryOptions = {},
): string {
  const label = STATUS_LABEL[entry.status];
  const head = `${statusMark(entry.status, style)} ${style.bold(entry.summary)}${
    label ? ` ${entry.status === "error" ? style.red(label) : style.yellow(label)}` : ""
  }${entry.durationMs === undefined ? "" : ` ${style.dim(seconds(entry.durationMs))}`}`;
  const lines = wrapWithPrefix(head, width, "", "  ");
  const inner = Math.max(10, width - 4);
  const detailed = options.detailed === true;
  if (detailed && entry.input)
    for (const line of JSON.stringify(entry.input, null, 2).split("\n"))
      lines.push(...wrapLine(style.dim(`    ${line}`), width));
  if (entry.patch && (entry.status === "ok" || entry.status === "denied")) {
    const path = typeof entry.input?.file_path === "string" ? entry.input.file_path : "";
    const diff = renderHunks(entry.patch, { width: inner, style, language: languageForPath(path) });
    const head =
      entry.status === "ok"
        ? statsText(diffStats(entry.patch))
        : refusedHead(entry.content, options.cwd ? displayPath(path, options.cwd) : path);
    lines.push(`${style.dim("  ⎿ ")}${head}`);
    const shown = detailed ? diff : diff.slice(0, DIFF_PREVIEW_LINES);
    for (const line of shown) lines.push(`    ${line}`);
    if (shown.length < diff.length)
      lines.push(style.dim(`    … +${diff.length - shown.length} lines (ctrl+o to expand)`));
    return lines.join("\n");
  }
  if (entry.step && !detailed && entry.status === "ok") return lines.join("\n");
  resultPreview(entry, inner, detailed).forEach((line, index) => {
    lines.push(style.dim(`${index === 0 ? "  ⎿ " : "    "}${line}`));
  });
  return lines.join("\n");
}

/** One dim line ("Thought for 4s"); the detailed view adds the thought itself, dim and italic. Redacted
 *  thinking has no text to show. */
function thinkingText(
  entry: Extract<Entry, { kind: "thinking" }>,
  style: Style,
  width: number,
  detailed: boolean,
): string {
  const head = entry.seconds === undefined ? "✻ Thought" : `✻ Thought for ${entry.seconds}s`;
  if (entry.text.trim() === "") return style.dim(head);
  if (!detailed) return style.dim(`${head} (ctrl+o to expand)`);
  const body = wrapWithPrefix(entry.text.trim(), width, "  ", "  ").map((line) =>
    style.dim(style.italic(line)),
  );
  return [style.dim(`${head}:`), ...body].join("\n");
}

export function entryText(entry: Entry, style: Style, width: number, options: EntryOptions = {}): string {
  switch (entry.kind) {
    case "user":
      return wrapWithPrefix(
        entry.text,
        width,
        entry.shell ? style.bold(style.magenta("! ")) : style.bold("> "),
        "  ",
      )
        .map((line) => style.bold(line))
        .join("\n");
    case "assistant":
      return renderMarkdown(entry.text, { width, style }).join("\n");
    case "thinking":
      return thinkingText(entry, style, width, options.detailed === true);
    case "tool":
      return toolLine(entry, style, width, options);
    case "hook": {
      const paint =
        entry.level === "error" ? style.red : entry.level === "message" ? style.cyan : style.yellow;
      const head = paint(`⚑ ${entry.label}`);
      const body = wrapWithPrefix(entry.text, width, "  ", "  ");
      return [...wrapLine(head, width), ...body].join("\n");
    }
    case "info":
      return wrapWithPrefix(entry.text, width, "", "").map(style.dim).join("\n");
    case "summary":
      return options.detailed
        ? [
            style.dim("Summary of the earlier conversation:"),
            ...renderMarkdown(entry.text, { width, style }),
          ].join("\n")
        : style.dim("(earlier conversation summarised · ctrl+o to read the summary)");
    case "feedback":
      return style.dim(entry.text);
    case "warning":
      return wrapWithPrefix(entry.text, width, style.yellow("! "), "  ").join("\n");
    case "error":
      return wrapWithPrefix(entry.text, width, style.red("✗ "), "  ").map(style.red).join("\n");
  }
}
