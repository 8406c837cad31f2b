// The shared shape of a Grep search, for both backends (ripgrep and the pure-JS fallback): the
// query, the per-file result, the path order both produce, and the rules for `glob` arguments.

export type GrepMode = "files_with_matches" | "content" | "count";

export type GrepQuery = {
  pattern: string;
  /** Absolute path of the folder or file to search. */
  root: string;
  rootIsFile: boolean;
  /** rg-style globs (`*.ts`, `!vendor/**`); later ones take precedence. */
  globs: string[];
  type?: string;
  ignoreCase: boolean;
  multiline: boolean;
  mode: GrepMode;
  before: number;
  after: number;
  /** content mode: stop after collecting more than this many lines (match and context). */
  maxLines: number;
  signal: AbortSignal;
};

export type GrepLine = { lineNumber: number; text: string; isMatch: boolean };

/** One file with matches: `count` is the number of matching lines (multi-line matches count once);
 *  `lines` (content mode only) holds match and context lines in order. */
export type GrepFileMatch = { path: string; count: number; lines: GrepLine[] };

export type GrepOutcome =
  | { kind: "ok"; files: GrepFileMatch[]; complete: boolean }
  | { kind: "invalid_regex"; message: string }
  | { kind: "invalid_type"; message: string }
  | { kind: "error"; message: string };

export interface GrepBackend {
  readonly name: "ripgrep" | "javascript";
  search(query: GrepQuery): Promise<GrepOutcome>;
}

/** Orders paths folder by folder, by name (ripgrep's `--sort path`). */
export function comparePaths(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return left[index] < right[index] ? -1 : 1;
  }
  return left.length - right.length;
}

/** Splits the Grep `glob` argument into globs: whitespace or commas outside braces separate them. */
export function splitGlobs(glob: string | undefined): string[] {
  if (!glob) return [];
  const globs: string[] = [];
  let current = "";
  let depth = 0;
  for (const character of glob) {
    if (character === "{") depth++;
    if (character === "}") depth = Math.max(0, depth - 1);
    if ((character === "," && depth === 0) || /\s/.test(character)) {
      if (current !== "") globs.push(current);
      current = "";
    } else current += character;
  }
  if (current !== "") globs.push(current);
  return globs;
}
