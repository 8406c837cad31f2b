// The Bash analysis behind the gate's "certain or ask" rule: walks the parsed command (bash-parser.ts)
// in the order bash runs it, following the shell's real folder through `cd` (within the line, from the
// folder the previous call left), and lists every command that runs (also inside substitutions,
// nested shells and wrappers), every file a redirection or a modelled command touches (resolved the
// way the kernel will), and every reason the result is not certain. Rules are applied in evaluate.ts.
import { isAbsolute } from "node:path";
import { present, protectedMention, resolveReal } from "../util/index.js";
import { builtinVerdict, parseCd } from "./bash-builtins.js";
import { dangerousVariable, localVariable } from "./bash-environment.js";
import { fileCommandModel } from "./bash-file-commands.js";
import { expandGlob } from "./bash-glob.js";
import { firstMutation, isMutator, scanScript } from "./bash-mutation.js";
import { parseBash } from "./bash-parser.js";
import { readOnlyModel, readOnlySpec } from "./bash-read-only.js";
import { VERSION_QUERIES } from "./bash-read-only-enforced.js";
import { gitMayWriteWorkTree } from "./bash-read-only-git.js";
import { folderScope, isFolder, type Scope, sameScope } from "./bash-scope.js";
import { sedModel } from "./bash-sed.js";
import type { Command, Redirect, Script, SimpleCommand, Word } from "./bash-syntax.js";
import { dialectReason, programName, unwrap } from "./bash-wrappers.js";
import {
  type Access,
  accessOf,
  type FastPath,
  type PathResolver,
  type ShellWord,
  wordOf,
} from "./shell-word.js";

export type { FastPath } from "./shell-word.js";

export type AnalysisOptions = {
  /** The shell's real folder when the command starts (where the previous call left it). */
  cwd: string;
  /** The shell's logical $PWD at the start (a path to the same folder), when known. */
  logicalCwd?: string;
  homeDir: string;
  /** CDPATH is set: `cd name` may go elsewhere than ./name. */
  cdpath?: boolean;
  /** Default "strict". */
  fastPath?: FastPath;
};

export type AnalysedCommand = {
  words: ShellWord[];
  /** Leading `NAME=value` assignments as written: part of the command for allow rules. */
  assignments: string[];
  /** A wrapper that only changes how its inner command runs (an allow rule for the inner one covers it). */
  transparent: boolean;
  /** true when provably read-only, else why not. */
  readOnly: true | string;
  accesses: Access[];
  /** The real folder it runs in, null when the gate cannot know it. */
  cwd?: string | null;
};

export type BashAnalysis =
  | { kind: "unparseable"; reason: string }
  | {
      kind: "analysed";
      commands: AnalysedCommand[];
      /** Every file access (also redirections of compound commands). */
      accesses: Access[];
      /** Why the analysis is not certain (empty when it is). */
      reasons: string[];
      /** Why the line as a whole is not read-only, though its commands may be (strict fast path). */
      notReadOnly?: string;
    };

/** Leading assignments that cannot make a read-only program do anything else (locale, time zone, colour). */
const HARMLESS_SETTING = /^(LC_[A-Z]+|LANG|LANGUAGE|TZ|NO_COLOR|COLUMNS|LINES)=/;

const DEVICES = new Set([
  "/dev/null",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/stdin",
  "/dev/tty",
  "/dev/zero",
  "/dev/random",
  "/dev/urandom",
  "/dev/fd/0",
  "/dev/fd/1",
  "/dev/fd/2",
]);

export function analyseBash(command: string, options: AnalysisOptions): BashAnalysis {
  const parsed = parseBash(command);
  if (parsed.kind === "unparseable") return parsed;
  const walker = new Walker(options, [...parsed.reasons], parsed.script);
  const physical = resolveReal(options.cwd).path;
  walker.walkScript(parsed.script, { physical, logical: options.logicalCwd ?? physical });
  const reasons = [...walker.reasons];
  // A line that only reads runs in the read-only profile where one is enforced: nothing in it can
  // change where a path leads, and what it reads the profile limits; its unknown reads are no doubt.
  const contained =
    options.fastPath === "enforced" &&
    walker.commands.every((command) => command.readOnly === true) &&
    walker.accesses.every((access) => access.mode !== "write");
  for (const access of walker.accesses)
    if (access.uncertain && !contained && !reasons.includes(access.uncertain)) reasons.push(access.uncertain);
  const notReadOnly = walker.notReadOnly === undefined ? {} : { notReadOnly: walker.notReadOnly };
  return { kind: "analysed", commands: walker.commands, accesses: walker.accesses, reasons, ...notReadOnly };
}

