// Reads a JSON settings file with errors that name the file, the line and the column.
import { readFileSync } from "node:fs";
import { errnoCode, isNotFound, UsageError } from "../util/index.js";
import { jsonErrorOffset } from "./json-error-offset.js";

type JsonFile = { path: string; data: unknown };

function position(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text);
    const where = offset === undefined ? "" : ` (${position(text, offset)})`;
    const detail = message
      .replace(/ in JSON at position \d+.*$/s, "")
      .replace(/, ".*" is not valid JSON$/s, "");
    throw new UsageError(`${source}: invalid JSON${where}: ${detail}`);
  }
}

/** Returns undefined when the file does not exist; throws UsageError when it cannot be read or parsed. */
export function readJsonFile(path: string, displayPath = path): JsonFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw new UsageError(`${displayPath}: cannot read settings file (${errnoCode(error) ?? String(error)})`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a UTF-8 BOM (some Windows editors)
  if (text.trim() === "") return { path: displayPath, data: {} };
  return { path: displayPath, data: parseJsonText(text, displayPath) };
}
