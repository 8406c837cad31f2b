// The grammar of the understood Bash subset (see bash-syntax.ts): lists, `&&`/`||`, pipelines with
// `!`/`time`, simple commands (assignments, words, redirections), `( )`, `{ }`, if, while/until, for.
// A construct outside the subset either stops the parse ("unparseable": case, [[ ]], (( )),
// functions, coproc, select, unbalanced quotes …) or is kept with a reason (see bash-words.ts).
// Control and invisible characters are reasons too: bash reads a carriage return as a letter.
import { codePointName, firstUnusualCharacter } from "../util/index.js";
import { type Grammar, isBlank, isMetaCharacter, Reader, Unparseable } from "./bash-reader.js";
import type {
  AndOr,
  Assignment,
  Command,
  CompoundCommand,
  ParsedScript,
  Pipeline,
  Redirect,
  Script,
  SimpleCommand,
  Word,
} from "./bash-syntax.js";
import { readPendingHereDocuments, readWord } from "./bash-words.js";

const RESERVED = new Set([
  "!",
  "{",
  "}",
  "[[",
  "]]",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "case",
  "esac",
  "for",
  "select",
  "while",
  "until",
  "do",
  "done",
  "function",
  "time",
  "coproc",
]);
const NOT_UNDERSTOOD = new Set(["case", "select", "function", "coproc", "[[", "]]", "esac"]);
const REDIRECT = /^(\d*)(&>>|&>|>>|>\||>&|<<<|<<-|<<|<>|<&|>|<)/;

export function parseBash(source: string): ParsedScript {
  const reasons: string[] = [];
  noteUnusualCharacters(source, reasons);
  const reader = new Reader(source, GRAMMAR, reasons);
  try {
    const script = parseWhole(reader);
    return { kind: "parsed", script, reasons };
  } catch (error) {
    if (error instanceof Unparseable) return { kind: "unparseable", reason: error.message };
    throw error;
  }
}

const GRAMMAR: Grammar = {
  nested: (reader) => parseList(reader, new Set(), true),
  whole: parseWhole,
};

function parseWhole(reader: Reader): Script {
  const script = parseList(reader, new Set(), false);
  if (!reader.eof()) reader.fail(`unexpected '${reader.peek()}'`);
  if (reader.pendingHereDocuments.length > 0) reader.fail("a here-document without its end line");
  return script;
}

/** Control characters (except tab and newline) and invisible or lookalike spacing characters. */
function noteUnusualCharacters(source: string, reasons: string[]): void {
  const code = firstUnusualCharacter(source);
  if (code !== null) reasons.push(`a control or invisible character (${codePointName(code)}) in the command`);
}

function skipBlanks(reader: Reader): void {
  for (;;) {
    if (isBlank(reader.peek())) reader.pos += 1;
    else if (reader.peek() === "\\" && reader.peek(1) === "\n") reader.pos += 2;
    else return;
  }
}

function skipComment(reader: Reader): void {
  if (reader.peek() !== "#") return;
  const end = reader.source.indexOf("\n", reader.pos);
  reader.pos = end < 0 ? reader.source.length : end;
}

/** Blanks, comments and newlines (reading here-document bodies after each newline). */
function skipLineBreaks(reader: Reader): void {
  for (;;) {
    skipBlanks(reader);
    skipComment(reader);
    if (reader.peek() !== "\n") return;
    reader.pos += 1;
    readPendingHereDocuments(reader);
  }
}

/** The reserved word at the cursor (a command position), if any. */
function peekReserved(reader: Reader): string | null {
  let end = reader.pos;
  while (end < reader.source.length && !isMetaCharacter(reader.source.charAt(end))) {
    if ("'\"\\$`".includes(reader.source.charAt(end))) return null;
    end += 1;
  }
  const word = reader.source.slice(reader.pos, end);
  return RESERVED.has(word) ? word : null;
}

function expectReserved(reader: Reader, word: string): void {
  skipLineBreaks(reader);
  if (peekReserved(reader) !== word) reader.fail(`'${word}' is missing`);
  reader.pos += word.length;
}

function parseList(reader: Reader, terminators: Set<string>, closedByParen: boolean): Script {
  const items: AndOr[] = [];
  for (;;) {
    skipLineBreaks(reader);
    if (reader.eof() || (closedByParen && reader.peek() === ")")) break;
    const reserved = peekReserved(reader);
    if (reserved !== null && terminators.has(reserved)) break;
    const item = parseAndOr(reader);
    items.push(item);
    skipBlanks(reader);
    const char = reader.peek();
    if (char === "&") {
      item.background = true;
      reader.pos += 1;
    } else if (char === ";") {
      if (reader.peek(1) === ";" || reader.peek(1) === "&") reader.fail("case clauses (;; or ;&)");
      reader.pos += 1;
    } else if (char === ")") {
      if (!closedByParen) reader.fail("unexpected ')'");
    } else if (char !== "\n" && char !== "#" && char !== "") {
      reader.fail(`unexpected '${char}'`);
    }
  }
  if (reader.pendingHereDocuments.length > 0 && closedByParen) {
    reader.fail("a here-document not ended before ')'");
  }
  return items;
}