class Walker {
  readonly commands: AnalysedCommand[] = [];
  readonly accesses: Access[] = [];
  /** The first command seen that may change which folder a path leads to (a symlink, a move). */
  private mutatedBy: string | null = null;
  private readonly concurrent: { mutators: SimpleCommand[] } | null;
  private current: SimpleCommand | null = null;
  /** How many command or process substitutions the walk is inside. */
  private substitutionDepth = 0;
  private readonly fastPath: FastPath;
  /** Why the line as a whole is not read-only although each command may be. */
  notReadOnly: string | undefined;

  constructor(
    private readonly options: AnalysisOptions,
    readonly reasons: string[],
    script: Script,
  ) {
    this.fastPath = options.fastPath ?? "strict";
    const scan = scanScript(script);
    this.concurrent =
      scan.concurrent && scan.mutators.length > 0 && scan.simpleCount > 1
        ? { mutators: scan.mutators }
        : null;
  }

  note(reason: string): void {
    if (!this.reasons.includes(reason)) this.reasons.push(reason);
  }

  walkScript(script: Script, scope: Scope): Scope {
    let current = scope;
    for (const item of script) {
      if (item.background) {
        this.walkAndOr(item.pipelines, current);
        continue;
      }
      current = this.walkAndOr(item.pipelines, current);
    }
    return current;
  }

  /** `a && cd x && b`: the folder changes are followed on the success path. */
  private walkAndOr(pipelines: { commands: Command[] }[], scope: Scope): Scope {
    let current = scope;
    for (const pipeline of pipelines) {
      const [only, ...others] = pipeline.commands;
      if (only !== undefined && others.length === 0) current = this.walkCommand(only, current);
      else for (const command of pipeline.commands) this.walkCommand(command, current);
    }
    return current;
  }

  private walkCommand(command: Command, scope: Scope): Scope {
    if (command.kind === "simple") return this.walkSimple(command, scope);
    for (const redirect of command.redirects) this.accesses.push(...this.redirectAccesses(redirect, scope));
    switch (command.kind) {
      case "subshell":
        this.walkScript(command.body, scope);
        return scope;
      case "group":
        return this.walkScript(command.body, scope);
      case "if": {
        const outcomes: Scope[] = [];
        let current = scope;
        for (const branch of command.branches) {
          current = this.walkScript(branch.condition, current);
          outcomes.push(this.walkScript(branch.body, current));
        }
        const otherwise = command.otherwise ? this.walkScript(command.otherwise, current) : current;
        outcomes.push(otherwise);
        const first = outcomes[0] ?? otherwise;
        return outcomes.every((outcome) => sameScope(outcome, first)) ? first : null;
      }
      case "loop":
        return this.walkLoop([command.condition, command.body], scope);
      case "for":
        for (const item of command.items ?? []) this.walkSubstitutions(item, scope);
        if (!localVariable(command.variable)) {
          this.note(
            `the for loop sets ${command.variable}, which later commands may see in their environment`,
          );
        }
        return this.walkLoop([command.body], scope);
    }
  }

  /** A loop body may run several times: if it moves the shell, its paths are walked again from "unknown". */
  private walkLoop(parts: Script[], scope: Scope): Scope {
    let current = scope;
    for (const part of parts) current = this.walkScript(part, current);
    if (sameScope(current, scope)) return scope;
    for (const part of parts) this.walkScript(part, null);
    return null;
  }

  private walkSubstitutions(word: Word, scope: Scope): void {
    for (const part of word.parts) {
      if (part.kind !== "substitution" && part.kind !== "process") continue;
      this.substitutionDepth += 1;
      this.walkScript(part.script, scope);
      this.substitutionDepth -= 1;
    }
  }

