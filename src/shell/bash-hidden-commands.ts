// Programs that run commands the gate does not model: runners whose options are not known
// (`prlimit … cmd`, `strace -o f cmd`, `fakeroot cmd`, `busybox rm`), and options whose value is a
// command (`tar --to-command`, `rsync -e`, `ssh -o ProxyCommand=`, `git -c alias.x=!…`, `vim -c`,
// `sort --compress-program`, an awk program calling system()). Either makes the line uncertain (it
// asks); the possible inner commands are still offered to deny and ask rules so they can name the
// rule (every later operand could be where the inner command starts).
import { GIT_VALUED_GLOBALS } from "./bash-read-only-git.js";
import type { ShellWord } from "./shell-word.js";

type HiddenCommands = {
  reason: string;
  /** Word lists that may run as commands. */
  commands: ShellWord[][];
  /** Texts that may run as shell commands. */
  scripts: string[];
};

/** Runners: `runner [options] command args…`, options not modelled. */
const RUNNERS = new Set(
  (
    "prlimit runuser strace ltrace nsenter systemd-run fakeroot fakechroot eatmydata busybox toybox " +
    "parallel unbuffer chronic ifne sem pkexec firejail bwrap catchsegv valgrind torsocks proxychains " +
    "proxychains4 numactl cgexec faketime dbus-run-session dbus-launch xvfb-run rlwrap nocache trickle " +
    "cpulimit chpst setpriv setarch linux32 linux64 runcon gosu su-exec tini dumb-init ssh-agent " +
    "caffeinate sandbox-exec entr nq tsp daemonize start-stop-daemon sg expect socat ncat nc netcat " +
    "tmux screen dtach sudoedit at batch capsh " +
    // Shells whose language the gate does not read.
    "fish tcsh csh pwsh powershell nu elvish xonsh rc es"
  ).split(" "),
);

/** Options whose value (or the word itself) is a command, per program. */
const EXEC_OPTIONS: Record<string, RegExp> = {
  tar: /^(--(to-command|checkpoint-action|use-compress-program|info-script|new-volume-script|rsh-command|rmt-command)|-[A-Za-z]*[IF])/,
  rsync: /^(--(rsh|rsync-path)|-[A-Za-z]*e)/,
  ssh: /^-[A-Za-z]*[oF]/,
  scp: /^-[A-Za-z]*[oFS]/,
  sftp: /^-[A-Za-z]*[oFS]/,
  sort: /^--compress-program/,
  zip: /^(-TT|--unzip-command)/,
  man: /^(--(pager|html|browser|preprocessor)|-[A-Za-z]*[PH])/,
  less: /^(\+|-[A-Za-z]*o|--(log-file|LOG-FILE))/,
  more: /^\+/,
  vim: /^(\+|--cmd|-[A-Za-z]*[cSsu])/,
  vi: /^(\+|--cmd|-[A-Za-z]*[cSsu])/,
  nvim: /^(\+|--cmd|-[A-Za-z]*[cSsu])/,
  ex: /^(\+|--cmd|-[A-Za-z]*[cSsu])/,
  view: /^(\+|--cmd|-[A-Za-z]*[cSsu])/,
  gdb: /^--?(ex|iex|eval-command|init-eval-command|x|command|init-command)(=|$)/,
  emacs: /^--?(eval|execute|load|funcall|l|f)(=|$)/,
};

/** git -c keys that only change how output looks or who commits (they run nothing). */
const HARMLESS_GIT_KEY =
  /^(user\.(name|email)|color\.[\w.-]+|core\.quotepath|init\.defaultbranch|advice\.[\w-]+|commit\.gpgsign|tag\.gpgsign|pull\.rebase|log\.(?!showsignature$)[\w-]+|column\.[\w-]+|i18n\.[\w-]+|merge\.conflictstyle|diff\.(renames|algorithm|mnemonicprefix|noprefix|context)|safe\.directory)$/i;

const AWKS = new Set(["awk", "gawk", "mawk", "nawk"]);

/** The command text inside an option value: `Name=value`, `exec=cmd`, `!cmd`, `+cmd`, `shell cmd`. */
function commandText(value: string): string {
  return value
    .replace(/^-[-A-Za-z]*=/, "")
    .replace(/^[A-Za-z][\w.-]*=/, "")
    .replace(/^exec=/, "")
    .replace(/^[+:!\s]+/, "")
    .replace(/^(shell|system|exec)\s+/, "");
}

/** Every operand from the first non-option on, as a possible start of the inner command. */
function suffixes(args: ShellWord[]): ShellWord[][] {
  const found: ShellWord[][] = [];
  for (const [index, { value }] of args.entries()) {
    if (found.length >= 12) break;
    if (value === null || !value.startsWith("-")) found.push(args.slice(index));
  }
  return found;
}

