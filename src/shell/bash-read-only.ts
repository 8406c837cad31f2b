// Applies the read-only list (bash-read-only-list.ts) to one command: which options it was given,
// which files it reads or lists, and what keeps it from being read-only. A command on the list whose
// file operands stay inside the workspace (and are allowed by Read rules) runs without a prompt.
// find and git have their own models (bash-find.ts, bash-read-only-git.ts).
import { modelFind } from "./bash-find.js";
import { ENFORCED_COMMANDS } from "./bash-read-only-enforced.js";
import { modelGit } from "./bash-read-only-git.js";
import { READ_ONLY_COMMANDS, type ReadOnlySpec } from "./bash-read-only-list.js";
import { STRICT_OPTIONS, strictFindProblem, strictGitProblem } from "./bash-strict-forms.js";
import {
  type Access,
  accessOf,
  type CommandModel,
  type FastPath,
  hasOption,
  type PathResolver,
  type ScannedOptions,
  type ShellWord,
  scanOptions,
  unreadableModel,
} from "./shell-word.js";

/** A stand-in for a word from an expansion while options are scanned where the sandbox contains the
 *  command: it can then be any operand (its path unknown) and the command still read-only. */
const EXPANSION = "\u0000expansion";

/** The list entry for `name` on this fast path (the enforced list only where the sandbox contains it). */
export function readOnlySpec(name: string, fastPath: FastPath): ReadOnlySpec | undefined {
  if (Object.hasOwn(READ_ONLY_COMMANDS, name)) return READ_ONLY_COMMANDS[name];
  if (!Object.hasOwn(ENFORCED_COMMANDS, name)) return undefined;
  return fastPath === "enforced" || Object.hasOwn(STRICT_OPTIONS, name) ? ENFORCED_COMMANDS[name] : undefined;
}

/** The read-only model of a command, or null when it is not on the list. */
export function readOnlyModel(
  name: string,
  words: ShellWord[],
  resolve: PathResolver,
  fastPath: FastPath = "strict",
): CommandModel | null {
  if (name === "git") return strictGit(modelGit(words, resolve), words, fastPath);
  if (name === "find") return strictFind(findModel(words, resolve), words, fastPath);
  if (name === "echo") return { readOnly: true, accesses: [], reasons: [] };
  if (name === "command" && (words[1]?.value === "-v" || words[1]?.value === "-V")) {
    return { readOnly: true, accesses: [], reasons: [] };
  }
  const spec = readOnlySpec(name, fastPath);
  if (!spec) return null;
  const enforced = fastPath === "enforced";
  const stand = new Map<ShellWord, ShellWord>();
  const args = words.slice(1).map((word) => {
    if (!enforced || word.value !== null) return word;
    const standIn = { value: EXPANSION, raw: word.raw, splits: false };
    stand.set(standIn, word);
    return standIn;
  });
  const scanned = scanOptions(args, spec, name);
  if (scanned.problem) return unreadableModel(scanned.problem, "the files it reads");
  scanned.operands = scanned.operands.map((word) => stand.get(word) ?? word);
  if (!enforced) {
    const unknownForm = notKnownSafeForm(name, scanned);
    if (unknownForm !== null) return unknownForm;
  }
  const effects = optionEffects(name, spec, scanned, args);
  const accesses = [
    ...optionValueAccesses(scanned, spec.readsValue, "read", resolve, name),
    ...optionValueAccesses(scanned, spec.writesValue, "write", resolve, name),
  ];
  const recursive = spec.recursive?.some((option) => scanned.options.has(option)) ?? false;
  let operands = scanned.operands;
  if (
    spec.operands === "pattern-then-read" &&
    !hasOption(scanned, "e", "f", "--regexp", "--file", "--files", "--type-list")
  ) {
    operands = operands.slice(1);
  }
  if (spec.operands === "text") operands = [];
  const second = operands[1];
  if (spec.operands === "first-read-second-write" && second !== undefined) {
    effects.push(`${name} writes its second operand`);
    accesses.push(accessOf(resolve, second, "write", name));
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
  // A word that splits may become several operands, whatever role the scan gave it.
  for (const word of stand.values())
    if (word.splits && !operands.includes(word)) accesses.push(accessOf(resolve, word, mode, name, deep));
  return { readOnly: effects.length > 0 ? effects.join("; ") : true, accesses, reasons: [] };
}

/** Strict fast path: a command or option outside the known-safe forms is not read-only; null when
 *  every option given is one of them. */
function notKnownSafeForm(name: string, scanned: ScannedOptions): CommandModel | null {
  const allowed = STRICT_OPTIONS[name];
  const unlisted = [...scanned.options.keys()].find((option) => !allowed?.has(option));
  if (allowed !== undefined && unlisted === undefined) return null;
  const what = allowed === undefined ? name : `${name} ${unlisted?.startsWith("--") ? "" : "-"}${unlisted}`;
  return {
    readOnly: `${what} is not a known-safe form (no sandbox contains it here)`,
    accesses: [],
    reasons: [],
  };
}

/** What the options given make the command do besides reading (the list's unsafe options, ls -RL,
 *  a jq program that reads other files). */
function optionEffects(
  name: string,
  spec: ReadOnlySpec,
  scanned: ScannedOptions,
  args: ShellWord[],
): string[] {
  const effects: string[] = [];
  for (const [option, why] of Object.entries(spec.unsafe ?? {}))
    if (scanned.options.has(option)) effects.push(why);
  // A jq program can read other files itself: `import "../x" as $d;` (JSON data), `include "m";`.
  if (name === "ls" && hasOption(scanned, "R", "--recursive") && hasOption(scanned, "L", "--dereference"))
    effects.push("ls -RL follows symbolic links (out of the workspace too)");
  if (name === "jq" && args.some((word) => word.value === null || /\b(import|include)\b/.test(word.value)))
    effects.push("a jq program with import or include reads other files");
  return effects;
}

/** The files named by the values of `options` (`sort -o out`, `jq --rawfile name file`). */
function optionValueAccesses(
  scanned: ScannedOptions,
  options: string[] | undefined,
  mode: "read" | "write",
  resolve: PathResolver,
  name: string,
): Access[] {
  const accesses: Access[] = [];
  for (const [option, given] of scanned.values) {
    if (!options?.includes(option)) continue;
    // Two-valued options (`jq --rawfile name file`): the file is the second value.
    const value = given.split("\0").at(-1) as string;
    const word =
      value === EXPANSION
        ? { value: null, raw: option, splits: false }
        : { value, raw: value, splits: false };
    accesses.push(accessOf(resolve, word, mode, name));
  }
  return accesses;
}

/** git on the strict fast path: only the listed subcommands and display options. */
function strictGit(model: CommandModel, words: ShellWord[], fastPath: FastPath): CommandModel {
  if (fastPath === "enforced" || model.readOnly !== true) return model;
  let index = 1;
  while (words[index]?.value?.startsWith("-")) index += 1;
  const sub = words[index]?.value;
  if (sub === undefined || sub === null) return model;
  const problem = strictGitProblem(
    sub,
    words.slice(index + 1).map((word) => word.value ?? ""),
  );
  return problem === null ? model : { ...model, readOnly: `${problem} (no sandbox contains it here)` };
}

function strictFind(model: CommandModel, words: ShellWord[], fastPath: FastPath): CommandModel {
  if (fastPath === "enforced" || model.readOnly !== true) return model;
  const problem = strictFindProblem(words.slice(1).map((word) => word.value));
  return problem === null ? model : { ...model, readOnly: `${problem} (no sandbox contains it here)` };
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
