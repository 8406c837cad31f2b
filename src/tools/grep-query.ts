// The shared shape of a Grep search, for both backends (ripgrep and the pure-JS fallback): the
// query, the per-file result, the path order both produce, and the rules for `glob` arguments.
import picomatch from "picomatch";

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
  /** Files a Read deny rule hides: never read, so nothing in the outcome depends on them. */
  hidden?: HiddenFiles;
};

/** `file`: whether this absolute path is hidden; `mayBeBelow`: whether any hidden file may lie below
 *  the root at all (false lets a backend skip sorting them out). */
export type HiddenFiles = { file(absolutePath: string): boolean; mayBeBelow: boolean };

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
  for (const [index, part] of left.entries()) {
    const other = right[index];
    if (other === undefined) break;
    if (part !== other) return part < other ? -1 : 1;
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

type GlobRule = { negated: boolean; test: (relative: string) => boolean };

export function globRules(globs: string[]): GlobRule[] {
  return globs.map((glob) => {
    const negated = glob.startsWith("!");
    const body = (negated ? glob.slice(1) : glob).replace(/^\//, "");
    const basenameOnly = !body.replace(/\/$/, "").includes("/");
    const matcher = picomatch(body.replace(/\/$/, ""), { dot: true, basename: basenameOnly });
    return { negated, test: (relative: string) => matcher(relative) };
  });
}

/** rg override semantics: the last matching glob decides; with any positive glob, files must match one. */
export function selectedByGlobs(relative: string, rules: GlobRule[]): boolean {
  const segments = relative.split("/");
  for (let depth = 1; depth < segments.length; depth++) {
    const folder = segments.slice(0, depth).join("/");
    const last = rules.findLast((rule) => rule.test(folder));
    if (last?.negated) return false;
  }
  const last = rules.findLast((rule) => rule.test(relative));
  if (last) return !last.negated;
  return !rules.some((rule) => !rule.negated);
}