  private walkSimple(command: SimpleCommand, scope: Scope): Scope {
    this.current = command;
    for (const assignment of command.assignments) this.walkSubstitutions(assignment.value, scope);
    for (const word of command.words) this.walkSubstitutions(word, scope);
    for (const redirect of command.redirects) {
      this.walkSubstitutions(redirect.target, scope);
      if (redirect.hereDocument) this.walkSubstitutions(redirect.hereDocument.body, scope);
    }
    this.current = command;
    for (const assignment of command.assignments) {
      if (dangerousVariable(assignment.name))
        this.note(`the assignment ${assignment.raw} (${assignment.name} changes what programs do)`);
      else if (command.words.length === 0 && !localVariable(assignment.name)) {
        this.note(
          `the assignment ${assignment.raw} (later commands may see ${assignment.name} in their environment)`,
        );
      }
    }
    const redirects = command.redirects.flatMap((redirect) => this.redirectAccesses(redirect, scope));
    const words = command.words.map((word) => wordOf(word, this.options.homeDir));
    if (words.length === 0) {
      this.accesses.push(...redirects);
      return scope;
    }
    const assignments = command.assignments.map((assignment) => assignment.raw);
    // Strict: a line with a here-document inside a substitution is no known-safe form as a whole
    // (allow rules still cover its commands: `git commit -m "$(cat <<'EOF' … EOF)"`).
    const hereDocument = command.redirects.some((redirect) => redirect.hereDocument !== undefined);
    if (this.fastPath === "strict" && this.substitutionDepth > 0 && hereDocument)
      this.notReadOnly ??= "a here-document inside a substitution (no sandbox contains it here)";
    return this.runCommand(words, assignments, redirects, scope);
  }

  /** Records one command that runs (and what it runs in turn); returns the shell's folder afterwards. */
  private runCommand(words: ShellWord[], assignments: string[], redirects: Access[], scope: Scope): Scope {
    const entry: AnalysedCommand = {
      words,
      assignments,
      transparent: false,
      readOnly: true,
      accesses: [...redirects],
      cwd: scope?.physical ?? null,
    };
    this.commands.push(entry);
    this.accesses.push(...redirects);
    const head = present(words[0], "a command that runs has at least one word");
    const program = head.value;
    if (program === null) {
      this.note(`the command name ${head.raw} comes from an expansion`);
      entry.readOnly = "its name comes from an expansion";
      this.mutatedBy ??= head.raw;
      return null;
    }
    if (/[^\x21-\x7e]/.test(program))
      this.note(`the command name ${program} has characters outside printable ASCII (lookalikes)`);
    const name = programName(program);
    const resolve = this.resolver(scope);
    const bare = !program.includes("/");
    if (bare && name === "cd") return this.changeFolder(entry, words, scope);
    if (bare) {
      const verdict = builtinVerdict(name, words);
      if (verdict.kind === "uncertain") {
        this.note(verdict.reason);
        entry.readOnly = verdict.reason;
        return name === "source" || name === "." || name === "pushd" || name === "popd" ? null : scope;
      }
      if (verdict.kind === "read-only") return scope;
    }
    const wrapped = this.runWrapped(entry, name, resolve, scope);
    this.judgeByModel(entry, { program, name, bare, assignments }, { resolve, scope, ...wrapped });
    return scope;
  }

  /** What a wrapper (xargs, env, find -exec, sh -c …) runs, recorded as commands of their own, and
   *  the wrapper's verdict from theirs. */
  private runWrapped(
    entry: AnalysedCommand,
    name: string,
    resolve: PathResolver,
    scope: Scope,
  ): { wraps: boolean; innerReadOnly: boolean } {
    const found = unwrap(entry.words);
    for (const reason of found?.reasons ?? []) this.note(reason);
    const wraps = found !== null && found.commands.length + found.scripts.length > 0;
    if (found === null) return { wraps, innerReadOnly: false };
    const add = (word: ShellWord, mode: "read" | "write") => {
      const access = accessOf(resolve, word, mode, name);
      entry.accesses.push(access);
      this.accesses.push(access);
    };
    for (const word of found.writes) add(word, "write");
    for (const word of found.reads) add(word, "read");
    const first = this.commands.length;
    for (const inner of found.commands)
      this.runCommand(inner.words, [], [], this.innerScope(inner.cwd, scope));
    for (const script of found.scripts) this.walkNestedScript(name, script, scope);
    const inner = this.commands.slice(first);
    const blocked = inner.find((command) => command.readOnly !== true);
    entry.transparent = found.transparent && wraps;
    // Enforced: xargs and find -exec around read-only commands are contained like the commands.
    const innerReadOnly =
      blocked === undefined && wraps && found.reasons.length === 0 && this.fastPath === "enforced";
    if (wraps && this.fastPath === "strict")
      this.notReadOnly ??= `${name} runs another command (no sandbox contains it here)`;
    if (entry.transparent)
      entry.readOnly =
        blocked === undefined
          ? true
          : `${name} runs ${present(blocked.words[0], "a recorded command has a first word").raw}`;
    else if (wraps)
      entry.readOnly = innerReadOnly && name === "xargs" ? true : `${name} runs another command`;
    else if (found.writes.length > 0) entry.readOnly = `${name} writes a file`;
    return { wraps, innerReadOnly };
  }

