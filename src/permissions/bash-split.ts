// Splits a Bash command line into the simple commands it would run, for permission matching.
// Our own small parser: operators (&& || ; | |& & newline), subshells, $( ), backticks, <( ) >( ),
// quotes and escapes, comments, `bash -c '…'` / `eval …` recursion, leading VAR=value assignments,
// and redirections (kept apart; write targets are reported). Anything it cannot read with
// confidence (heredocs, unbalanced quotes, `case`, a command name built from an expansion) is
// "unparseable": the gate then asks instead of allowing.

export type Redirection = { operator: string; target: string };

export type SimpleCommand = {
  /** Words after quote removal, without leading assignments and redirections. */
  words: string[];
  /** The same words as written (quotes kept), for rules copied verbatim from a terminal. */
  rawWords: string[];
  redirections: Redirection[];
};

export type BashSplit = { kind: "ok"; commands: SimpleCommand[] } | { kind: "unparseable"; reason: string };

type Word = { value: string; raw: string; quoted: boolean; expanded: boolean };
type Token = { type: "word"; word: Word } | { type: "op"; op: string };

class Unparseable extends Error {}

const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh"]);
const KEYWORD_PREFIXES = new Set(["if", "then", "else", "elif", "do", "while", "until", "!", "{", "}"]);
const KEYWORD_ALONE = new Set(["fi", "done", "}", "esac"]);
const MAX_DEPTH = 8;

export function splitBashCommand(command: string): BashSplit {
  try {
    const commands: SimpleCommand[] = [];
    parseScript(command, commands, 0);
    return { kind: "ok", commands };
  } catch (error) {
    if (error instanceof Unparseable) return { kind: "unparseable", reason: error.message };
    throw error;
  }
}

function parseScript(script: string, out: SimpleCommand[], depth: number): void {
  if (depth > MAX_DEPTH) throw new Unparseable("commands nested too deeply");
  const tokens = tokenize(script, out, depth);
  let current: Word[] = [];
  const flush = () => {
    if (current.length > 0) buildCommand(current, out, depth);
    current = [];
  };
  for (const token of tokens) {
    if (token.type === "op") flush();
    else current.push(token.word);
  }
  flush();
}

/** Reads `script` into words and operators; nested substitutions are parsed into `out` as they appear. */
function tokenize(script: string, out: SimpleCommand[], depth: number): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  let word: Word | null = null;
  const startWord = (): Word => {
    word ??= { value: "", raw: "", quoted: false, expanded: false };
    return word;
  };
  const endWord = () => {
    if (word) tokens.push({ type: "word", word });
    word = null;
  };
  const substitution = (closer: ")" | "`", from: number): number => {
    const end = closer === "`" ? findBacktickEnd(script, from) : findParenEnd(script, from);
    parseScript(unescapeBackticks(script.slice(from, end), closer), out, depth + 1);
    return end + 1;
  };
  while (index < script.length) {
    const char = script[index];
    const next = script[index + 1];
    if (char === "\\") {
      if (next === "\n") {
        index += 2;
        continue;
      }
      if (next === undefined) throw new Unparseable("trailing backslash");
      const current = startWord();
      current.value += next;
      current.raw += char + next;
      index += 2;
      continue;
    }
    if (char === "'") {
      const end = script.indexOf("'", index + 1);
      if (end < 0) throw new Unparseable("unbalanced single quote");
      const current = startWord();
      current.value += script.slice(index + 1, end);
      current.raw += script.slice(index, end + 1);
      current.quoted = true;
      index = end + 1;
      continue;
    }
    if (char === '"') {
      const current = startWord();
      current.quoted = true;
      let cursor = index + 1;
      while (cursor < script.length && script[cursor] !== '"') {
        const inner = script[cursor];
        if (inner === "\\" && '$`"\\\n'.includes(script[cursor + 1] ?? "")) {
          if (script[cursor + 1] !== "\n") current.value += script[cursor + 1];
          cursor += 2;
        } else if (inner === "$" && script[cursor + 1] === "(") {
          current.expanded = true;
          if (script[cursor + 2] === "(") throw new Unparseable("arithmetic expansion");
          cursor = substitution(")", cursor + 2);
        } else if (inner === "`") {
          current.expanded = true;
          cursor = substitution("`", cursor + 1);
        } else {
          if (inner === "$") current.expanded = true;
          current.value += inner;
          cursor += 1;
        }
      }
      if (cursor >= script.length) throw new Unparseable("unbalanced double quote");
      current.raw += script.slice(index, cursor + 1);
      index = cursor + 1;
      continue;
    }
    if (char === "$" && next === "(") {
      if (script[index + 2] === "(") throw new Unparseable("arithmetic expansion");
      const current = startWord();
      current.expanded = true;
      const end = substitution(")", index + 2);
      current.raw += script.slice(index, end);
      index = end;
      continue;
    }
    if (char === "`") {
      const current = startWord();
      current.expanded = true;
      const end = substitution("`", index + 1);
      current.raw += script.slice(index, end);
      index = end;
      continue;
    }
    if ((char === "<" || char === ">") && next === "(") {
      endWord();
      index = substitution(")", index + 2);
      tokens.push({ type: "word", word: { value: "", raw: "", quoted: true, expanded: true } });
      continue;
    }
    if (char === "#" && word === null) {
      const end = script.indexOf("\n", index);
      index = end < 0 ? script.length : end;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r") {
      endWord();
      index += 1;
      continue;
    }
    const operator = readOperator(script, index);
    if (operator) {
      endWord();
      tokens.push({ type: "op", op: operator });
      index += operator.length;
      continue;
    }
    const redirect = readRedirect(script, index, word);
    if (redirect) {
      const fdDigits = redirect.length - redirect.replace(/^\d+/, "").length;
      if (fdDigits > 0) word = null;
      endWord();
      tokens.push({ type: "word", word: { value: redirect, raw: redirect, quoted: false, expanded: false } });
      index += redirect.length - fdDigits;
      continue;
    }
    const current = startWord();
    if (char === "$") current.expanded = true;
    current.value += char;
    current.raw += char;
    index += 1;
  }
  endWord();
  return tokens;
}

