// Reads Bash words the way bash does for the understood subset: backslash escapes, single and
// double quotes, `$name`/`${name}`, `$( … )` (parsed as commands), backquotes, process
// substitution, and here-document bodies (a quoted delimiter makes the body data; an unquoted one is
// read like a double-quoted string, so its substitutions are parsed). ANSI-C `$'…'`, `${x…}`
// operators and the like are read to their end but only noted: their value is not computed.
import { isMetaCharacter, type Reader } from "./bash-reader.js";
import type { Word, WordPart } from "./bash-syntax.js";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SPECIAL_PARAMETER = /^[@*#?$!\-0-9]/;

function pushText(parts: WordPart[], value: string, quoted: boolean): void {
  const last = parts[parts.length - 1];
  if (last?.kind === "text" && last.quoted === quoted) last.value += value;
  else parts.push({ kind: "text", value, quoted });
}

/** Reads one word at the cursor (which must not be at a metacharacter, except `<(` / `>(`). */
export function readWord(reader: Reader): Word {
  const start = reader.pos;
  const parts: WordPart[] = [];
  if ((reader.peek() === "<" || reader.peek() === ">") && reader.peek(1) === "(") {
    const direction = reader.peek() as "<" | ">";
    reader.pos += 2;
    parts.push({ kind: "process", script: nestedScript(reader), direction });
    if (!isMetaCharacter(reader.peek())) reader.note("text directly after a process substitution");
  }
  while (!isMetaCharacter(reader.peek())) {
    const char = reader.peek();
    if (char === "\\") {
      const next = reader.peek(1);
      if (next === "") reader.fail("a trailing backslash");
      reader.pos += 2;
      if (next !== "\n") pushText(parts, next, true);
    } else if (char === "'") {
      const end = reader.source.indexOf("'", reader.pos + 1);
      if (end < 0) reader.fail("an unbalanced single quote");
      pushText(parts, reader.source.slice(reader.pos + 1, end), true);
      reader.pos = end + 1;
    } else if (char === '"') {
      reader.pos += 1;
      readDoubleQuoted(reader, parts, '"');
    } else if (char === "$") {
      readDollar(reader, parts, false);
    } else if (char === "`") {
      readBackquoted(reader, parts, false);
    } else {
      pushText(parts, char, false);
      reader.pos += 1;
    }
  }
  return { parts, raw: reader.source.slice(start, reader.pos) };
}

/** Parses `$( … )` / `<( … )` contents up to and including the closing parenthesis. */
function nestedScript(reader: Reader) {
  refusePendingHereDocument(reader);
  reader.enter();
  const script = reader.nested();
  if (reader.peek() !== ")") reader.fail("an unbalanced $( )");
  reader.pos += 1;
  reader.leave();
  return script;
}

/**
 * Bash reads a here-document's body after the line's end, not at a newline inside a substitution:
 * `cat <<EOF; echo "$(` ⏎ `touch x` ⏎ `EOF` ⏎ `)"` runs touch. Such a line is refused.
 */
function refusePendingHereDocument(reader: Reader): void {
  if (reader.pendingHereDocuments.length > 0)
    reader.fail("a here-document whose body would start inside a command substitution");
}

/**
 * Reads double-quoted text after the opening quote, through `terminator` (`"`), or to the end of the
 * input for an unquoted here-document body (`null`: a `"` is then plain text).
 */
function readDoubleQuoted(reader: Reader, parts: WordPart[], terminator: '"' | null): void {
  const escapable = terminator === null ? "$`\\\n" : '$`"\\\n';
  for (;;) {
    const char = reader.peek();
    if (char === "") {
      if (terminator === null) return;
      reader.fail("an unbalanced double quote");
    }
    if (char === terminator) {
      reader.pos += 1;
      // An empty "" still makes a (quoted, empty) word.
      if (parts.length === 0) pushText(parts, "", true);
      return;
    }
    if (char === "\\" && escapable.includes(reader.peek(1)) && reader.peek(1) !== "") {
      if (reader.peek(1) !== "\n") pushText(parts, reader.peek(1), true);
      reader.pos += 2;
    } else if (char === "$") {
      readDollar(reader, parts, true);
    } else if (char === "`") {
      readBackquoted(reader, parts, true);
    } else {
      pushText(parts, char, true);
      reader.pos += 1;
    }
  }
}

function readDollar(reader: Reader, parts: WordPart[], quoted: boolean): void {
  const start = reader.pos;
  const next = reader.peek(1);
  if (next === "(") {
    if (reader.peek(2) === "(") reader.fail("arithmetic expansion $(( ))");
    reader.pos += 2;
    parts.push({ kind: "substitution", script: nestedScript(reader), quoted });
    return;
  }
  if (next === "[") reader.fail("arithmetic expansion $[ ]");
  if (next === "{") {
    readBraceParameter(reader, parts, quoted);
    return;
  }
  if (next === "'" && !quoted) {
    let index = reader.pos + 2;
    while (index < reader.source.length && reader.source[index] !== "'") {
      index += reader.source[index] === "\\" ? 2 : 1;
    }
    if (index >= reader.source.length) reader.fail("an unbalanced ANSI-C quote $'…'");
    reader.pos = index + 1;
    reader.note(`ANSI-C quoting ${reader.excerpt(start)} (its escapes are not decoded)`);
    parts.push({ kind: "opaque", raw: reader.source.slice(start, reader.pos), quoted: true });
    return;
  }
  if (next === '"' && !quoted) {
    reader.pos += 2;
    reader.note('a locale-translated string $"…"');
    readDoubleQuoted(reader, parts, '"');
    return;
  }
  const rest = reader.source.slice(reader.pos + 1);
  const name = NAME.exec(rest)?.[0] ?? SPECIAL_PARAMETER.exec(rest)?.[0];
  if (name === undefined) {
    pushText(parts, "$", quoted);
    reader.pos += 1;
    return;
  }
  reader.pos += 1 + name.length;
  parts.push({ kind: "parameter", name, quoted });
}

/** `${name}` is a plain parameter; any operator (`${x:-y}`, `${#x}`, `${a[i]}`, `${!x}`) is noted. */
function readBraceParameter(reader: Reader, parts: WordPart[], quoted: boolean): void {
  const start = reader.pos;
  let index = reader.pos + 2;
  let depth = 1;
  while (index < reader.source.length && depth > 0) {
    const char = reader.source[index];
    if (char === "\\") index += 1;
    else if (char === "'" || char === '"' || char === "`") {
      reader.fail(`quotes or backquotes inside ${reader.excerpt(start, index + 1)}`);
    } else if (char === "$" && (reader.source[index + 1] === "(" || reader.source[index + 1] === "[")) {
      reader.fail(`a substitution inside ${reader.excerpt(start, index + 2)}`);
    } else if (char === "{") depth += 1;
    else if (char === "}") depth -= 1;
    index += 1;
  }
  if (depth > 0) reader.fail("an unbalanced parameter expansion (no closing brace)");
  const inner = reader.source.slice(start + 2, index - 1);
  reader.pos = index;
  if (/^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])$/.test(inner)) {
    parts.push({ kind: "parameter", name: inner, quoted });
    return;
  }
  reader.note(`the parameter expansion \${${inner}} (subscripts and operators can run code)`);
  parts.push({ kind: "opaque", raw: reader.source.slice(start, index), quoted });
}

