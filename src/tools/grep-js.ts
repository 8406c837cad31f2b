// Pure-JS Grep backend, used when the ripgrep binary is unavailable: the same file selection as
// ripgrep (gitignore-aware walk, hidden files, .git skipped, rg-style globs and types, binary files
// skipped) and the same line semantics (per-line matching, or whole-file with `multiline`).
import { promises as fs } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { errorMessage, present } from "../util/index.js";
import { walkFiles } from "./glob-walk.js";
import {
  comparePaths,
  type GrepBackend,
  type GrepFileMatch,
  type GrepLine,
  type GrepOutcome,
  type GrepQuery,
  globRules,
  selectedByGlobs,
} from "./grep-query.js";
import { translateRegex } from "./grep-regex.js";
import { FILE_TYPES } from "./grep-types.js";

type Compiled = { ok: true; regex: RegExp } | { ok: false; message: string };

function compilePattern(pattern: string, ignoreCase: boolean, multiline: boolean): Compiled {
  if (!multiline && /\n|\\n/.test(pattern)) {
    return {
      ok: false,
      message: 'the literal "\\n" is not allowed in a regex; set multiline to true to match across lines',
    };
  }
  const translated = translateRegex(pattern, { ignoreCase, dotAll: multiline, multiLine: multiline });
  if (!translated.ok) return translated;
  const { source, flags: wanted } = translated;
  const flags = `${multiline ? "g" : ""}${wanted.ignoreCase ? "i" : ""}${wanted.multiLine ? "m" : ""}${wanted.dotAll ? "s" : ""}`;
  try {
    return { ok: true, regex: new RegExp(source, `${flags}u`) };
  } catch {
    try {
      return { ok: true, regex: new RegExp(source, flags) };
    } catch (error) {
      return { ok: false, message: errorMessage(error) };
    }
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1))
    starts.push(index + 1);
  if (starts[starts.length - 1] === text.length && text.length > 0) starts.pop();
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (present(starts[middle], "a middle index lies within the line starts") <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Searches one file's text; returns undefined when nothing matches. */
function searchText(text: string, regex: RegExp, query: GrepQuery): Omit<GrepFileMatch, "path"> | undefined {
  const starts = lineStarts(text);
  const lineText = (index: number) => {
    const next = starts[index + 1];
    const end = next === undefined ? text.length : next - 1;
    return text.slice(starts[index], end).replace(/\n$/, "");
  };
  const matchLines = new Set<number>();
  let count = 0;
  if (query.multiline) {
    let groupEnd = -1;
    for (const match of text.matchAll(regex)) {
      const start = lineOf(starts, match.index ?? 0);
      const end = lineOf(starts, (match.index ?? 0) + Math.max(match[0].length, 1) - 1);
      if (start > groupEnd) count++;
      groupEnd = Math.max(groupEnd, end);
      for (let line = start; line <= end; line++) matchLines.add(line);
    }
  } else {
    for (let index = 0; index < starts.length; index++) {
      if (regex.test(lineText(index))) matchLines.add(index);
    }
    count = matchLines.size;
  }
  if (matchLines.size === 0) return undefined;
  const lines: GrepLine[] = [];
  if (query.mode === "content") {
    const shown = new Set<number>();
    for (const line of matchLines) {
      const first = Math.max(0, line - query.before);
      const last = Math.min(starts.length - 1, line + query.after);
      for (let index = first; index <= last; index++) shown.add(index);
    }
    for (const index of [...shown].sort((a, b) => a - b)) {
      lines.push({
        lineNumber: index + 1,
        text: lineText(index).replace(/\r$/, ""),
        isMatch: matchLines.has(index),
      });
    }
  }
  return { count, lines };
}

async function candidateFiles(query: GrepQuery): Promise<string[] | GrepOutcome> {
  const hidden = query.hidden;
  if (query.rootIsFile) return hidden?.file(query.root) ? [] : [query.root];
  const rules = globRules(query.globs);
  let typeMatcher: ((relative: string) => boolean) | undefined;
  if (query.type) {
    const globs = FILE_TYPES[query.type];
    if (!globs) return { kind: "invalid_type", message: `unrecognized file type: ${query.type}` };
    typeMatcher = picomatch(globs, { dot: true, basename: true });
  }
  const files = await walkFiles({ root: query.root, patterns: ["**/*"], signal: query.signal });
  return files
    .filter((file) => {
      const relative = path.relative(query.root, file);
      return (
        selectedByGlobs(relative, rules) && (!typeMatcher || typeMatcher(relative)) && !hidden?.file(file)
      );
    })
    .sort(comparePaths);
}

export function createJavascriptGrepBackend(): GrepBackend {
  return {
    name: "javascript",
    async search(query) {
      const compiled = compilePattern(query.pattern, query.ignoreCase, query.multiline);
      if (!compiled.ok) return { kind: "invalid_regex", message: compiled.message };
      const candidates = await candidateFiles(query);
      if (!Array.isArray(candidates)) return candidates;
      const results: GrepFileMatch[] = [];
      let lineCount = 0;
      const batchSize = 32;
      for (let start = 0; start < candidates.length; start += batchSize) {
        if (query.signal.aborted) break;
        const batch = await Promise.all(
          candidates.slice(start, start + batchSize).map(async (file) => {
            const text = await fs.readFile(file, "utf8").catch(() => undefined);
            if (text === undefined || text.includes("\0")) return undefined;
            const found = searchText(text, compiled.regex, query);
            return found ? { path: file, ...found } : undefined;
          }),
        );
        for (const found of batch) {
          if (!found) continue;
          results.push(found);
          lineCount += found.lines.length;
          if (query.mode === "content" && lineCount > query.maxLines) {
            return { kind: "ok", files: results, complete: false };
          }
        }
      }
      return { kind: "ok", files: results, complete: true };
    },
  };
}