/** What `name args…` may run that the gate does not model, or null when nothing is known to. */
export function hiddenCommands(name: string, args: ShellWord[]): HiddenCommands | null {
  if (RUNNERS.has(name)) {
    return {
      reason: `${name} runs another command (its options are not modelled)`,
      commands: suffixes(args),
      scripts: args.flatMap((word) => (word.value?.includes(" ") ? [commandText(word.value)] : [])),
    };
  }
  if (AWKS.has(name)) return awk(name, args);
  if (name === "git") return git(args);
  const pattern = Object.hasOwn(EXEC_OPTIONS, name) ? EXEC_OPTIONS[name] : undefined;
  if (pattern === undefined) return null;
  for (const [index, { value, raw }] of args.entries()) {
    if (value === null)
      return {
        reason: `${raw} (an expansion) could be an option of ${name} that runs a command`,
        commands: [],
        scripts: [],
      };
    if (value === "--") break;
    if (!pattern.test(value)) continue;
    const inline = /^(-[A-Za-z]|--[\w-]+=)/.test(value) && value.length > 2 ? value : null;
    const given = inline ?? args[index + 1]?.value ?? "";
    return {
      reason: `${name} ${value} can run a command the gate does not check`,
      commands: [],
      scripts: [commandText(given), commandText(value)],
    };
  }
  return null;
}

/** git's global options before the subcommand: `-c key=value` / `--config-env` can name programs. */
function git(args: ShellWord[]): HiddenCommands | null {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]?.value;
    if (value === undefined) break;
    if (value === null) return null;
    if (!value.startsWith("-")) return gitRunsCommand(value, args.slice(index + 1));
    if (value === "-c" || value.startsWith("--config-env")) {
      // `-c key=value` and `--config-env name=VAR` take the next word; `--config-env=name=VAR` is one.
      const separate = value === "-c" || value === "--config-env";
      const setting = separate ? (args[index + 1]?.value ?? null) : value.slice("--config-env=".length);
      const key = setting?.split("=")[0] ?? "";
      if (value === "-c" && setting !== null && HARMLESS_GIT_KEY.test(key)) {
        index += 1;
        continue;
      }
      return {
        reason: `git ${separate ? `${value} ${args[index + 1]?.raw ?? ""}`.trim() : value} can make git run a program`,
        commands: [],
        scripts: setting === null ? [] : [commandText(setting)],
      };
    }
    if (GIT_VALUED_GLOBALS.has(value)) index += 1;
  }
  return null;
}

/** git subcommands and options that run a command given on the line. */
function gitRunsCommand(sub: string, rest: ShellWord[]): HiddenCommands | null {
  const values = rest.map((word) => word.value);
  const runs =
    (sub === "bisect" && values[0] === "run") ||
    (sub === "submodule" && values.includes("foreach")) ||
    sub === "filter-branch" ||
    values.some(
      (value) =>
        value !== null &&
        (/^--(exec|upload-pack|receive-pack|extcmd|[a-z-]*-filter|tool|gpg-program)(=|$)/.test(value) ||
          ((sub === "rebase" ||
            sub === "difftool" ||
            sub === "clone" ||
            sub === "fetch" ||
            sub === "archive") &&
            /^-[A-Za-z]*[xu]$/.test(value))),
    );
  if (!runs) return null;
  const command = values.filter((value): value is string => value?.includes(" ") === true);
  return {
    reason: `git ${sub} runs a command given on the line`,
    commands: [],
    scripts: command.map(commandText),
  };
}

/**
 * awk: a program that calls system(), pipes to or from a command, or writes a file; any option but
 * `-F sep` and `-v name=value` (`-f`/`-E` program files, `-W exec`, `--exec`, `-i`/`-l` includes and
 * extensions) hides the program.
 */
function awk(name: string, args: ShellWord[]): HiddenCommands | null {
  let index = 0;
  for (; index < args.length; index += 1) {
    const value = args[index]?.value;
    if (value === undefined) break;
    if (value === "--") {
      index += 1;
      break;
    }
    if (value === null || !value.startsWith("-") || value === "-") break;
    if (value === "-F" || value === "-v") index += 1;
    else if (!/^-F./.test(value) && !/^-v[A-Za-z_]/.test(value))
      return {
        reason: `${name} ${value} may run a program the gate does not read`,
        commands: [],
        scripts: [],
      };
  }
  const program = args[index];
  if (program === undefined) return null;
  if (program.value === null)
    return { reason: `the ${name} program comes from an expansion`, commands: [], scripts: [] };
  if (!/system|[|>]|getline|@/.test(program.value)) return null;
  const strings = [...program.value.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? "");
  return {
    reason: `the ${name} program runs commands, writes or includes files (system, |, >, getline, @)`,
    commands: [],
    scripts: strings,
  };
}