  /** The command's own verdict: its model's (read-only list, sed, file commands), what it accesses,
   *  and what still keeps it from being read-only (an inexact operand, another program of that name,
   *  a setting in front of it). */
  private judgeByModel(
    entry: AnalysedCommand,
    command: { program: string; name: string; bare: boolean; assignments: string[] },
    context: { resolve: PathResolver; scope: Scope; wraps: boolean; innerReadOnly: boolean },
  ): void {
    const { program, name, bare, assignments } = command;
    const { resolve, scope, wraps, innerReadOnly } = context;
    const words = entry.words;
    const listed = readOnlySpec(name, this.fastPath) !== undefined;
    const operands = listed ? this.expandGlobs(words, scope) : words;
    const model =
      name === "sed"
        ? sedModel(words, resolve, this.fastPath)
        : (readOnlyModel(name, operands, resolve, this.fastPath) ?? fileCommandModel(name, words, resolve));
    if (model !== null) {
      // Reading a device (`cat /dev/null`) reads nothing of the user's.
      const accesses = model.accesses.filter((access) => access.mode === "write" || !DEVICES.has(access.raw));
      entry.accesses.push(...accesses);
      this.accesses.push(...accesses);
      for (const reason of model.reasons) this.note(reason);
      if (!wraps) entry.readOnly = model.readOnly;
      else if (name === "find")
        entry.readOnly = innerReadOnly ? besidesActions(model.readOnly) : model.readOnly;
      if (this.fastPath === "strict" && entry.readOnly === true && name !== "echo") {
        const inexact = operands.find((word) => word.value === null);
        if (inexact)
          entry.readOnly = `${inexact.raw} is an expansion the gate cannot compute (no sandbox contains it here)`;
      }
      if (!bare && !/^\/(usr\/)?(local\/)?s?bin\/[^/]+$/.test(program) && entry.readOnly === true) {
        entry.readOnly = `${program} is not the system's ${name}`;
      }
    } else if (
      this.fastPath === "enforced" &&
      bare &&
      words.length === 2 &&
      VERSION_QUERIES.has(words[1]?.value ?? "")
    )
      entry.readOnly = true;
    else if (!wraps && entry.readOnly === true) entry.readOnly = `${name} is not on the read-only list`;
    if (entry.readOnly !== true && (model === null || name === "git")) this.noteProtectedMention(name, words);
    const setting = assignments.find((assignment) => !HARMLESS_SETTING.test(assignment));
    if (setting !== undefined && entry.readOnly === true)
      entry.readOnly = `${setting} changes its environment`;
    if (!wraps && isMutator(name)) this.mutatedBy ??= name;
  }

  /**
   * A program the gate does not model (or git changing the work tree) that names a protected path
   * in any word may write it in ways the analysis cannot see (`perl -pi … .claude/x`, `python -c
   * 'open(".agents/…")'`, `git checkout -- .claude/settings.json`): uncertain, so it asks.
   */
  private noteProtectedMention(name: string, words: ShellWord[]): void {
    if (name === "git" && !gitMayWriteWorkTree(words)) return;
    for (const word of words.slice(1)) {
      const mention = protectedMention(word.value ?? word.raw);
      if (mention === null) continue;
      this.note(`${name} names ${mention} (protected configuration) and may write it unseen`);
      return;
    }
  }

  /** Wildcard words of a read-only command expanded as bash will (left unknown when not certain). */
  private expandGlobs(words: ShellWord[], scope: Scope): ShellWord[] {
    if (!words.some((word) => word.glob !== undefined) || this.dependsOnEarlier()) return words;
    return words.flatMap((word) => {
      if (word.glob === undefined) return [word];
      const matches = expandGlob(word.glob, scope?.physical ?? null);
      // Unmatched, bash passes the pattern on as it is: taken as such only for an option
      // (`--include=*.md`), never as a path.
      if (matches?.length === 0 && /^-[^/]*$/.test(word.glob))
        return [{ value: word.glob.replace(/\\(.)/g, "$1"), raw: word.raw, splits: false }];
      return matches === null || matches.length === 0
        ? [word]
        : matches.map((match) => ({ value: match, raw: match, splits: false }));
    });
  }

