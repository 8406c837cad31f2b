// Commands that run other commands: `timeout 5 cmd`, `nice`, `nohup`, `env A=1 cmd`, `sudo`, `xargs`,
// `find -exec`, `flock`, `chrt`, `taskset`, `unshare`, `setsid`, `script -c`, `watch`, `chroot`, `su -c`,
// shells (`bash -o errexit -c '…'`, `sh -c -- '…'`) and `eval`. Each yields the inner command (or
// script) so deny and ask rules see it. "Transparent" wrappers only change how a command runs (not
// what it can do), so an allow rule for the inner command covers them.

import { firstPart } from "../util/index.js";
import { dangerousVariable } from "./bash-environment.js";
import { modelFind } from "./bash-find.js";
import { hiddenCommands } from "./bash-hidden-commands.js";
import { type OptionSpec, type ShellWord, scanOptions } from "./shell-word.js";

type InnerCommand = {
  words: ShellWord[];
  /** The inner command runs in another folder (-execdir, env -C, chroot …): "unknown" or a word. */
  cwd?: ShellWord | "unknown";
};

type Unwrapped = {
  commands: InnerCommand[];
  /** Scripts a shell will parse (`bash -c`, `eval`, `su -c`, `watch`); null when not known. */
  scripts: (string | null)[];
  /** Only changes how the inner command runs: an allow rule for the inner command covers it. */
  transparent: boolean;
  /** Files the wrapper itself writes (a lock file, a typescript, `time -o`). */
  writes: ShellWord[];
  reads: ShellWord[];
  reasons: string[];
};

type SimpleWrapper = OptionSpec & {
  /** Operands before the inner command (timeout's duration, chrt's priority). */
  leading?: number;
  transparent?: boolean;
  /** Options after which there is no inner command (pid modes, lookups). */
  noCommand?: string[];
};

