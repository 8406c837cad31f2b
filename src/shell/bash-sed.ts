// sed as the gate sees it: its files (read, or written with -i), and its scripts, read well enough to
// find the commands that write files or run programs (`w`, `W`, `r`, `R`, `e`, and the `w`/`e` flags
// of `s`). A sed without -i whose scripts have none of those is read-only (`sed -n '1,20p' f`); a
// script that writes or runs something is not understood with certainty, so it asks.
import {
  accessOf,
  type CommandModel,
  type FastPath,
  type PathResolver,
  type ShellWord,
  scanOptions,
  unreadableModel,
} from "./shell-word.js";

const w = (names: string) => names.split(" ");

const SPEC = {
  flags: "nErsuzi",
  valued: "elf",
  long: w("quiet silent regexp-extended separate unbuffered null-data posix debug sandbox follow-symlinks"),
  longValued: w("expression file line-length"),
  optionalValue: w("in-place"),
};

/** The options of sed on the strict fast path (no -i, -f, --follow-symlinks …). */
const STRICT_SED_OPTIONS = new Set(
  "n E r s z e --quiet --silent --regexp-extended --separate --null-data --expression".split(" "),
);

export function sedModel(
  words: ShellWord[],
  resolve: PathResolver,
  fastPath: FastPath = "strict",
): CommandModel {
  // `-i.bak` attaches a suffix: read it as -i.
  const args = words
    .slice(1)
    .map((word) =>
      word.value !== null && /^-[nErsuz]*i./.test(word.value)
        ? { ...word, value: word.value.replace(/i.*/, "i") }
        : word,
    );
  const scanned = scanOptions(args, SPEC, "sed");
  if (scanned.problem) return unreadableModel(scanned.problem, "the files it touches");
  const scripts: string[] = [];
  let operands = scanned.operands;
  // Every -e and -f counts (each adds to the script), not only the last one given.
  const expressions = scanned.values.filter(([name]) => name === "e" || name === "--expression");
  const files = scanned.values.filter(([name]) => name === "f" || name === "--file");
  for (const [, expression] of expressions) scripts.push(expression);
  const model: CommandModel = { readOnly: true, accesses: [], reasons: [] };
  for (const [, file] of files) {
    model.accesses.push(accessOf(resolve, { value: file, raw: file, splits: false }, "read", "sed"));
    model.reasons.push("sed -f runs a script from a file the gate does not read");
  }
  if (expressions.length === 0 && files.length === 0) {
    const script = operands[0];
    operands = operands.slice(1);
    if (script === undefined) return model;
    if (script.value === null) model.reasons.push(`the sed script ${script.raw} comes from an expansion`);
    else scripts.push(script.value);
  }
  const sandbox = scanned.options.has("--sandbox");
  for (const script of scripts) {
    const effect = sandbox ? null : scriptEffect(script);
    if (effect) model.reasons.push(`the sed script ${effect}`);
  }
  const inPlace = scanned.options.has("i") || scanned.options.has("--in-place");
  if (inPlace) model.readOnly = "sed -i edits files";
  const [reason] = model.reasons;
  if (reason !== undefined && model.readOnly === true) model.readOnly = reason;
  if (fastPath === "strict" && model.readOnly === true) {
    const option = [...scanned.options.keys()].find((name) => !STRICT_SED_OPTIONS.has(name));
    if (option !== undefined)
      model.readOnly = `sed ${option} is not a known-safe form (no sandbox contains it here)`;
    else if (!scripts.every(plainSedScript))
      model.readOnly =
        "a sed script beyond p and s/// is not a known-safe form (no sandbox contains it here)";
  }
  for (const operand of operands)
    model.accesses.push(accessOf(resolve, operand, inPlace ? "write" : "read", "sed"));
  return model;
}

/** What in a sed script writes a file or runs a program ("writes a file (w)"), or null. */
function scriptEffect(script: string): string | null {
  let index = 0;
  const at = () => script[index] ?? "";
  const skipDelimited = (delimiter: string) => {
    while (index < script.length && at() !== delimiter) index += at() === "\\" ? 2 : 1;
    index += 1;
  };
  while (index < script.length) {
    const char = at();
    if (" \t\n;{}!,$+~0123456789".includes(char)) {
      index += 1;
    } else if (char === "/") {
      index += 1;
      skipDelimited("/");
    } else if (char === "\\") {
      const delimiter = script[index + 1] ?? "";
      index += 2;
      skipDelimited(delimiter);
    } else if (char === "s" || char === "y") {
      const delimiter = script[index + 1] ?? "";
      if (delimiter === "" || delimiter === "\n" || delimiter === "\\")
        return "has a command the gate cannot read";
      index += 2;
      skipDelimited(delimiter);
      skipDelimited(delimiter);
      if (char === "s") {
        const flags = /^[gpiImM0-9we]*/.exec(script.slice(index))?.[0] ?? "";
        if (flags.includes("w")) return "writes a file (s///w)";
        if (flags.includes("e")) return "runs a command (s///e)";
        index += flags.length;
      }
    } else if ("wW".includes(char)) return `writes a file (${char})`;
    else if ("rR".includes(char)) return `reads a file the gate cannot check (${char})`;
    else if (char === "e") return "runs a command (e)";
    else if ("aic".includes(char)) {
      // Text to insert: the rest of the line (a backslash continues it).
      while (index < script.length && at() !== "\n") index += at() === "\\" ? 2 : 1;
    } else if (":btTv".includes(char)) {
      // GNU sed ends a label at a blank or `;`: `:a e cmd` is the label a, then the command e.
      index += 1;
      while (at() === " " || at() === "\t") index += 1;
      while (index < script.length && !" \t\n;".includes(at())) index += 1;
    } else if ("lLqQ".includes(char)) {
      index += 1;
      while (at() === " " || at() === "\t") index += 1;
      while (/[0-9]/.test(at())) index += 1;
    } else if ("pPdDnNgGhHxz=Fl#".includes(char)) {
      if (char === "#") {
        while (index < script.length && at() !== "\n") index += 1;
      } else index += 1;
    } else return `has a command the gate does not know (${char})`;
  }
  return null;
}

const ADDRESS = String.raw`(\d+|\$|/(?:[^/\\\n]|\\.)*/)`;
/** One strict command: an optional address or range, then `p` or `s` with `/` and only g, p, i, I or a
 *  number as flags. */
const PLAIN_COMMAND = new RegExp(
  String.raw`^\s*(${ADDRESS}(\s*,\s*${ADDRESS})?)?\s*(p|s/(?:[^/\\\n]|\\.)*/(?:[^/\\\n]|\\.)*/[gpiI0-9]*)\s*$`,
);

/** Whether a sed script is only `p` and `s///` commands (the strict fast path's sed). */
function plainSedScript(script: string): boolean {
  const commands = script.split(/[;\n]/);
  return commands.every((command) => command.trim() === "" || PLAIN_COMMAND.test(command));
}