  private walkNestedScript(name: string, script: string | null, scope: Scope): void {
    if (script === null) return;
    const parsed = parseBash(script);
    if (parsed.kind === "unparseable") {
      this.note(`the script run by ${name} could not be read with certainty (${parsed.reason})`);
      return;
    }
    for (const reason of [...parsed.reasons, dialectReason(name, script) ?? []].flat()) this.note(reason);
    const saved = this.current;
    this.walkScript(parsed.script, scope);
    this.current = saved;
  }

  private innerScope(cwd: ShellWord | "unknown" | undefined, scope: Scope): Scope {
    if (cwd === undefined) return scope;
    if (cwd === "unknown" || cwd.value === null) return null;
    return folderScope(cwd.value, scope, false);
  }

  private changeFolder(entry: AnalysedCommand, words: ShellWord[], scope: Scope): Scope {
    const request = parseCd(words.slice(1));
    if (request.kind === "unknown") return null;
    const target = request.kind === "home" ? this.options.homeDir : request.target;
    if (request.kind === "folder" && this.options.cdpath && !/^(\/|\.\.?(\/|$))/.test(target)) return null;
    if (this.dependsOnEarlier()) return null;
    const next = folderScope(target, scope, request.physical);
    if (next === null) return null;
    const access: Access = { path: next.physical, raw: target, mode: "list", recursive: false, by: "cd" };
    entry.accesses.push(access);
    this.accesses.push(access);
    return next;
  }

  private dependsOnEarlier(): boolean {
    if (this.mutatedBy !== null) return true;
    if (this.concurrent === null) return false;
    return this.concurrent.mutators.some((mutator) => mutator !== this.current);
  }

  private resolver(scope: Scope): PathResolver {
    return (text) => {
      if (DEVICES.has(text)) return { path: text, isDirectory: false };
      if (text === "") return { path: null, isDirectory: false, uncertain: "an empty path" };
      if (!isAbsolute(text) && scope === null) {
        const uncertain = `${text} is relative to a folder the gate cannot know (after a cd it could not follow)`;
        return { path: null, isDirectory: false, uncertain };
      }
      const real = resolveReal(isAbsolute(text) ? text : `${scope?.physical}/${text}`);
      let uncertain: string | undefined;
      if (real.loop) uncertain = `${text} goes through a loop of symbolic links`;
      else if (real.dotDotAfterMissing)
        uncertain = `${text} depends on ${real.firstMissing}, which does not exist yet`;
      else if (this.dependsOnEarlier()) {
        uncertain = `${text} may lead elsewhere once an earlier command in the line (${this.mutatedBy ?? firstMutation(this.concurrent?.mutators ?? [])}) has run`;
      }
      return { path: real.path, isDirectory: real.exists && isFolder(real.path), uncertain };
    };
  }

  private redirectAccesses(redirect: Redirect, scope: Scope): Access[] {
    const operator = redirect.operator;
    if (operator === "<<" || operator === "<<-" || operator === "<<<") return [];
    const target = wordOf(redirect.target, this.options.homeDir);
    if ((operator === ">&" || operator === "<&") && target.value !== null && /^(\d+|-)$/.test(target.value)) {
      // 0, 1, 2 are the command's own streams; others may be descriptors the shell was given.
      if (/^\d+$/.test(target.value) && Number(target.value) > 2) {
        this.note(`the redirection ${operator}${target.value} (a file descriptor the command did not open)`);
      }
      return [];
    }
    if (operator === "<&") {
      this.note(`the redirection <& ${target.raw}`);
      return [];
    }
    const mode = operator.includes(">") ? "write" : "read";
    if (target.value !== null && DEVICES.has(target.value)) return [];
    return [accessOf(this.resolver(scope), target, mode, `the redirection ${operator}`)];
  }
}

/** find's verdict apart from the commands its actions run (which were found read-only). */
function besidesActions(readOnly: true | string): true | string {
  if (readOnly === true) return true;
  const rest = readOnly
    .split("; ")
    .filter((effect) => !/^find -(exec|execdir|ok|okdir) runs a command$/.test(effect));
  return rest.length === 0 ? true : rest.join("; ");
}
