// A word of a command as the gate knows it after expansion: its value when certain, or unknown
// (an expansion, a substitution's output, a glob or brace pattern), and whether it may split into
// several words. Plus the option scanner the command models share (GNU style: options may follow
// operands until `--`), and the types a command model returns: file accesses and reasons.
import { globKind } from "./bash-glob.js";
import type { Word } from "./bash-syntax.js";

/**
 * How generous the read-only fast path may be: "enforced" where the sandbox's read-only profile
 * contains what the command does (a misreading fails harmlessly), "strict" where nothing does (only
 * the token-exact allow-list of known-safe forms counts as read-only).
 */
export type FastPath = "enforced" | "strict";

export type ShellWord = {
  /** The word's value when it is known with certainty, else null. */
  value: string | null;
  /** As written (quotes kept). */
  raw: string;
  /** An unquoted expansion or pattern: it may become no word or several words. */
  splits: boolean;
  /** For a word that is only a pathname pattern (`src/*.ts`): the pattern, quoted parts escaped. */
  glob?: string;
};

type AccessMode = "read" | "list" | "write";

/** A file a command touches: `path` is the real path, null when it cannot be known with certainty. */
export type Access = {
  path: string | null;
  /** The path as written, for messages. */
  raw: string;
  mode: AccessMode;
  /** Everything below a folder is read or written (grep -r, rm -r, cp -r). */
  recursive: boolean;
  /** Who touches it, e.g. "the redirection >", "cp". */
  by: string;
  /** Why the path is not certain (set when `path` is null or its meaning may change). */
  uncertain?: string;
};

/** What the gate knows about one simple command's program. */
export type CommandModel = {
  /** true when provably read-only; else why not. */
  readOnly: true | string;
  accesses: Access[];
  /** Reasons the command is not understood with certainty. */
  reasons: string[];
};

/** The model of a command whose words could not be read with certainty (`problem`): not read-only,
 *  no known accesses, and uncertain, naming what is unknown (`"the files it reads"`). */
export function unreadableModel(problem: string, unknown: string): CommandModel {
  return { readOnly: problem, accesses: [], reasons: [`${problem}, so ${unknown} are not known`] };
}

/** One character of a word's unquoted skeleton, or an expansion (its value is not known here). */
type Token = { char: string; quoted: boolean } | { expansion: true };

function tokensOf(word: Word): Token[] {
  const tokens: Token[] = [];
  for (const part of word.parts) {
    if (part.kind === "text") for (const char of part.value) tokens.push({ char, quoted: part.quoted });
    else tokens.push({ expansion: true });
  }
  return tokens;
}

const unquoted = (token: Token | undefined, chars: string): boolean =>
  token !== undefined && "char" in token && !token.quoted && chars.includes(token.char);

/** Brace expansion, decided on the unquoted skeleton: an unquoted `{`, later an unquoted `,` or `..`,
 *  later an unquoted `}` (quoted parts in between still split: `{"../x",y}` is two words). */
function hasBraceExpansion(tokens: Token[]): boolean {
  const open = tokens.findIndex((token) => unquoted(token, "{"));
  if (open < 0) return false;
  for (let index = open + 1; index < tokens.length; index += 1) {
    const separator =
      unquoted(tokens[index], ",") || (unquoted(tokens[index], ".") && unquoted(tokens[index + 1], "."));
    if (separator) return tokens.slice(index + 1).some((token) => unquoted(token, "}"));
  }
  return false;
}

/**
 * Tilde expansion bash would do that the gate does not compute: a tilde prefix other than a lone `~`
 * (`~user`, `~+`, `~"x"`), or a `~` after `=` or `:` in a word shaped like an assignment (`a=~/x`).
 */
function unknownTilde(tokens: Token[]): boolean {
  const first = tokens[0];
  if (unquoted(first, "~")) {
    const next = tokens[1];
    if (next !== undefined && !unquoted(next, "/")) return true;
  }
  let name = 0;
  while (unquoted(tokens[name], "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")) name += 1;
  if (name === 0 || /[0-9]/.test((tokens[0] as { char: string }).char) || !unquoted(tokens[name], "="))
    return false;
  return tokens.some(
    (token, index) => index > name && unquoted(token, "~") && unquoted(tokens[index - 1], "=:"),
  );
}