function parseAndOr(reader: Reader): AndOr {
  const pipelines = [parsePipeline(reader)];
  for (;;) {
    skipBlanks(reader);
    if (!reader.startsWith("&&") && !reader.startsWith("||")) break;
    reader.pos += 2;
    skipLineBreaks(reader);
    pipelines.push(parsePipeline(reader));
  }
  return { pipelines, background: false };
}

function parsePipeline(reader: Reader): Pipeline {
  let negated = false;
  for (;;) {
    skipBlanks(reader);
    const reserved = peekReserved(reader);
    if (reserved === "!") {
      negated = !negated;
      reader.pos += 1;
    } else if (reserved === "time") {
      reader.pos += 4;
      skipBlanks(reader);
      if (reader.startsWith("-p") && isMetaCharacter(reader.peek(2))) reader.pos += 2;
    } else break;
  }
  const commands = [parseCommand(reader)];
  for (;;) {
    skipBlanks(reader);
    if (reader.startsWith("||") || reader.peek() !== "|") break;
    reader.pos += reader.peek(1) === "&" ? 2 : 1;
    skipLineBreaks(reader);
    commands.push(parseCommand(reader));
  }
  return { commands, negated };
}

function parseCommand(reader: Reader): Command {
  skipBlanks(reader);
  const reserved = peekReserved(reader);
  if (reserved !== null && NOT_UNDERSTOOD.has(reserved)) reader.fail(`'${reserved}' constructs`);
  let compound: CompoundCommand | null = null;
  if (reserved === "if") compound = parseIf(reader);
  else if (reserved === "while" || reserved === "until") compound = parseLoop(reader, reserved);
  else if (reserved === "for") compound = parseFor(reader);
  else if (reserved === "{") {
    reader.pos += 1;
    compound = { kind: "group", body: parseList(reader, new Set(["}"]), false), redirects: [] };
    expectReserved(reader, "}");
  } else if (reserved !== null) {
    reader.fail(`unexpected '${reserved}'`);
  } else if (reader.peek() === "(") {
    if (reader.peek(1) === "(") reader.fail("arithmetic commands (( ))");
    reader.pos += 1;
    reader.enter();
    compound = { kind: "subshell", body: parseList(reader, new Set(), true), redirects: [] };
    if (reader.peek() !== ")") reader.fail("an unbalanced ( )");
    reader.pos += 1;
    reader.leave();
  }
  if (compound === null) return parseSimple(reader);
  for (;;) {
    skipBlanks(reader);
    const redirect = readRedirect(reader);
    if (redirect === null) break;
    compound.redirects.push(redirect);
  }
  const next = reader.peek();
  if (!isMetaCharacter(next) && next !== "#") reader.fail(`unexpected text after '${compound.kind}'`);
  return compound;
}

function parseIf(reader: Reader): CompoundCommand {
  reader.pos += 2;
  const branches: { condition: Script; body: Script }[] = [];
  let otherwise: Script | null = null;
  for (;;) {
    const condition = parseList(reader, new Set(["then"]), false);
    expectReserved(reader, "then");
    const body = parseList(reader, new Set(["elif", "else", "fi"]), false);
    branches.push({ condition, body });
    skipLineBreaks(reader);
    const next = peekReserved(reader);
    reader.pos += next?.length ?? 0;
    if (next === "elif") continue;
    if (next === "else") {
      otherwise = parseList(reader, new Set(["fi"]), false);
      expectReserved(reader, "fi");
    } else if (next !== "fi") reader.fail("'fi' is missing");
    return { kind: "if", branches, otherwise, redirects: [] };
  }
}

function parseLoop(reader: Reader, keyword: string): CompoundCommand {
  reader.pos += keyword.length;
  const condition = parseList(reader, new Set(["do"]), false);
  expectReserved(reader, "do");
  const body = parseList(reader, new Set(["done"]), false);
  expectReserved(reader, "done");
  return { kind: "loop", condition, body, redirects: [] };
}