/** A backquoted command: its text, unescaped as bash does, parsed as a nested command list. */
function readBackquoted(reader: Reader, parts: WordPart[], quoted: boolean): void {
  refusePendingHereDocument(reader);
  let index = reader.pos + 1;
  while (index < reader.source.length && reader.source[index] !== "`") {
    index += reader.source[index] === "\\" ? 2 : 1;
  }
  if (index >= reader.source.length) reader.fail("an unbalanced backquote");
  const text = reader.source.slice(reader.pos + 1, index);
  reader.pos = index + 1;
  if (text.includes("\\")) reader.note("backslashes inside backquotes (use $( ) instead)");
  const unescaped = text.replace(quoted ? /\\([\\`$"])/g : /\\([\\`$])/g, "$1");
  const inner = reader.sub(unescaped);
  inner.enter();
  const script = inner.whole();
  parts.push({ kind: "substitution", script, quoted });
}

/** One physical line of a here-document body (leading tabs removed for `<<-`). */
function hereDocumentLine(reader: Reader, stripTabs: boolean): string {
  const end = reader.source.indexOf("\n", reader.pos);
  const line = reader.source.slice(reader.pos, end < 0 ? reader.source.length : end);
  reader.pos = end < 0 ? reader.source.length : end + 1;
  return stripTabs ? line.replace(/^\t+/, "") : line;
}

/** Reads the bodies of the here-documents whose operators were on the line just ended. */
export function readPendingHereDocuments(reader: Reader): void {
  const pending = reader.pendingHereDocuments;
  reader.pendingHereDocuments = [];
  for (const document of pending) {
    const lines: string[] = [];
    for (;;) {
      if (reader.eof()) reader.fail(`a here-document without its end line ${document.delimiter}`);
      let text = hereDocumentLine(reader, document.stripTabs);
      // Unquoted: bash joins a line ending in an odd number of backslashes with the next one
      // before comparing it with the delimiter (`E\` + `OF` ends the body).
      while (!document.quoted && /(^|[^\\])(\\\\)*\\$/.test(text)) {
        if (reader.eof()) reader.fail(`a here-document without its end line ${document.delimiter}`);
        text = text.slice(0, -1) + hereDocumentLine(reader, document.stripTabs);
      }
      if (text === document.delimiter) break;
      // Inside `$( )` bash also ends the body at a line starting with the delimiter (`EOF)`).
      if (reader.depth > 0 && text.startsWith(document.delimiter))
        reader.fail(`a here-document line starting with its delimiter ${document.delimiter} inside ( )`);
      lines.push(text);
    }
    const body = lines.length > 0 ? `${lines.join("\n")}\n` : "";
    const parts: WordPart[] = [];
    if (document.quoted) parts.push({ kind: "text", value: body, quoted: true });
    else readDoubleQuoted(reader.sub(body), parts, null);
    document.redirect.hereDocument = { quoted: document.quoted, body: { parts, raw: body } };
  }
}
