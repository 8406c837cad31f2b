// CLAUDE_ENV_FILE support for SessionStart and CwdChanged hooks: the engine creates an empty file,
// hooks append shell assignments, and the parsed variables apply to later Bash calls. The file is
// read as the small part of bash such files use, never run: statements split on newlines and `;`,
// `export NAME=value` / `NAME=value` / `declare -x NAME=value`, `unset NAME…`, values plain or quoted
// ('…', "…", and $'…' as `direnv export bash` writes them), with `$NAME` / `${NAME}` expanded from the
// variables set so far (`export PATH="$HOME/bin:$PATH"`). Anything else is reported and ignored.

export type EnvFile = { exports: Record<string, string>; unset: string[]; invalid: string[] };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

type Lookup = (name: string) => string | undefined;

/** `$NAME` or `${NAME}` at `index` (which holds the `$`): the value and the index after it. */
function expansion(text: string, index: number, lookup: Lookup): { value: string; end: number } | undefined {
  const match = /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})/.exec(text.slice(index));
  const name = match?.[1] ?? match?.[2];
  if (!match || name === undefined) return undefined;
  return { value: lookup(name) ?? "", end: index + match[0].length };
}

/** Reads one word from `text` at `start` (quotes joined, as bash does); stops at blank, `;` or newline. */
function readWord(
  text: string,
  start: number,
  lookup: Lookup,
): { value: string; end: number } | { error: string } {
  let value = "";
  let index = start;
  while (index < text.length) {
    const char = text.charAt(index);
    if (/[\s;]/.test(char)) break;
    if (char === "'") {
      const close = text.indexOf("'", index + 1);
      if (close < 0) return { error: "unclosed '" };
      value += text.slice(index + 1, close);
      index = close + 1;
    } else if (char === "$" && text[index + 1] === "'") {
      index += 2;
      while (index < text.length && text[index] !== "'") {
        if (text[index] !== "\\") {
          value += text[index++];
          continue;
        }
        const next = text[index + 1] ?? "";
        const hex = /^x[0-9A-Fa-f]{1,2}/.exec(text.slice(index + 1));
        const octal = /^[0-7]{1,3}/.exec(text.slice(index + 1));
        if (hex) {
          value += String.fromCharCode(Number.parseInt(hex[0].slice(1), 16));
          index += 1 + hex[0].length;
        } else if (octal) {
          value += String.fromCharCode(Number.parseInt(octal[0], 8));
          index += 1 + octal[0].length;
        } else {
          value += ESCAPES[next] ?? `\\${next}`;
          index += 2;
        }
      }
      if (index >= text.length) return { error: "unclosed $'" };
      index++;
    } else if (char === '"') {
      let close = index + 1;
      let inner = "";
      while (close < text.length && text[close] !== '"') {
        if (text[close] === "$") {
          const expanded = expansion(text, close, lookup);
          if (!expanded) return { error: "an expansion other than $NAME inside double quotes" };
          inner += expanded.value;
          close = expanded.end;
          continue;
        }
        if (text[close] === "`") return { error: "a command substitution" };
        if (text[close] === "\\" && /["\\$`]/.test(text[close + 1] ?? "")) close++;
        inner += text[close++];
      }
      if (close >= text.length) return { error: 'unclosed "' };
      value += inner;
      index = close + 1;
    } else {
      const expanded = char === "$" ? expansion(text, index, lookup) : undefined;
      if (expanded) {
        value += expanded.value;
        index = expanded.end;
      } else if (char === "$" || char === "`" || char === "\\") {
        return { error: "an expansion other than $NAME, or an escape, in an unquoted value" };
      } else {
        value += char;
        index++;
      }
    }
  }
  return { value, end: index };
}

/** Parses the file; later statements win (an `unset` after an `export` removes it). `$NAME` expands to
 *  what the file set before, else `inherited(NAME)` (the environment Bash calls run with). */
export function parseEnvFile(text: string, inherited: Lookup = () => undefined): EnvFile {
  const exports: Record<string, string> = {};
  const unset = new Set<string>();
  const lookup: Lookup = (name) =>
    name in exports ? exports[name] : unset.has(name) ? undefined : inherited(name);
  const invalid: string[] = [];
  let index = 0;
  const words: string[] = [];
  const flush = (statement: string) => {
    if (words.length === 0) return;
    const [head, ...rest] = words[0] === "export" || words[0] === "declare" ? words.slice(1) : words;
    const assignments = words[0] === "declare" && head === "-x" ? rest : [head, ...rest];
    if (words[0] === "unset" && words.length > 1 && words.slice(1).every((name) => NAME.test(name))) {
      for (const name of words.slice(1)) {
        delete exports[name];
        unset.add(name);
      }
    } else if (
      assignments.every(
        (word): word is string =>
          typeof word === "string" && word.includes("=") && NAME.test(word.slice(0, word.indexOf("="))),
      )
    ) {
      for (const word of assignments) {
        const name = word.slice(0, word.indexOf("="));
        exports[name] = word.slice(word.indexOf("=") + 1);
        unset.delete(name);
      }
    } else invalid.push(statement.trim());
    words.length = 0;
  };
  let statementStart = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === "\n" || char === ";") {
      flush(text.slice(statementStart, index));
      statementStart = ++index;
    } else if (char === "#" && words.length === 0) {
      while (index < text.length && text[index] !== "\n") index++;
      statementStart = index;
    } else if (/\s/.test(char)) index++;
    else {
      const word = readWord(text, index, lookup);
      if ("error" in word) {
        const end = text.indexOf("\n", index);
        invalid.push(`${text.slice(statementStart, end < 0 ? undefined : end).trim()} (${word.error})`);
        words.length = 0;
        index = end < 0 ? text.length : end;
        statementStart = index;
        continue;
      }
      words.push(word.value);
      index = word.end;
    }
  }
  flush(text.slice(statementStart));
  return { exports, unset: [...unset], invalid };
}
