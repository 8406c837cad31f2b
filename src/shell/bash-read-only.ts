// Applies the read-only list (bash-read-only-list.ts) to one command: which options it was given,
// which files it reads or lists, and what keeps it from being read-only. A command on the list whose
// file operands stay inside the workspace (and are allowed by Read rules) runs without a prompt.
// find and git have their own models (bash-find.ts, bash-read-only-git.ts).
import { modelFind } from "./bash-find.js";
import { modelGit } from "./bash-read-only-git.js";
import { READ_ONLY_COMMANDS } from "./bash-read-only-list.js";
import {
  type Access,
  accessOf,
  type CommandModel,
  hasOption,
  type PathResolver,
  type ShellWord,
  scanOptions,
  unreadableModel,
} from "./shell-word.js";

/** The read-only model of a command, or null when it is not on the list. */
export function readOnlyModel(name: string, words: ShellWord[], resolve: PathResolver): CommandModel | null {
  if (name === "git") return modelGit(words, resolve);
  if (name === "find") return findModel(words, resolve);
  if (name === "echo") return { readOnly: true, accesses: [], reasons: [] };
  if (name === "command" && (words[1]?.value === "-v" || words[1]?.value === "-V")) {
    return { readOnly: true, accesses: [], reasons: [] };
  }
  const spec = Object.hasOwn(READ_ONLY_COMMANDS, name) ? READ_ONLY_COMMANDS[name] : undefined;
  if (!spec) return null;
  const args = words.slice(1);
  const scanned = scanOptions(args, spec, name);
  if (scanned.problem) return unreadableModel(scanned.problem, "the files it reads");
  const accesses: Access[] = [];
  const effects: string[] = [];
  for (const [option, why] of Object.entries(spec.unsafe ?? {}))
    if (scanned.options.has(option)) effects.push(why);
  // A jq program can read other files itself: `import "../x" as $d;` (JSON data), `include "m";`.
  if (name === "ls" && hasOption(scanned, "R", "--recursive") && hasOption(scanned, "L", "--dereference"))
    effects.push("ls -RL follows symbolic links (out of the workspace too)");
  if (name === "jq" && args.some((word) => word.value === null || /\b(import|include)\b/.test(word.value)))
    effects.push("a jq program with import or include reads other files");
  const valueAccesses = (options: string[] | undefined, mode: "read" | "write") => {
    for (const [option, given] of scanned.values) {
      if (!options?.includes(option)) continue;
      // Two-valued options (`jq --rawfile name file`): the file is the second value.
      const value = given.split("\0").at(-1) as string;
      accesses.push(accessOf(resolve, { value, raw: value, splits: false }, mode, name));
    }
  };
  valueAccesses(spec.readsValue, "read");
  valueAccesses(spec.writesValue, "write");
  const recursive = spec.recursive?.some((option) => scanned.options.has(option)) ?? false;
  let operands = scanned.operands;
  if (
    spec.operands === "pattern-then-read" &&
    !hasOption(scanned, "e", "f", "--regexp", "--file", "--files", "--type-list")
  ) {
    operands = operands.slice(1);
  }
  if (spec.operands === "text") operands = [];
  if (spec.operands === "first-read-second-write" && operands.length > 1) {
    effects.push(`${name} writes its second operand`);
    accesses.push(accessOf(resolve, operands[1], "write", name));
    operands = operands.slice(0, 1);
  }
  const mode = spec.operands === "list" ? "list" : "read";
  const deep = recursive || spec.defaultFolder === true;
  if (operands.length === 0 && deep) operands = [{ value: ".", raw: ".", splits: false }];
  for (const operand of operands)
    accesses.push(
      accessOf(
        resolve,
        operand,
        mode,
        name,
        deep || (name === "ls" && hasOption(scanned, "R", "--recursive")),
      ),
    );
  return { readOnly: effects.length > 0 ? effects.join("; ") : true, accesses, reasons: [] };
}

function findModel(words: ShellWord[], resolve: PathResolver): CommandModel {
  const model = modelFind(words.slice(1));
  if (model.problem)
    return {
      readOnly: `${model.problem} is not understood`,
      accesses: [],
      reasons: [`${model.problem} is not understood`],
    };
  const deletes = model.effects.includes("find -delete deletes files");
  const accesses = [
    ...model.startPaths.map((word) => accessOf(resolve, word, deletes ? "write" : "list", "find", true)),
    ...model.reads.map((word) => accessOf(resolve, word, "list", "find")),
    ...model.writes.map((word) => accessOf(resolve, word, "write", "find")),
  ];
  return { readOnly: model.effects.length > 0 ? model.effects.join("; ") : true, accesses, reasons: [] };
}
