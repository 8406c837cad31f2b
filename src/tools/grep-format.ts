// Turns a Grep outcome into the text the model reads, identically for both backends: files in path
// order, ripgrep-like `path:line:text` content lines with `--` between separate blocks, per-file
// counts, and caps (entries and characters) that say what was left out and how to narrow down.
import { truncateHead } from "../util/index.js";
import { comparePaths, type GrepFileMatch, type GrepMode } from "./grep-query.js";
import { displayPath } from "./paths.js";

export const DEFAULT_HEAD_LIMIT = 250;
const MAX_GREP_CHARS = 30_000;
const MAX_GREP_LINE_CHARS = 500;

type FormatOptions = {
  mode: GrepMode;
  cwd: string;
  headLimit: number;
  lineNumbers: boolean;
  withContext: boolean;
  complete: boolean;
};

type GrepData = {
  mode: GrepMode;
  numFiles: number;
  filenames: string[];
  numLines?: number;
  numMatches?: number;
  content?: string;
  truncated: boolean;
};

function clip(text: string): string {
  if (text.length <= MAX_GREP_LINE_CHARS) return text;
  return `${text.slice(0, MAX_GREP_LINE_CHARS)}… [${text.length - MAX_GREP_LINE_CHARS} more characters]`;
}

function contentLines(files: GrepFileMatch[], options: FormatOptions): string[] {
  const out: string[] = [];
  for (const file of files) {
    const shown = displayPath(file.path, options.cwd);
    let previous: number | undefined;
    for (const line of file.lines) {
      if (
        options.withContext &&
        out.length > 0 &&
        (previous === undefined || line.lineNumber > previous + 1)
      ) {
        out.push("--");
      }
      const separator = line.isMatch ? ":" : "-";
      const number = options.lineNumbers ? `${line.lineNumber}${separator}` : "";
      out.push(`${shown}${separator}${number}${clip(line.text)}`);
      previous = line.lineNumber;
    }
  }
  return out;
}

export function formatGrep(
  unsorted: GrepFileMatch[],
  options: FormatOptions,
): { text: string; data: GrepData } {
  const files = [...unsorted].sort((a, b) => comparePaths(a.path, b.path));
  const filenames = files.map((file) => displayPath(file.path, options.cwd));
  let entries: string[];
  if (options.mode === "files_with_matches") entries = filenames;
  else if (options.mode === "count")
    entries = files.map((file, index) => `${filenames[index]}:${file.count}`);
  else entries = contentLines(files, options);
  const shown = entries.slice(0, options.headLimit);
  const omitted = entries.length - shown.length;
  const totalMatches = files.reduce((sum, file) => sum + file.count, 0);
  let header = "";
  let footer = "";
  if (options.mode === "files_with_matches")
    header = `Found ${files.length} file${files.length === 1 ? "" : "s"}\n`;
  if (options.mode === "count") {
    footer = `\n\nFound ${totalMatches} matching line${totalMatches === 1 ? "" : "s"} in ${files.length} file${files.length === 1 ? "" : "s"}.`;
  }
  if (omitted > 0 || !options.complete) {
    const what = options.mode === "content" ? "lines" : "entries";
    const count = options.complete ? `${omitted} more ${what} omitted` : `more ${what} omitted`;
    footer += `\n\n[Output capped at ${shown.length} ${what} (${count}). Narrow the search with path, glob or type, or raise head_limit.]`;
  }
  const text = truncateHead(
    header + shown.join("\n") + footer,
    MAX_GREP_CHARS,
    "output capped; narrow the search",
  );
  const data: GrepData = {
    mode: options.mode,
    numFiles: files.length,
    filenames: filenames.slice(0, options.headLimit),
    truncated: omitted > 0 || !options.complete,
  };
  if (options.mode === "content") {
    data.numLines = shown.length;
    data.content = shown.join("\n");
  }
  if (options.mode === "count") data.numMatches = totalMatches;
  return { text, data };
}