function parseFor(reader: Reader): CompoundCommand {
  reader.pos += 3;
  skipBlanks(reader);
  if (reader.startsWith("((")) reader.fail("arithmetic for loops");
  const variable = /^[A-Za-z_][A-Za-z0-9_]*/.exec(reader.source.slice(reader.pos))?.[0];
  if (variable === undefined || !isMetaCharacter(reader.peek(variable.length))) {
    reader.fail("a for loop without a variable name");
  }
  reader.pos += variable.length;
  skipLineBreaks(reader);
  let items: Word[] | null = null;
  if (reader.startsWith("in") && isMetaCharacter(reader.peek(2))) {
    reader.pos += 2;
    items = [];
    for (;;) {
      skipBlanks(reader);
      if (reader.peek() === ";" || reader.peek() === "\n" || reader.eof()) break;
      if (isMetaCharacter(reader.peek())) reader.fail(`unexpected '${reader.peek()}' in a for loop`);
      items.push(readWord(reader));
    }
  }
  if (reader.peek() === ";") reader.pos += 1;
  expectReserved(reader, "do");
  const body = parseList(reader, new Set(["done"]), false);
  expectReserved(reader, "done");
  return { kind: "for", variable, items, body, redirects: [] };
}

function parseSimple(reader: Reader): SimpleCommand {
  const command: SimpleCommand = { kind: "simple", assignments: [], words: [], redirects: [] };
  for (;;) {
    skipBlanks(reader);
    const char = reader.peek();
    if (char === "" || char === "\n" || char === ";" || char === "|" || char === ")") break;
    if (char === "#") break;
    if ((char === "<" || char === ">") && reader.peek(1) === "(") {
      command.words.push(readWord(reader));
      continue;
    }
    const redirect = readRedirect(reader);
    if (redirect !== null) {
      command.redirects.push(redirect);
      continue;
    }
    if (char === "&") break;
    if (char === "(") {
      const definition = command.words.length === 1 && command.assignments.length === 0;
      reader.fail(definition ? "function definitions" : "unexpected '('");
    }
    const word = readWord(reader);
    const assignment = command.words.length === 0 ? asAssignment(word, reader) : null;
    if (assignment !== null) command.assignments.push(assignment);
    else command.words.push(word);
  }
  if (command.words.length === 0 && command.assignments.length === 0 && command.redirects.length === 0) {
    reader.fail(reader.eof() ? "an empty command" : `unexpected '${reader.peek()}'`);
  }
  return command;
}

/** `NAME=value` / `NAME+=value` before the command name; `a[i]=…` is an assignment noted as uncertain. */
function asAssignment(word: Word, reader: Reader): Assignment | null {
  const first = word.parts[0];
  if (first?.kind !== "text" || first.quoted) return null;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=/.exec(first.value);
  if (match === null) return null;
  const [assigned, name = "", subscript] = match;
  if (subscript !== undefined)
    reader.note(`the array element assignment ${word.raw} (subscripts can run code)`);
  if (reader.peek() === "(") reader.fail("array assignments");
  const value: Word = {
    parts: [{ ...first, value: first.value.slice(assigned.length) }, ...word.parts.slice(1)],
    raw: word.raw.slice(assigned.length),
  };
  return { name, value, raw: word.raw };
}

/** A redirection at the cursor (with its fd number), or null. */
function readRedirect(reader: Reader): Redirect | null {
  if (reader.peek() === "{" && /^\{[A-Za-z_][A-Za-z0-9_]*\}[<>]/.test(reader.source.slice(reader.pos))) {
    reader.fail("named file descriptors {name}>");
  }
  const match = REDIRECT.exec(reader.source.slice(reader.pos, reader.pos + 16));
  if (match === null) return null;
  // Both groups always take part in a match (the fd one possibly empty).
  const [written, fd = "", operator = ""] = match;
  reader.pos += written.length;
  skipBlanks(reader);
  if (isMetaCharacter(reader.peek()) && !(reader.peek() === "<" && reader.peek(1) === "(")) {
    reader.fail(`the redirection ${written} without a target`);
  }
  const target = readWord(reader);
  const redirect: Redirect = { fd, operator, target };
  if (operator === "<<" || operator === "<<-") {
    if (target.parts.some((part) => part.kind !== "text"))
      reader.fail("a here-document delimiter with an expansion");
    const delimiter = target.parts.map((part) => (part.kind === "text" ? part.value : "")).join("");
    const quoted = target.parts.some((part) => part.kind === "text" && part.quoted);
    reader.pendingHereDocuments.push({ redirect, delimiter, stripTabs: operator === "<<-", quoted });
  }
  if (operator === "<<<" && target.parts.some((part) => part.kind !== "text")) {
    reader.note(`the here-string ${target.raw} (an expansion in a here-string)`);
  }
  return redirect;
}
