// Shell builtins as the gate sees them: those that run code hidden in data (names with subscripts:
// `read`, `declare`, `printf -v`, `test -v`, `let` …) or change the shell itself (`source`, `alias`,
// `trap`, `shopt`, `hash`, `export` …) make the command uncertain; harmless ones are read-only; `cd`
// is parsed into its target for the analysis to follow.
import { HARMLESS_SHELL_FLAGS } from "./bash-wrappers.js";
import type { ShellWord } from "./shell-word.js";

const CHANGES_THE_SHELL: Record<string, string> = {
  source: "runs a file's commands in this shell",
  ".": "runs a file's commands in this shell",
  export: "sets the environment of later commands",
  declare: "takes variable names (subscripts can run code)",
  typeset: "takes variable names (subscripts can run code)",
  local: "takes variable names (subscripts can run code)",
  readonly: "takes variable names (subscripts can run code)",
  let: "evaluates arithmetic",
  read: "takes variable names (subscripts can run code)",
  mapfile: "takes variable names (subscripts can run code)",
  readarray: "takes variable names (subscripts can run code)",
  unset: "takes variable names (subscripts can run code)",
  getopts: "takes variable names (subscripts can run code)",
  hash: "changes which program a name runs",
  enable: "loads or switches builtins",
  shopt: "changes how the shell reads commands",
  trap: "runs commands on signals or exit",
  alias: "changes what later names mean",
  unalias: "changes what later names mean",
  bind: "changes the shell's key bindings",
  complete: "runs completion code",
  compgen: "runs completion code",
  fc: "runs commands from the history",
  history: "changes the history",
  pushd: "changes the folder stack",
  popd: "changes the folder stack",
  dirs: "changes the folder stack",
  caller: "inspects functions",
  coproc: "starts a coprocess",
  disown: "changes job control",
  suspend: "suspends the shell",
  logout: "ends a login shell",
};

/** Builtins with no effect outside the shell's own control flow. */
const HARMLESS = new Set([
  "exit",
  "return",
  "break",
  "continue",
  "shift",
  "wait",
  "umask",
  "ulimit",
  "times",
  "jobs",
]);

/** Options of otherwise harmless builtins that run a command or assign to a variable name. */
const RUNS_OR_ASSIGNS: Record<string, { pattern: RegExp; why: string }> = {
  jobs: { pattern: /^-[a-z]*x/, why: "-x runs a command" },
  wait: { pattern: /^-[a-z]*p/, why: "-p assigns to a variable (subscripts can run code)" },
};

/** `set` flags and options that change nothing the gate models (not -k, -P, -a, -f: see bash-wrappers.ts). */
const HARMLESS_SET_OPTIONS = new Set([
  "errexit",
  "nounset",
  "pipefail",
  "xtrace",
  "verbose",
  "noclobber",
  "errtrace",
]);

type BuiltinVerdict = { kind: "uncertain"; reason: string } | { kind: "read-only" } | { kind: "other" };

/** How the gate treats `words` when its program is a builtin written as a bare name. */
export function builtinVerdict(name: string, words: ShellWord[]): BuiltinVerdict {
  const why = Object.hasOwn(CHANGES_THE_SHELL, name) ? CHANGES_THE_SHELL[name] : undefined;
  if (why !== undefined) return { kind: "uncertain", reason: `the builtin ${name} (it ${why})` };
  const args = words.slice(1);
  const runs = Object.hasOwn(RUNS_OR_ASSIGNS, name) ? RUNS_OR_ASSIGNS[name] : undefined;
  if (runs && args.some((word) => word.value === null || runs.pattern.test(word.value)))
    return { kind: "uncertain", reason: `${name} ${runs.why}` };
  if (HARMLESS.has(name)) return { kind: "read-only" };
  if (name === "set") return setVerdict(args);
  if (name === "printf") {
    const first = args[0];
    if (first && first.value === null)
      return {
        kind: "uncertain",
        reason: "printf's first argument comes from an expansion (it could be -v)",
      };
    if (first?.value?.startsWith("-v"))
      return { kind: "uncertain", reason: "printf -v assigns to a variable (subscripts can run code)" };
    return { kind: "read-only" };
  }
  if (name === "test" || name === "[") return testVerdict(name, name === "[" ? args.slice(0, -1) : args);
  return { kind: "other" };
}