export function wordOf(word: Word, homeDir: string): ShellWord {
  const unknown = (splits: boolean): ShellWord => ({ value: null, raw: word.raw, splits });
  const tokens = tokensOf(word);
  // Unquoted expansions are split and globbed; a process substitution is one /dev/fd path.
  const splitting = word.parts.some(
    (part) => part.kind !== "text" && part.kind !== "process" && !part.quoted,
  );
  if (hasBraceExpansion(tokens)) return unknown(true);
  if (unknownTilde(tokens)) return unknown(splitting);
  const home = unquoted(tokens[0], "~");
  const rest = home ? tokens.slice(1) : tokens;
  const prefix = home ? homeDir : "";
  const wildcard = rest.some((token) => unquoted(token, "*?["));
  if (rest.some((token) => "expansion" in token)) return unknown(splitting || wildcard);
  const chars = rest as { char: string; quoted: boolean }[];
  const text = prefix + chars.map((token) => token.char).join("");
  if (!wildcard) return { value: text, raw: word.raw, splits: false };
  const escapedPrefix = prefix.replace(/[*?[\]\\]/g, "\\$&");
  const glob =
    escapedPrefix +
    chars.map((token) => (token.quoted || token.char === "\\" ? `\\${token.char}` : token.char)).join("");
  const kind = globKind(glob);
  if (kind.kind === "literal") return { value: kind.text, raw: word.raw, splits: false };
  if (kind.kind === "unknown") return unknown(true);
  return { value: null, raw: word.raw, splits: true, glob };
}

export type OptionSpec = {
  /** Short options without a value, e.g. "rfv". */
  flags?: string;
  /** Short options taking a value, e.g. "t". */
  valued?: string;
  /** Long options without a value (an optional `=value` is accepted when listed in `optionalValue`). */
  long?: string[];
  /** Long options taking a value (`--name=value` or `--name value`). */
  longValued?: string[];
  /** Long options whose value is optional (only as `--name=value`). */
  optionalValue?: string[];
  /** Long options taking two values (`jq --arg name value`). */
  longTwoValues?: string[];
  /** `-20` style numbers are options (head, tail). */
  numbers?: boolean;
  /** Options end at the first operand (POSIX style) instead of anywhere before `--`. */
  stopAtOperand?: boolean;
};

export type ScannedOptions = {
  /** Option name (without dashes; long names as `--name`) → value (true for flags). */
  options: Map<string, string | true>;
  /** Every value given to a valued option, in order (an option given twice keeps both). */
  values: [string, string][];
  operands: ShellWord[];
  /** Why the options are not understood (an unknown option, an unknown word where options may be). */
  problem?: string;
};

/** Scans words (after the program name) with GNU option rules. */
export function scanOptions(words: ShellWord[], spec: OptionSpec, program: string): ScannedOptions {
  const map = new Map<string, string | true>();
  const values: [string, string][] = [];
  const scan: OptionScan = {
    words,
    spec,
    program,
    index: 0,
    set(name, value) {
      map.set(name, value);
      if (value !== true) values.push([name, value]);
    },
  };
  const operands: ShellWord[] = [];
  let ended = false;
  const problem = (text: string): ScannedOptions => ({ options: map, values, operands, problem: text });
  while (scan.index < words.length) {
    const word = words[scan.index];
    if (word === undefined) break;
    scan.index += 1;
    if (ended) {
      operands.push(word);
      continue;
    }
    if (word.value === null) {
      if (word.splits || !spec.stopAtOperand || operands.length === 0) {
        return problem(`${word.raw} (an expansion) could be an option of ${program}`);
      }
      operands.push(word);
      continue;
    }
    const text = word.value;
    if (text === "--") {
      ended = true;
      continue;
    }
    if (!text.startsWith("-") || text === "-") {
      operands.push(word);
      if (spec.stopAtOperand) ended = true;
      continue;
    }
    if (text.startsWith("--")) {
      const notUnderstood = scanLongOption(scan, text);
      if (notUnderstood !== undefined) return problem(notUnderstood);
      continue;
    }
    if (spec.numbers && /^-\d+$/.test(text)) {
      scan.set("n", text.slice(1));
      continue;
    }
    const notUnderstood = scanShortOptions(scan, text);
    if (notUnderstood !== undefined) return problem(notUnderstood);
  }
  return { options: map, values, operands };
}