const SIMPLE: Record<string, SimpleWrapper> = {
  timeout: {
    flags: "v",
    valued: "sk",
    long: ["preserve-status", "foreground", "verbose"],
    longValued: ["signal", "kill-after"],
    leading: 1,
    transparent: true,
  },
  nice: { valued: "n", longValued: ["adjustment"], numbers: true, transparent: true },
  nohup: { transparent: true },
  stdbuf: { valued: "ioe", longValued: ["input", "output", "error"], transparent: true },
  ionice: {
    flags: "t",
    valued: "cnpPu",
    long: ["ignore"],
    longValued: ["class", "classdata", "pid", "pgid", "uid"],
    transparent: true,
    noCommand: ["p", "P", "u", "--pid", "--pgid", "--uid"],
  },
  setsid: { flags: "cfw", long: ["ctty", "fork", "wait"], transparent: true },
  command: { flags: "pvV", transparent: true, noCommand: ["v", "V"] },
  builtin: { transparent: true },
  exec: { flags: "cl", valued: "a", transparent: true },
  chrt: {
    flags: "bfiodRmvae",
    valued: "TPD",
    long: [
      "batch",
      "fifo",
      "idle",
      "other",
      "rr",
      "deadline",
      "reset-on-fork",
      "max",
      "verbose",
      "all-tasks",
    ],
    longValued: ["sched-runtime", "sched-period", "sched-deadline"],
    leading: 1,
    noCommand: ["p", "m", "--pid", "--max"],
  },
  taskset: { flags: "ac", long: ["all-tasks", "cpu-list"], leading: 1, noCommand: ["p", "--pid"] },
  unshare: {
    flags: "muinpUCTrcf",
    valued: "RwSG",
    long: ["fork", "map-root-user", "map-current-user", "kill-child", "keep-caps"],
    optionalValue: ["mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "mount-proc"],
    longValued: ["propagation", "setgroups", "root", "wd", "setuid", "setgid", "monotonic", "boottime"],
  },
  chroot: { long: ["skip-chdir"], longValued: ["userspec", "groups"], leading: 1 },
};

const SHELLS = new Set(
  "bash sh dash zsh ksh mksh ash rbash posh yash lksh pdksh oksh loksh ksh93 bash-static".split(" "),
);
/** Shell options that change nothing the gate models. Not `-k` (every NAME=value word goes into the
 *  environment), `-P` (a physical cd), `-a` (exports every assignment), `-f`/`+B` (no globs or braces). */
export const HARMLESS_SHELL_FLAGS = "euxvnhCET";
const HARMLESS_SHELL_OPTIONS = new Set(["errexit", "nounset", "pipefail", "xtrace", "verbose"]);
const HARMLESS_SHELL_LONG = new Set(["norc", "noprofile", "noediting", "verbose"]);

const BASH_NAMES = new Set(["bash", "rbash", "bash-static", "eval"]);
const KORN_AND_Z = new Set("zsh ksh mksh yash lksh pdksh oksh loksh ksh93".split(" "));

/**
 * Why a script another shell runs is not read as bash reads it, or null: zsh and the Korn shells have
 * languages of their own; a POSIX sh (dash) reads `[^x]` as the characters ^ and x, `&>` as `&` then
 * `>`, and has no `<<<` or `|&`. (Its lack of brace expansion and of tildes after `=` only leaves
 * words unknown to the gate.)
 */
export function dialectReason(name: string, script: string): string | null {
  if (BASH_NAMES.has(name)) return null;
  if (KORN_AND_Z.has(name)) return `the script of ${name} is read as bash, but ${name}'s language differs`;
  const construct = /\[\^|&>|<<<|\|&/.exec(script)?.[0];
  return construct === undefined
    ? null
    : `${name} may not be bash: ${construct} means something else in a POSIX sh`;
}

function empty(transparent = false): Unwrapped {
  return { commands: [], scripts: [], transparent, writes: [], reads: [], reasons: [] };
}

function uncertain(reason: string): Unwrapped {
  return { ...empty(), reasons: [reason] };
}

/** The program's name for wrapper purposes (`/usr/bin/timeout` → timeout). */
export function programName(program: string): string {
  return program.replace(/\/+$/, "").split("/").pop() ?? program;
}

/** Whether a program written this way is the system's (found on PATH, or in /bin, /usr/bin). */
function systemProgram(program: string): boolean {
  return !program.includes("/") || /^\/(usr\/)?(local\/)?s?bin\/[^/]+$/.test(program);
}

/** What a wrapper runs, or null when `words[0]` is not a wrapper. */
export function unwrap(words: ShellWord[]): Unwrapped | null {
  const program = words[0]?.value;
  if (program === null || program === undefined) return null;
  const name = programName(program);
  const args = words.slice(1);
  let result: Unwrapped | null;
  if (SIMPLE[name]) result = simple(name, args, SIMPLE[name]);
  else if (SHELLS.has(name)) result = shell(name, args);
  else if (name === "eval") result = evalScript(args);
  else if (name === "env") result = env(args);
  else if (name === "sudo" || name === "doas") result = sudo(name, args);
  else if (name === "xargs") result = xargs(args);
  else if (name === "find") result = find(args);
  else if (name === "time") result = time(args);
  else if (name === "flock") result = flock(args);
  else if (name === "script") result = script(args);
  else if (name === "watch") result = watch(args);
  else if (name === "su") result = su(args);
  else result = hidden(name, args);
  if (result?.transparent && !systemProgram(program)) result.transparent = false;
  return result;
}

function simple(name: string, args: ShellWord[], spec: SimpleWrapper): Unwrapped {
  const scanned = scanOptions(args, { ...spec, stopAtOperand: true }, name);
  if (scanned.problem) return uncertain(`${scanned.problem}, so the command it runs is not known`);
  const result = empty(spec.transparent ?? false);
  if (spec.noCommand?.some((option) => scanned.options.has(option))) return result;
  const inner = scanned.operands.slice(spec.leading ?? 0);
  if (inner.length > 0) {
    const cwd = name === "chroot" ? "unknown" : undefined;
    result.commands.push({ words: inner, cwd });
    if (name === "chroot") result.reasons.push("chroot changes what every path means");
  }
  const folder = scanned.options.get("w") ?? scanned.options.get("--wd") ?? scanned.options.get("R");
  if (name === "unshare" && folder !== undefined) result.reasons.push("unshare changes the folder or root");
  return result;
}

function shell(name: string, args: ShellWord[]): Unwrapped {
  let harmless = true;
  let command = false;
  let index = 0;
  for (; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === undefined) break;
    const word = arg.value;
    if (word === null) return uncertain(`${arg.raw} (an expansion) in the options of ${name}`);
    if (word === "--" || word === "-") {
      index += 1;
      break;
    }
    if (word.startsWith("--")) {
      const option = word.slice(2);
      if (option === "rcfile" || option === "init-file") index += 1;
      if (!HARMLESS_SHELL_LONG.has(option)) harmless = false;
      continue;
    }
    if (!/^[-+][A-Za-z]+$/.test(word)) break;
    for (const letter of word.slice(1)) {
      if (letter === "c") command = true;
      else if (letter === "B" && word.startsWith("-")) continue;
      else if (letter === "o" || letter === "O") {
        index += 1;
        const value = args[index]?.value;
        if (letter === "O" || value === null || value === undefined || !HARMLESS_SHELL_OPTIONS.has(value)) {
          harmless = false;
        }
      } else if (letter === "s" || letter === "i") {
        return uncertain(`${name} -${letter} reads commands from its input`);
      } else if (!HARMLESS_SHELL_FLAGS.includes(letter)) harmless = false;
    }
  }
  const operands = args.slice(index);
  const result = empty(harmless);
  if (command) {
    const [script] = operands;
    if (script === undefined) return uncertain(`${name} -c without a script`);
    result.scripts.push(script.value);
    if (script.value === null) result.reasons.push(`the script of ${name} -c comes from an expansion`);
    return result;
  }
  const [script] = operands;
  if (script === undefined) return uncertain(`${name} without -c reads commands from its input`);
  const file = script.value;
  if (file === null || /^\/(dev|proc)\//.test(file))
    return uncertain(`${name} ${script.raw} reads its commands from a stream or an unknown file`);
  // `bash script.sh`: a program of its own; its commands are not visible here.
  result.transparent = false;
  return result;
}

function evalScript(args: ShellWord[]): Unwrapped {
  const result = empty(true);
  const known = args.every((word) => word.value !== null);
  result.scripts.push(known ? args.map((word) => word.value).join(" ") : null);
  if (!known) result.reasons.push("eval of an expansion");
  return result;
}

function env(args: ShellWord[]): Unwrapped {
  const scanned = scanOptions(
    args,
    {
      flags: "i0v",
      valued: "uCS",
      long: ["ignore-environment", "null", "debug", "list-signal-handling"],
      longValued: ["unset", "chdir", "split-string"],
      optionalValue: ["default-signal", "ignore-signal", "block-signal"],
      stopAtOperand: true,
    },
    "env",
  );
  if (scanned.problem) return uncertain(`${scanned.problem}, so the command it runs is not known`);
  const result = empty();
  let operands = scanned.operands;
  // `env - cmd`: a lone dash is -i (an empty environment), not the command.
  if (operands[0]?.value === "-") operands = operands.slice(1);
  while (operands[0]?.value && /^[A-Za-z_][A-Za-z0-9_]*=/.test(operands[0].value)) {
    const variable = firstPart(operands[0].value, "=");
    if (dangerousVariable(variable))
      result.reasons.push(`env sets ${variable}, which changes what programs do`);
    operands = operands.slice(1);
  }
  if (operands[0]?.value === null && operands[0].splits)
    return uncertain("env runs a command from an expansion");
  const split = scanned.options.get("S") ?? scanned.options.get("--split-string");
  if (typeof split === "string") {
    result.reasons.push("env -S splits a string into a command");
    // env -S has its own escapes (`\_` is a blank), quotes, `#` comments and ${VAR} expansion.
    if (/[\\$'"#]/.test(split)) return uncertain(`env -S ${split} has escapes, quotes or variables`);
    const pieces = split.trim().split(/\s+/).filter(Boolean);
    operands = [
      ...pieces.map((piece) => ({ value: piece.replace(/^['"]|['"]$/g, ""), raw: piece, splits: false })),
      ...operands,
    ];
  }
  const folder = scanned.options.get("C") ?? scanned.options.get("--chdir");
  if (operands.length > 0) {
    const cwd = typeof folder === "string" ? { value: folder, raw: folder, splits: false } : undefined;
    result.commands.push({ words: operands, cwd });
  }
  return result;
}

function sudo(name: string, args: ShellWord[]): Unwrapped {
  const scanned = scanOptions(
    args,
    {
      flags: "AbEHknPSBKsielv",
      valued: "ugpChDRTUrt",
      long: ["askpass", "background", "preserve-env", "set-home", "non-interactive", "stdin", "bell"],
      longValued: ["user", "group", "prompt", "close-from", "host", "chdir", "chroot", "role", "type"],
      stopAtOperand: true,
    },
    name,
  );
  if (scanned.problem) return uncertain(`${scanned.problem}, so the command it runs is not known`);
  for (const letter of ["s", "i", "e"]) {
    if (scanned.options.has(letter))
      return uncertain(`${name} -${letter} (a shell or an editor as another user)`);
  }
  const result = empty();
  let operands = scanned.operands;
  while (operands[0]?.value && /^[A-Za-z_][A-Za-z0-9_]*=/.test(operands[0].value))
    operands = operands.slice(1);
  if (operands.length > 0) result.commands.push({ words: operands });
  return result;
}

function xargs(args: ShellWord[]): Unwrapped {
  const scanned = scanOptions(
    args,
    {
      flags: "0prtxo",
      valued: "IndPLsaE",
      long: ["null", "no-run-if-empty", "verbose", "interactive", "exit", "open-tty", "show-limits"],
      longValued: ["max-args", "max-procs", "delimiter", "arg-file", "max-chars", "process-slot-var"],
      optionalValue: ["replace", "eof", "max-lines"],
      stopAtOperand: true,
    },
    "xargs",
  );
  if (scanned.problem) return uncertain(`${scanned.problem}, so the command it runs is not known`);
  const result = empty();
  const replace = scanned.options.get("I") ?? scanned.options.get("--replace");
  const marker = replace === true ? "{}" : replace;
  let inner = scanned.operands.map((word) =>
    typeof marker === "string" && word.value?.includes(marker)
      ? { value: null, raw: word.raw, splits: false }
      : word,
  );
  if (inner.length === 0) inner = [{ value: "echo", raw: "echo", splits: false }];
  if (marker === undefined) inner.push({ value: null, raw: "<input>", splits: true });
  result.commands.push({ words: inner });
  for (const [option, file] of scanned.values)
    if (option === "a" || option === "--arg-file")
      result.reads.push({ value: file, raw: file, splits: false });
  return result;
}

function find(args: ShellWord[]): Unwrapped {
  const model = modelFind(args);
  const result = empty();
  if (model.problem) result.reasons.push(`${model.problem} is not understood`);
  for (const command of model.commands) {
    result.commands.push({ words: command.words, cwd: command.inFileFolder ? "unknown" : undefined });
  }
  return result;
}

function time(args: ShellWord[]): Unwrapped {
  const scanned = scanOptions(
    args,
    {
      flags: "pvaq",
      valued: "of",
      long: ["portability", "verbose", "append", "quiet"],
      longValued: ["output", "format"],
      stopAtOperand: true,
    },
    "time",
  );
  if (scanned.problem) return uncertain(`${scanned.problem}, so the command it runs is not known`);
  const result = empty(true);
  const output = scanned.options.get("o") ?? scanned.options.get("--output");
  if (typeof output === "string") result.writes.push({ value: output, raw: output, splits: false });
  if (scanned.operands.length > 0) result.commands.push({ words: scanned.operands });
  return result;
}

function flock(args: ShellWord[]): Unwrapped {
  const scanned = scanOptions(
    args,
    {
      flags: "sexunoFv",
      valued: "wEc",
      long: ["shared", "exclusive", "unlock", "nonblock", "close", "no-fork", "verbose"],
      longValued: ["timeout", "wait", "conflict-exit-code", "command"],
      stopAtOperand: true,
    },
    "flock",
  );
  if (scanned.problem) return uncertain(`${scanned.problem}, so the command it runs is not known`);
  const result = empty();
  const [lock, ...inner] = scanned.operands;
  if (lock?.value && !/^\d+$/.test(lock.value)) result.writes.push(lock);
  const command = scanned.options.get("c") ?? scanned.options.get("--command");
  if (typeof command === "string") result.scripts.push(command);
  else if (inner[0]?.value === "-c") result.scripts.push(inner[1]?.value ?? null);
  else if (inner.length > 0) result.commands.push({ words: inner });
  return result;
}

function script(args: ShellWord[]): Unwrapped {
  const scanned = scanOptions(
    args,
    {
      flags: "aefqk",
      valued: "cEIOBTmo",
      long: ["append", "return", "flush", "force", "quiet", "logging-in-out"],
      longValued: [
        "command",
        "echo",
        "log-in",
        "log-out",
        "log-io",
        "log-timing",
        "logging-format",
        "output-limit",
      ],
      optionalValue: ["timing"],
    },
    "script",
  );
  if (scanned.problem) return uncertain(`${scanned.problem}, so the command it runs is not known`);
  const result = empty();
  const command = scanned.options.get("c") ?? scanned.options.get("--command");
  if (typeof command === "string") result.scripts.push(command);
  else return uncertain("script without -c starts an interactive shell");
  result.writes.push(scanned.operands[0] ?? { value: "typescript", raw: "typescript", splits: false });
  return result;
}

function watch(args: ShellWord[]): Unwrapped {
  const scanned = scanOptions(
    args,
    {
      flags: "bcdeghtxpwr",
      valued: "nq",
      long: [
        "beep",
        "color",
        "no-color",
        "errexit",
        "chgexit",
        "no-title",
        "exec",
        "precise",
        "no-wrap",
        "no-rerun",
      ],
      longValued: ["interval", "equexit"],
      optionalValue: ["differences"],
      stopAtOperand: true,
    },
    "watch",
  );
  if (scanned.problem) return uncertain(`${scanned.problem}, so the command it runs is not known`);
  const result = empty();
  if (scanned.options.has("x") || scanned.options.has("--exec"))
    result.commands.push({ words: scanned.operands });
  else {
    const known = scanned.operands.every((word) => word.value !== null);
    result.scripts.push(known ? scanned.operands.map((word) => word.value).join(" ") : null);
  }
  return result;
}

/** Runners and command-valued options the gate does not model (bash-hidden-commands.ts). */
function hidden(name: string, args: ShellWord[]): Unwrapped | null {
  const found = hiddenCommands(name, args);
  if (found === null) return null;
  return {
    ...empty(),
    commands: found.commands.map((words) => ({ words })),
    scripts: found.scripts,
    reasons: [found.reason],
  };
}

function su(args: ShellWord[]): Unwrapped {
  const result = uncertain("su runs commands as another user");
  const index = args.findIndex((word) => word.value === "-c" || word.value === "--command");
  if (index >= 0) result.scripts.push(args[index + 1]?.value ?? null);
  return result;
}
