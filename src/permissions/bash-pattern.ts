// Matching one simple Bash command against a Bash rule specifier: exact (`npm test`), legacy prefix
// (`npm run test:*`, word boundary after the prefix) and wildcard (`git commit *`, `*` spans anything;
// a single trailing ` *` is optional). Also lists the "unwrapped" forms of a command (`sudo rm x`,
// `env A=1 rm x`, `timeout 5 rm x`, `/bin/rm x` → `rm x`) that deny and ask rules are checked against too.
import type { Redirection, SimpleCommand } from "./bash-split.js";

export type BashPattern =
  | { kind: "any" }
  | { kind: "exact"; text: string }
  | { kind: "prefix"; prefix: string }
  | { kind: "wildcard"; regex: RegExp };

export function normalizeCommandText(text: string): string {
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
  if (pieces.length === 1) return { kind: "exact", text: pieces[0] };
  const escaped = pieces.map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (pieces.length === 2 && pieces[1] === "" && pieces[0].endsWith(" ")) {
    return { kind: "wildcard", regex: new RegExp(`^${escaped[0].slice(0, -1)}( .*)?$`, "s") };
  }
  return { kind: "wildcard", regex: new RegExp(`^${escaped.join(".*")}$`, "s") };
}

/** Splits on unescaped `*`; `\*` stays a literal star. */
function splitOnStars(text: string): string[] {
  const pieces: string[] = [""];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === "\\" && text[index + 1] === "*") {
      pieces[pieces.length - 1] += "*";
      index += 1;
    } else if (char === "*") pieces.push("");
    else pieces[pieces.length - 1] += char;
  }
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
        (command.startsWith(pattern.prefix) && !/[A-Za-z0-9_]/.test(command[pattern.prefix.length]))
      );
    case "wildcard":
      return pattern.regex.test(command);
  }
}

/** The texts a command is compared as: quotes removed, and as written. */
export function commandTexts(command: SimpleCommand): string[] {
  const unquoted = command.words.join(" ");
  const raw = command.rawWords.join(" ");
  return unquoted === raw ? [unquoted] : [unquoted, raw];
}

/**
 * `commandTexts` plus the forms deny and ask rules also see: wrapper commands removed
 * (`sudo rm x` → `rm x`) and a program given by path reduced to its name (`/bin/rm x`,
 * `sudo ./bin/rm x` → `rm x`). Allow rules never use these forms: `Bash(rm *)` must not allow
 * whatever program happens to be called `rm` (`/tmp/evil/rm x`).
 */
export function commandTextsWithUnwrapped(command: SimpleCommand): string[] {
  const texts = new Set(commandTexts(command));
  let words = command.words;
  for (let step = 0; step < 9; step += 1) {
    const byName = programByName(words);
    if (byName) texts.add(byName.join(" "));
    const inner = unwrap(words);
    if (!inner || inner.length === 0) break;
    words = inner;
    texts.add(words.join(" "));
  }
  return [...texts];
}

/** The words with a program written as a path (`/bin/rm`, `../x/rm`) replaced by its name; else null. */
function programByName(words: string[]): string[] | null {
  const program = words[0] ?? "";
  if (!program.includes("/")) return null;
  const name = program.replace(/\/+$/, "").split("/").pop() ?? "";
  return name === "" || name === "." || name === ".." ? null : [name, ...words.slice(1)];
}

/** Options that take a separate value, per wrapper. */
const WRAPPERS: Record<string, Set<string>> = {
  command: new Set(),
  builtin: new Set(),
  exec: new Set(["-a"]),
  nohup: new Set(),
  time: new Set(),
  sudo: new Set(["-u", "-g", "-C", "-h", "-p", "-r", "-t", "-U", "-D", "-R", "-T"]),
  doas: new Set(["-u", "-C"]),
  env: new Set(["-u", "-C", "-S", "--unset", "--chdir"]),
  nice: new Set(["-n", "--adjustment"]),
  ionice: new Set(["-c", "-n", "-p"]),
  timeout: new Set(["-s", "-k", "--signal", "--kill-after"]),
  stdbuf: new Set(["-i", "-o", "-e"]),
  xargs: new Set([
    "-I",
    "-n",
    "-P",
    "-L",
    "-d",
    "-E",
    "-s",
    "-a",
    "--max-args",
    "--max-procs",
    "--delimiter",
  ]),
};

function unwrap(words: string[]): string[] | null {
  const name = words[0]?.replace(/\/+$/, "").split("/").pop() ?? "";
  const valued = WRAPPERS[name];
  if (!valued) return null;
  let index = 1;
  while (index < words.length) {
    const word = words[index];
    if (word === "--") {
      index += 1;
      break;
    }
    if (name === "env" && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) index += 1;
    else if (word.startsWith("-") && word.length > 1) index += valued.has(word) ? 2 : 1;
    else break;
  }
  if (name === "timeout" && index < words.length) index += 1;
  return words.slice(index);
}

const HARMLESS_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

/** Files a command's redirections write to (not fd duplications like `2>&1`, not /dev/null). */
export function redirectWriteTargets(redirections: Redirection[]): string[] {
  return redirections
    .filter((redirection) => redirection.operator.includes(">"))
    .filter((redirection) => !(redirection.operator.endsWith("&") && /^(\d+|-)$/.test(redirection.target)))
    .map((redirection) => redirection.target)
    .filter((target) => !HARMLESS_TARGETS.has(target));
}
