// The one-line label of a tool call replayed from a resumed session's history, `Tool(keyArg)`,
// derived from the call's input alone (the live runner asks the tool itself): file paths are shown
// relative to the project, commands by their first line, long values are cut.
import { isAbsolute, relative } from "node:path";

export const KEY_ARG_MAX = 80;

/** `path` relative to `cwd` when it lies inside it; otherwise unchanged. */
export function displayPath(path: string, cwd: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(cwd, path);
  if (rel === "") return ".";
  if (rel === ".." || rel.startsWith("../") || isAbsolute(rel)) return path;
  return rel;
}

function oneLine(text: string, max: number): string {
  const lines = text.trim().split(/\r?\n/);
  const first = lines[0] ?? "";
  const more = lines.length > 1;
  if (first.length > max) return `${first.slice(0, Math.max(1, max - 1))}…`;
  return more ? `${first} …` : first;
}

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/** The key argument of a call's input, or "" when none stands out. */
function keyArg(input: Record<string, unknown>, cwd: string): string {
  const file = str(input.file_path) ?? str(input.notebook_path);
  if (file) return displayPath(file, cwd);
  const command = str(input.command);
  if (command) return command;
  const pattern = str(input.pattern);
  const path = str(input.path);
  if (pattern) return path ? `${pattern} in ${displayPath(path, cwd)}` : pattern;
  if (path) return displayPath(path, cwd);
  for (const key of ["skill", "url", "uri", "query", "description", "prompt"]) {
    const value = str(input[key]);
    if (value) return value;
  }
  const first = Object.values(input).find((value) => str(value) !== undefined);
  return typeof first === "string" ? first : "";
}

/** `Tool(keyArg)`, or just `Tool` when the input has no key argument. */
export function historyToolSummary(name: string, input: unknown, cwd: string): string {
  const record = input && typeof input === "object" && !Array.isArray(input) ? input : {};
  const key = keyArg(record as Record<string, unknown>, cwd);
  return key ? `${name}(${oneLine(key, KEY_ARG_MAX)})` : name;
}
