// Reads frontmatter that strict YAML refuses the way people meant it, one `key: value` line at a time:
// each top-level entry (its line and the indented lines under it) is read as YAML on its own, and an
// entry YAML cannot read is taken as the text written after `key:` (a quoted value unquoted, `- item`
// lines as a list), with a warning naming its line. Published agents write descriptions such as
// `Triggers on: 'GDPR', …` or `Examples:\n<example>…` that no YAML parser accepts; Claude Code loads them.
import { parseDocument } from "yaml";

export type FrontmatterWarning = { line: number; message: string };

/** The fields Claude Code reads in agent, command, skill and output-style frontmatter: while an entry
 *  is unreadable, a following `word: …` line starts a new field only when it names one of these (the
 *  `user: "…"` lines of an example inside a description are part of that description). */
const FIELD_NAMES = new Set(
  [
    "name description when_to_use prompt model effort color version license metadata",
    "tools disallowedTools allowed-tools argument-hint arguments skills hooks mcpServers memory",
    "permissionMode maxTurns background isolation initialPrompt context agent paths shell",
    "disable-model-invocation user-invocable hide-from-slash-command-tool keep-coding-instructions",
  ]
    .join(" ")
    .split(" "),
);

const KEY_LINE = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]|$)(.*)$/;

type Entry = { key: string; line: number; rest: string; lines: string[] };

/** YAML's reading of `text`: its value, or its first problem (with the line in `text`, from 1). */
export function readYaml(
  text: string,
  options: { uniqueKeys: boolean } = { uniqueKeys: true },
): { kind: "ok"; value: unknown } | { kind: "error"; line: number; message: string } {
  const document = parseDocument(text, options);
  const problem = document.errors[0];
  if (!problem) return { kind: "ok", value: document.toJS() };
  const message = problem.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ?? "";
  return { kind: "error", line: problem.linePos?.[0]?.line ?? 1, message };
}

/** The entry read as YAML on its own, or the reason it cannot be. */
function readEntry(entry: Entry): { value: unknown } | { problem: string } {
  const read = readYaml(entry.lines.join("\n"), { uniqueKeys: false });
  if (read.kind === "error") return { problem: read.message };
  const value = read.value;
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { problem: "not a `key: value` line" };
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== entry.key) return { problem: "more than one field on this line" };
  return { value: (value as Record<string, unknown>)[entry.key] };
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return /^(["']).*\1$/s.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}

/** What was written after `key:`: the text (continuation lines joined by newlines), or `- item` lines. */
function writtenValue(entry: Entry): string | string[] {
  const more = entry.lines.slice(1).filter((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  if (entry.rest.trim() === "" && more.length > 0 && more.every((line) => /^\s*-(\s|$)/.test(line)))
    return more.map((line) => unquote(line.replace(/^\s*-\s?/, "")));
  return unquote([entry.rest, ...entry.lines.slice(1).map((line) => line.trim())].join("\n"));
}

/** Splits the header into entries: a `key:` line at column 0 and the lines that belong to it. */
function entriesOf(header: readonly string[], firstLine: number, warnings: FrontmatterWarning[]): Entry[] {
  const entries: Entry[] = [];
  for (const [index, line] of header.entries()) {
    const match = KEY_LINE.exec(line);
    const current = entries.at(-1);
    const startsField =
      match?.[1] !== undefined &&
      (current === undefined || FIELD_NAMES.has(match[1]) || !("problem" in readEntry(current)));
    if (match?.[1] !== undefined && startsField) {
      entries.push({ key: match[1], line: firstLine + index, rest: match[2] ?? "", lines: [line] });
    } else if (current) current.lines.push(line);
    else if (line.trim() !== "" && !line.trim().startsWith("#"))
      warnings.push({ line: firstLine + index, message: "not a `key: value` line; ignored" });
  }
  return entries;
}

/**
 * The fields of a header (the lines between the `---` lines, the first of them at file line
 * `firstLine`). Fields in `asWritten` are always the text after `key:` (`argument-hint: [pr] [n]`).
 */
export function readFrontmatterLines(
  header: readonly string[],
  firstLine: number,
  asWritten: readonly string[],
): { fields: Record<string, unknown>; lines: Record<string, number>; warnings: FrontmatterWarning[] } {
  const warnings: FrontmatterWarning[] = [];
  const fields: Record<string, unknown> = {};
  const lines: Record<string, number> = {};
  for (const entry of entriesOf(header, firstLine, warnings)) {
    lines[entry.key] = entry.line;
    if (asWritten.includes(entry.key)) {
      fields[entry.key] = writtenValue(entry);
      continue;
    }
    const read = readEntry(entry);
    if ("value" in read) {
      fields[entry.key] = read.value;
      continue;
    }
    fields[entry.key] = writtenValue(entry);
    warnings.push({
      line: entry.line,
      message: `YAML cannot read \`${entry.key}:\` (${read.problem}), so it is taken as the text written after it; put the value in double quotes to silence this`,
    });
  }
  return { fields, lines, warnings };
}
