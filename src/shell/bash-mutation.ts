// Which commands may change where a path leads (create a symlink, move or replace a folder) for the
// commands after them in the same line: anything but a short list of programs that only read, or
// only create, remove or fill plain files and folders. Also whether parts of a line run at the same
// time (`&`, pipelines, process substitution), when order no longer protects anything.
import { READ_ONLY_COMMANDS } from "./bash-read-only-list.js";
import type { Command, Script, SimpleCommand, Word } from "./bash-syntax.js";
import { programName } from "./bash-wrappers.js";

const KEEPS_PATHS = new Set(
  (
    "cd echo printf test [ true false : pwd set exit return break continue shift sleep wait umask ulimit " +
    "mkdir touch rm rmdir unlink shred truncate chmod chown chgrp tee dd find sed"
  ).split(" "),
);

/** Whether running `name` may change which folder a path leads to (it may create symlinks, move …). */
export function isMutator(name: string): boolean {
  return !KEEPS_PATHS.has(name) && READ_ONLY_COMMANDS[name] === undefined;
}

type ScriptScan = {
  /** Some parts run at the same time as others. */
  concurrent: boolean;
  /** Simple commands that may change where paths lead (by their literal name; unknown names count). */
  mutators: SimpleCommand[];
  simpleCount: number;
};

export function scanScript(script: Script): ScriptScan {
  const scan: ScriptScan = { concurrent: false, mutators: [], simpleCount: 0 };
  visitScript(script, scan);
  return scan;
}

function visitScript(script: Script, scan: ScriptScan): void {
  for (const item of script) {
    if (item.background) scan.concurrent = true;
    for (const pipeline of item.pipelines) {
      if (pipeline.commands.length > 1) scan.concurrent = true;
      for (const command of pipeline.commands) visitCommand(command, scan);
    }
  }
}

function visitCommand(command: Command, scan: ScriptScan): void {
  switch (command.kind) {
    case "simple": {
      scan.simpleCount += 1;
      const words = [...command.words, ...command.assignments.map((assignment) => assignment.value)];
      for (const word of [...words, ...command.redirects.map((redirect) => redirect.target)])
        visitWord(word, scan);
      for (const redirect of command.redirects)
        if (redirect.hereDocument) visitWord(redirect.hereDocument.body, scan);
      const first = command.words[0];
      const only = first?.parts.length === 1 ? first.parts[0] : undefined;
      const name = only?.kind === "text" ? only.value : null;
      if (first !== undefined && (name === null || isMutator(programName(name)))) scan.mutators.push(command);
      return;
    }
    case "subshell":
    case "group":
      visitScript(command.body, scan);
      return;
    case "if":
      for (const branch of command.branches) {
        visitScript(branch.condition, scan);
        visitScript(branch.body, scan);
      }
      if (command.otherwise) visitScript(command.otherwise, scan);
      return;
    case "loop":
      visitScript(command.condition, scan);
      visitScript(command.body, scan);
      return;
    case "for":
      for (const item of command.items ?? []) visitWord(item, scan);
      visitScript(command.body, scan);
  }
}

function visitWord(word: Word, scan: ScriptScan): void {
  for (const part of word.parts) {
    if (part.kind === "process") scan.concurrent = true;
    if (part.kind === "substitution" || part.kind === "process") visitScript(part.script, scan);
  }
}

/** A name for the first command that may change paths, for messages. */
export function firstMutation(mutators: SimpleCommand[]): string {
  const word = mutators[0]?.words[0];
  return word === undefined ? "another command" : word.raw;
}