function setVerdict(args: ShellWord[]): BuiltinVerdict {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]?.value;
    if (value === undefined) break;
    if (value === "--" || value === "-") return { kind: "read-only" };
    if (value === null) return { kind: "uncertain", reason: "set with an expansion" };
    if (/^[-+]o$/.test(value)) {
      const next = args[index + 1];
      if (next === undefined) return { kind: "read-only" };
      if (next.value === null || !HARMLESS_SET_OPTIONS.has(next.value)) {
        return { kind: "uncertain", reason: `set -o ${next.raw}` };
      }
      index += 1;
      continue;
    }
    if (!/^[-+][A-Za-z]+$/.test(value)) return { kind: "read-only" };
    for (const letter of value.slice(1)) {
      if (letter === "o" || (letter === "B" && value.startsWith("-"))) continue;
      if (!HARMLESS_SHELL_FLAGS.includes(letter)) return { kind: "uncertain", reason: `set ${value}` };
    }
    if (value.includes("o")) {
      const option = args[index + 1]?.value;
      if (option === null || option === undefined || !HARMLESS_SET_OPTIONS.has(option)) {
        return { kind: "uncertain", reason: `set ${value} ${args[index + 1]?.raw ?? ""}`.trim() };
      }
      index += 1;
    }
  }
  return { kind: "read-only" };
}

const UNARY = new Set("-a -b -c -d -e -f -g -h -k -p -r -s -t -u -w -x -G -L -N -O -S -z -n -o".split(" "));
const BINARY = new Set("= == != < > -eq -ne -lt -le -gt -ge -nt -ot -ef".split(" "));

/**
 * `test` / `[`: `-v` and `-R` evaluate a variable name (an array subscript runs code). An unknown
 * word is accepted only where it is certainly an operand, in the short forms bash decides by count.
 */
function testVerdict(name: string, args: ShellWord[]): BuiltinVerdict {
  const risky = {
    kind: "uncertain",
    reason: `${name} -v / -R evaluates a variable name (subscripts can run code)`,
  } as const;
  if (args.some((word) => word.value === "-v" || word.value === "-R")) return risky;
  if (args.every((word) => word.value !== null)) return { kind: "read-only" };
  const unknown = {
    kind: "uncertain",
    reason: `an expansion in ${name} that could become an operator such as -v`,
  } as const;
  if (args.some((word) => word.splits)) return unknown;
  const values = args.map((word) => word.value);
  let rest = values;
  if (rest.length >= 2 && rest[0] === "!") rest = rest.slice(1);
  if (rest.length === 1) return { kind: "read-only" };
  const [first, second] = rest;
  if (rest.length === 2 && typeof first === "string" && UNARY.has(first)) return { kind: "read-only" };
  if (rest.length === 3 && typeof second === "string" && BINARY.has(second)) return { kind: "read-only" };
  return unknown;
}

type CdRequest =
  | { kind: "folder"; target: string; physical: boolean }
  | { kind: "home"; physical: boolean }
  | { kind: "unknown"; reason: string };

/** The folder `cd` goes to, as written (resolved by the analysis). */
export function parseCd(args: ShellWord[]): CdRequest {
  let physical = false;
  let index = 0;
  for (; index < args.length; index += 1) {
    const word = args[index];
    if (word === undefined) break;
    const value = word.value;
    if (value === null) return { kind: "unknown", reason: `cd ${word.raw} (an expansion)` };
    if (value === "--") {
      index += 1;
      break;
    }
    if (!/^-[LPe@]+$/.test(value)) break;
    if (value.includes("P")) physical = true;
    else if (value.includes("L")) physical = false;
  }
  const target = args[index];
  if (target === undefined) return { kind: "home", physical };
  if (target.value === null) return { kind: "unknown", reason: `cd ${target.raw} (an expansion)` };
  if (target.value === "-") return { kind: "unknown", reason: "cd - (the previous folder)" };
  if (args.length > index + 1) return { kind: "unknown", reason: "cd with more than one folder" };
  return { kind: "folder", target: target.value, physical };
}