function readOperator(script: string, index: number): string | null {
  const two = script.slice(index, index + 2);
  if (two === ";;" || two === ";&") throw new Unparseable("case statements");
  if (two === "&&" || two === "||" || two === "|&") return two;
  const char = script[index];
  if (char === "&" && script[index + 1] === ">") return null;
  if (char === ";" || char === "|" || char === "&" || char === "\n" || char === "(" || char === ")")
    return char;
  return null;
}

/** A redirection operator at `index` (with an optional fd number already read into `word`). */
function readRedirect(script: string, index: number, word: Word | null): string | null {
  const match = /^(&>>|&>|>>|>\||>&|<<<|<<-?|<>|<&|>|<)/.exec(script.slice(index));
  if (!match) return null;
  if (match[1].startsWith("<<") && match[1] !== "<<<") throw new Unparseable("heredocs");
  // `2>`: a word of digits right before the operator is its file descriptor.
  if (word && !word.quoted && /^\d+$/.test(word.raw)) return word.raw + match[1];
  return match[1];
}

function findParenEnd(script: string, from: number): number {
  let depth = 1;
  let index = from;
  while (index < script.length) {
    const char = script[index];
    if (char === "\\") index += 2;
    else if (char === "'") {
      const end = script.indexOf("'", index + 1);
      if (end < 0) throw new Unparseable("unbalanced single quote");
      index = end + 1;
    } else if (char === '"') {
      index = skipDoubleQuoted(script, index);
    } else {
      if (char === "(") depth += 1;
      if (char === ")") depth -= 1;
      if (depth === 0) return index;
      index += 1;
    }
  }
  throw new Unparseable("unbalanced $( )");
}

function skipDoubleQuoted(script: string, from: number): number {
  let index = from + 1;
  while (index < script.length && script[index] !== '"') {
    if (script[index] === "\\") index += 1;
    else if (script[index] === "$" && script[index + 1] === "(") index = findParenEnd(script, index + 2);
    index += 1;
  }
  if (index >= script.length) throw new Unparseable("unbalanced double quote");
  return index + 1;
}

function findBacktickEnd(script: string, from: number): number {
  let index = from;
  while (index < script.length) {
    if (script[index] === "\\") index += 2;
    else if (script[index] === "`") return index;
    else index += 1;
  }
  throw new Unparseable("unbalanced backtick");
}

function unescapeBackticks(text: string, closer: ")" | "`"): string {
  return closer === "`" ? text.replace(/\\([`$\\])/g, "$1") : text;
}

function isAssignment(word: Word): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(word.raw);
}

function isRedirectOperator(word: Word): boolean {
  return !word.quoted && word.raw !== "" && /^\d*(&>>|&>|>>|>\||>&|<<<|<>|<&|>|<)$/.test(word.raw);
}

function buildCommand(words: Word[], out: SimpleCommand[], depth: number): void {
  const redirections: Redirection[] = [];
  const kept: Word[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index];
    if (word.raw === "" && !word.quoted) continue;
    if (isRedirectOperator(word)) {
      const target = words[index + 1];
      if (!target) throw new Unparseable(`redirection ${word.raw} without a target`);
      redirections.push({ operator: word.raw, target: target.value });
      index += 1;
      continue;
    }
    kept.push(word);
  }
  while (kept.length > 0 && (isAssignment(kept[0]) || KEYWORD_PREFIXES.has(kept[0].raw))) kept.shift();
  if (kept.length === 0) {
    if (redirections.length > 0) out.push({ words: [], rawWords: [], redirections });
    return;
  }
  if (kept.length === 1 && KEYWORD_ALONE.has(kept[0].raw)) return;
  const name = kept[0];
  if (name.raw === "case" || name.raw === "function" || name.raw === "select") {
    throw new Unparseable(`'${name.raw}' constructs`);
  }
  if (name.expanded || (/[*?[\]{}~]/.test(name.raw) && name.raw !== "[" && name.raw !== "[[")) {
    throw new Unparseable("the command name comes from an expansion");
  }
  const command: SimpleCommand = {
    words: kept.map((word) => word.value),
    rawWords: kept.map((word) => word.raw),
    redirections,
  };
  out.push(command);
  const nested = nestedScript(kept);
  if (nested !== null) parseScript(nested, out, depth + 1);
}

/** The script a command runs as a string: `bash -c 'script'`, `sh -ec "…"`, `eval …`. */
function nestedScript(words: Word[]): string | null {
  const name = words[0].value.split("/").pop() ?? "";
  if (name === "eval")
    return words
      .slice(1)
      .map((word) => word.value)
      .join(" ");
  if (!SHELLS.has(name)) return null;
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index].value;
    if (word === "--") return null;
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(word)) {
      const script = words[index + 1];
      if (!script) throw new Unparseable(`${name} -c without a script`);
      if (script.expanded) throw new Unparseable(`${name} -c runs a script built from an expansion`);
      return script.value;
    }
    if (!word.startsWith("-") && !word.startsWith("+")) return null;
  }
  return null;
}
