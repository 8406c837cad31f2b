// Translation of ripgrep (Rust regex) syntax into a JavaScript RegExp for the pure-JS Grep backend:
// leading inline flags such as `(?i)` or a whole-pattern `(?is:…)` become JS flags, `(?x)` drops
// whitespace and comments, `(?P<name>` becomes `(?<name>`, and `{` must start a valid counted
// repetition, as in ripgrep. What JS cannot express is reported by name instead of silently differing.

import { present } from "../util/index.js";

type RegexFlags = { ignoreCase: boolean; dotAll: boolean; multiLine: boolean };

type Translation = { ok: true; source: string; flags: RegexFlags } | { ok: false; message: string };

/** Index just past the `]` closing the class opened at `start` (pattern length when unclosed). */
function classEnd(pattern: string, start: number): number {
  let index = start + 1;
  if (pattern[index] === "^") index++;
  if (pattern[index] === "]") index++;
  for (; index < pattern.length; index++) {
    if (pattern[index] === "\\") index++;
    else if (pattern[index] === "[") index = classEnd(pattern, index) - 1;
    else if (pattern[index] === "]") return index + 1;
  }
  return pattern.length;
}

/** Index of the `)` closing the group opened at `open`, or -1. */
function groupEnd(pattern: string, open: number): number {
  let depth = 0;
  for (let index = open; index < pattern.length; index++) {
    const character = pattern[index];
    if (character === "\\") index++;
    else if (character === "[") index = classEnd(pattern, index) - 1;
    else if (character === "(") depth++;
    else if (character === ")" && --depth === 0) return index;
  }
  return -1;
}

const FLAG_GROUP = /^\(\?([A-Za-z-]+)([:)])/;

/** Applies flag letters like `is-m`; returns an error message for what JS cannot do. */
function applyFlags(letters: string, flags: RegexFlags, extended: { on: boolean }): string | undefined {
  let enable = true;
  for (const letter of letters) {
    if (letter === "-") enable = false;
    else if (letter === "i") flags.ignoreCase = enable;
    else if (letter === "s") flags.dotAll = enable;
    else if (letter === "m") flags.multiLine = enable;
    else if (letter === "x") extended.on = enable;
    else if (letter === "u") continue;
    else if (letter === "U") {
      return "the swap-greed flag (?U) is not supported without ripgrep; use lazy quantifiers such as .*? instead";
    } else {
      return `unrecognized inline flag "${letter}" in (?${letters})`;
    }
  }
  return undefined;
}

/** `(?x)` mode: unescaped whitespace is ignored and `#` starts a comment to the end of the line. */
function stripExtended(pattern: string): string {
  let out = "";
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern.charAt(index);
    if (character === "\\") {
      out += pattern.slice(index, index + 2);
      index++;
    } else if (character === "[") {
      const end = classEnd(pattern, index);
      out += pattern.slice(index, end);
      index = end - 1;
    } else if (character === "#") {
      const newline = pattern.indexOf("\n", index);
      index = newline === -1 ? pattern.length : newline;
    } else if (!/\s/.test(character)) out += character;
  }
  return out;
}

const COUNTED = /^\{\s*(\d+)\s*(?:(,)\s*(\d*)\s*)?\}/;

/** Translates a ripgrep pattern; `base` holds the flags the Grep options already ask for. */
export function translateRegex(pattern: string, base: RegexFlags): Translation {
  const flags = { ...base };
  const extended = { on: false };
  let body = pattern;
  for (let leading = FLAG_GROUP.exec(body); leading; leading = FLAG_GROUP.exec(body)) {
    if (leading[2] === ":" && groupEnd(body, 0) !== body.length - 1) break;
    const problem = applyFlags(present(leading[1], "FLAG_GROUP captures its letters"), flags, extended);
    if (problem) return { ok: false, message: problem };
    body = leading[2] === ")" ? body.slice(leading[0].length) : body.slice(leading[0].length, -1);
  }
  if (extended.on) body = stripExtended(body);
  let source = "";
  let canRepeat = false;
  for (let index = 0; index < body.length; index++) {
    const character = body[index];
    const rest = body.slice(index);
    if (character === "\\") {
      source += body.slice(index, index + 2);
      index++;
      canRepeat = true;
    } else if (character === "[") {
      const end = classEnd(body, index);
      source += body.slice(index, end);
      index = end - 1;
      canRepeat = true;
    } else if (character === "{") {
      const counted = COUNTED.exec(rest);
      if (!counted) {
        return {
          ok: false,
          message: `repetition quantifier at "${rest.slice(0, 8)}" is not a valid {n}, {n,} or {n,m}; write \\{ for a literal brace`,
        };
      }
      if (!canRepeat)
        return { ok: false, message: `repetition operator "${counted[0]}" has nothing to repeat` };
      source += `{${counted[1]}${counted[2] ?? ""}${counted[3] ?? ""}}`;
      index += counted[0].length - 1;
    } else if (rest.startsWith("(?P<")) {
      source += "(?<";
      index += 3;
      canRepeat = false;
    } else if (character === "(" && FLAG_GROUP.test(rest)) {
      const construct = FLAG_GROUP.exec(rest)?.[0] ?? rest;
      return {
        ok: false,
        message: `inline flags "${construct}" are only supported at the start of the pattern without ripgrep; move them to the start or use the -i option`,
      };
    } else {
      source += character;
      canRepeat = character !== "(" && character !== "|";
    }
  }
  return { ok: true, source, flags };
}