/** One option scan in progress: `index` is the next word (an option's value takes the words it reads). */
type OptionScan = {
  readonly words: ShellWord[];
  readonly spec: OptionSpec;
  readonly program: string;
  index: number;
  set(name: string, value: string | true): void;
};

/** `--name`, `--name=value` or `--name value …`; why it is not understood, or undefined. */
function scanLongOption(scan: OptionScan, text: string): string | undefined {
  const { words, spec, program } = scan;
  const [name, inline] = splitLong(text);
  if (spec.longTwoValues?.includes(name) && inline === undefined) {
    const values = [words[scan.index]?.value, words[scan.index + 1]?.value];
    if (values.some((value) => value === null || value === undefined)) {
      return `the values of ${program} --${name} come from expansions`;
    }
    scan.set(`--${name}`, values.join("\0"));
    scan.index += 2;
  } else if (spec.longValued?.includes(name)) {
    if (inline !== undefined) scan.set(`--${name}`, inline);
    else {
      const value = words[scan.index]?.value;
      if (value === null || value === undefined)
        return `the value of ${program} --${name} comes from an expansion`;
      scan.set(`--${name}`, value);
      scan.index += 1;
    }
  } else if (spec.long?.includes(name) && inline === undefined) scan.set(`--${name}`, true);
  else if (spec.optionalValue?.includes(name)) scan.set(`--${name}`, inline ?? true);
  else return `the option --${name} of ${program} is not understood`;
  return undefined;
}

/** A cluster of short options (`-rf`, `-n5`, `-t dir`); why it is not understood, or undefined. */
function scanShortOptions(scan: OptionScan, text: string): string | undefined {
  const { words, spec, program } = scan;
  for (let at = 1; at < text.length; at += 1) {
    const letter = text.charAt(at);
    if (spec.valued?.includes(letter)) {
      const rest = text.slice(at + 1);
      if (rest !== "") scan.set(letter, rest);
      else {
        const value = words[scan.index]?.value;
        if (value === null || value === undefined)
          return `the value of ${program} -${letter} comes from an expansion`;
        scan.set(letter, value);
        scan.index += 1;
      }
      return undefined;
    }
    if (!spec.flags?.includes(letter)) return `the option -${letter} of ${program} is not understood`;
    scan.set(letter, true);
  }
  return undefined;
}

function splitLong(text: string): [string, string | undefined] {
  const equals = text.indexOf("=");
  return equals < 0 ? [text.slice(2), undefined] : [text.slice(2, equals), text.slice(equals + 1)];
}

/** Whether any of the named options was given (short letters or `--long` names). */
export function hasOption(scanned: ScannedOptions, ...names: string[]): boolean {
  return names.some((name) => scanned.options.has(name));
}

/** A path resolved against the shell's folder at that point: null when it cannot be known. */
type ResolvedAccess = { path: string | null; isDirectory: boolean; uncertain?: string };

/** Resolves a path as written to the real path the command will touch (see bash-analysis.ts). */
export type PathResolver = (text: string) => ResolvedAccess;

export function accessOf(
  resolve: PathResolver,
  word: ShellWord,
  mode: AccessMode,
  by: string,
  recursive = false,
): Access {
  if (word.value === null) {
    const uncertain = `${word.raw} (an expansion or a pattern) is a path of ${by}`;
    return { path: null, raw: word.raw, mode, recursive, by, uncertain };
  }
  const resolved = resolve(word.value);
  return { path: resolved.path, raw: word.raw, mode, recursive, by, uncertain: resolved.uncertain };
}
