// Matching one simple Bash command against a Bash rule specifier: exact (`npm test`), legacy prefix
// (`npm run test:*`, word boundary after the prefix) and wildcard (`git commit *`, `*` spans anything;
// a single trailing ` *` is optional). Words the gate cannot know (expansions) are null: a rule then
// matches "certainly" only when it would for any value, and "may match" when it could for some.
import { firstPart } from "../util/index.js";

export type BashPattern =
  | { kind: "any" }
  | { kind: "exact"; text: string }
  | { kind: "prefix"; prefix: string }
  | { kind: "wildcard"; regex: RegExp; source: string; trailingStarOnly: boolean };

function normalizeCommandText(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

/** Parses a Bash specifier; returns an error text for invalid ones. */
export function parseBashPattern(specifier: string): BashPattern | string {
  const text = normalizeCommandText(specifier);
  if (text === "") return "the command inside Bash( ) is empty; write Bash to match every command";
  if (text === "*") return { kind: "any" };
  if (text.endsWith(":*")) {
    const prefix = text.slice(0, -2).trimEnd();
    if (prefix === "") return "':*' needs a command prefix before it, e.g. Bash(npm run test:*)";
    if (/(^|[^\\])\*/.test(prefix))
      return "the legacy ':*' suffix cannot be combined with other '*' wildcards";
    return { kind: "prefix", prefix: prefix.replace(/\\\*/g, "*") };
  }
  if (text.includes(":*")) return "':*' is only allowed at the end, e.g. Bash(npm run test:*)";
  const pieces = splitOnStars(text);
  const [head = "", second] = pieces;
  if (pieces.length === 1) return { kind: "exact", text: head };
  const escaped = pieces.map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const trailingStarOnly = pieces.length === 2 && second === "";
  if (trailingStarOnly && head.endsWith(" ")) {
    const regex = new RegExp(`^${(escaped[0] ?? "").slice(0, -1)}( .*)?$`, "s");
    return { kind: "wildcard", regex, source: text, trailingStarOnly };
  }
  return {
    kind: "wildcard",
    regex: new RegExp(`^${escaped.join(".*")}$`, "s"),
    source: text,
    trailingStarOnly,
  };
}

/** Splits on unescaped `*`; `\*` stays a literal star. */
function splitOnStars(text: string): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char === "\\" && text[index + 1] === "*") {
      piece += "*";
      index += 1;
    } else if (char === "*") {
      pieces.push(piece);
      piece = "";
    } else piece += char;
  }
  pieces.push(piece);
  return pieces;
}

export function matchCommandText(pattern: BashPattern, text: string): boolean {
  const command = normalizeCommandText(text);
  switch (pattern.kind) {
    case "any":
      return true;
    case "exact":
      return command === pattern.text;
    case "prefix":
      return (
        command === pattern.prefix ||
        (command.startsWith(pattern.prefix) && !/[A-Za-z0-9_]/.test(command.charAt(pattern.prefix.length)))
      );
    case "wildcard":
      return pattern.regex.test(command);
  }
}

/** A command's words for matching: a value, or null where the gate cannot know it. */
export type CommandWords = (string | null)[];

/**
 * Whether the pattern matches whatever the unknown words turn out to be. With unknown words only
 * prefix rules (`npm run test:*`) and rules whose single `*` ends them (`git commit *`) can: when
 * the known words before the first unknown one already match, any continuation matches too.
 */
export function matchesCertainly(pattern: BashPattern, words: CommandWords): boolean {
  const firstUnknown = words.indexOf(null);
  if (firstUnknown < 0) return matchCommandText(pattern, words.join(" "));
  const known = words.slice(0, firstUnknown).join(" ");
  if (known === "") return pattern.kind === "any";
  switch (pattern.kind) {
    case "any":
      return true;
    case "prefix":
      return matchCommandText(pattern, known);
    case "wildcard":
      return pattern.trailingStarOnly && matchCommandText(pattern, known);
    case "exact":
      return false;
  }
}

/**
 * Whether the pattern could match for some values of the unknown words (deny and ask rules then
 * cannot be checked): the command's name is unknown, or equals the pattern's first word.
 */
export function mayMatch(pattern: BashPattern, words: CommandWords): boolean {
  if (matchesCertainly(pattern, words)) return true;
  if (!words.includes(null)) return false;
  const name = words[0];
  if (name === null || name === undefined) return true;
  const first = patternFirstWord(pattern);
  return (
    first === null ||
    first === name ||
    (pattern.kind === "prefix" && !first.includes(" ") && name.startsWith(first))
  );
}

/** The pattern's first word when it has no wildcard, else null (anything). */
function patternFirstWord(pattern: BashPattern): string | null {
  switch (pattern.kind) {
    case "any":
      return null;
    case "exact":
      return firstPart(pattern.text, " ");
    case "prefix":
      return firstPart(pattern.prefix, " ");
    case "wildcard": {
      const first = firstPart(pattern.source, " ");
      return first.includes("*") ? null : first;
    }
  }
}

/** The words with a program written as a path (`/bin/rm`, `../x/rm`) replaced by its name; else null. */
export function programByName(words: CommandWords): CommandWords | null {
  const program = words[0];
  if (program === null || program === undefined || !program.includes("/")) return null;
  const name = program.replace(/\/+$/, "").split("/").pop() ?? "";
  return name === "" || name === "." || name === ".." ? null : [name, ...words.slice(1)];
}
