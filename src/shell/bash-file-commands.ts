// The common commands that write files, read well enough to know which paths they touch: cp, mv,
// ln, rm, rmdir, unlink, shred, truncate, touch, mkdir, chmod, chown, chgrp, tee, dd, install. Their path
// operands become accesses the gate checks against the workspace, protected paths and Edit/Read
// rules; an option outside the modelled set makes the command uncertain (its operands' roles are
// then unknown).
import { basename } from "node:path";
import { present } from "../util/index.js";
import {
  type Access,
  accessOf,
  type CommandModel,
  hasOption,
  type OptionSpec,
  type PathResolver,
  type ScannedOptions,
  type ShellWord,
  scanOptions,
} from "./shell-word.js";

const w = (names: string) => names.split(" ");

type Shape = "copy" | "move" | "link" | "all-write" | "mode-then-write";

const SPECS: Record<string, OptionSpec & { shape: Shape; recursive?: string[]; readsValue?: string[] }> = {
  cp: {
    shape: "copy",
    flags: "abdfHilLnPpRrsTuvxZ",
    valued: "St",
    long: w(
      "archive attributes-only copy-contents dereference force link no-clobber no-dereference no-target-directory one-file-system parents recursive remove-destination strip-trailing-slashes symbolic-link verbose debug keep-directory-symlink",
    ),
    longValued: w("suffix target-directory no-preserve sparse"),
    optionalValue: w("backup preserve reflink update context"),
    recursive: w("r R a --recursive --archive"),
  },
  mv: {
    shape: "move",
    flags: "bfinTuvZ",
    valued: "St",
    long: w("force no-clobber no-target-directory strip-trailing-slashes verbose debug exchange no-copy"),
    longValued: w("suffix target-directory"),
    optionalValue: w("backup interactive update context"),
  },
  ln: {
    shape: "link",
    flags: "bdfFinLPrsTv",
    valued: "St",
    long: w(
      "directory force interactive logical no-dereference physical relative symbolic no-target-directory verbose",
    ),
    longValued: w("suffix target-directory"),
    optionalValue: w("backup"),
  },
  rm: {
    shape: "all-write",
    flags: "dfirIRv",
    long: w("force one-file-system no-preserve-root recursive dir verbose"),
    optionalValue: w("interactive preserve-root"),
    recursive: w("r R --recursive"),
  },
  rmdir: { shape: "all-write", flags: "pv", long: w("ignore-fail-on-non-empty parents verbose") },
  unlink: { shape: "all-write" },
  shred: {
    shape: "all-write",
    flags: "fuvxz",
    valued: "ns",
    long: w("force exact verbose zero"),
    longValued: w("iterations size random-source"),
    optionalValue: w("remove"),
  },
  truncate: {
    shape: "all-write",
    flags: "co",
    valued: "sr",
    long: w("no-create io-blocks"),
    longValued: w("size reference"),
    readsValue: w("r --reference"),
  },
  touch: {
    shape: "all-write",
    flags: "acfhm",
    valued: "drt",
    long: w("no-create no-dereference"),
    longValued: w("date reference time"),
    readsValue: w("r --reference"),
  },
  mkdir: {
    shape: "all-write",
    flags: "pvZ",
    valued: "m",
    long: w("parents verbose"),
    longValued: w("mode"),
    optionalValue: w("context"),
  },
  tee: {
    shape: "all-write",
    flags: "aip",
    long: w("append ignore-interrupts"),
    optionalValue: w("output-error"),
  },
  chmod: {
    shape: "mode-then-write",
    flags: "cfvR",
    long: w(
      "changes silent quiet verbose no-preserve-root preserve-root recursive dereference no-dereference",
    ),
    longValued: w("reference"),
    recursive: w("R --recursive"),
    readsValue: w("--reference"),
  },
  chown: {
    shape: "mode-then-write",
    flags: "cfhvRHLP",
    long: w(
      "changes silent quiet verbose dereference no-dereference recursive no-preserve-root preserve-root",
    ),
    longValued: w("from reference"),
    recursive: w("R --recursive"),
    readsValue: w("--reference"),
  },
};
SPECS.chgrp = present(SPECS.chown, "chown's spec is listed above");
// install copies like cp (`-d` making folders and `--strip-program` are not modelled: they ask).
SPECS.install = {
  shape: "copy",
  flags: "bcCDpsTvZ",
  valued: "gmoSt",
  long: w("compare preserve-timestamps strip no-target-directory verbose preserve-context debug"),
  longValued: w("group mode owner suffix target-directory"),
  optionalValue: w("backup context"),
};

const DD_KEYS = new Set(w("bs cbs conv count ibs iflag obs oflag seek skip status iseek oseek"));

/** The file-command model of `words`, or null when the program is not one of these commands. */
export function fileCommandModel(
  name: string,
  words: ShellWord[],
  resolve: PathResolver,
): CommandModel | null {
  if (name === "dd") return dd(words.slice(1), resolve);
  const spec = SPECS[name];
  if (!spec) return null;
  let args = words.slice(1);
  let mode: ShellWord | undefined;
  if (name === "chmod") {
    // A mode such as -x or -w looks like an option.
    const at = args.findIndex((word) => /^-[rwxXst]+$/.test(word.value ?? ""));
    if (at >= 0) {
      mode = args[at];
      args = args.filter((_, index) => index !== at);
    }
  }
  const scanned = scanOptions(args, spec, name);
  const model: CommandModel = { readOnly: `${name} changes files`, accesses: [], reasons: [] };
  if (scanned.problem) {
    model.reasons.push(`${scanned.problem}, so the paths it touches are not known`);
    return model;
  }
  for (const [option, value] of scanned.values)
    if (spec.readsValue?.includes(option)) model.accesses.push(accessOf(resolve, known(value), "read", name));
  const recursive = spec.recursive?.some((option) => scanned.options.has(option)) ?? false;
  let operands = scanned.operands;
  switch (spec.shape) {
    case "all-write":
      for (const operand of operands)
        model.accesses.push(accessOf(resolve, operand, "write", name, recursive));
      break;
    case "mode-then-write":
      if (mode === undefined && !scanned.options.has("--reference")) operands = operands.slice(1);
      for (const operand of operands)
        model.accesses.push(accessOf(resolve, operand, "write", name, recursive));
      break;
    default:
      model.accesses.push(...transfer(name, spec.shape, scanned, recursive, resolve));
  }
  return model;
}

function known(value: string): ShellWord {
  return { value, raw: value, splits: false };
}

/** cp, mv, ln: sources and the destination (a folder receives each source under its own name). */
function transfer(
  name: string,
  shape: Shape,
  scanned: ScannedOptions,
  recursive: boolean,
  resolve: PathResolver,
): Access[] {
  const accesses: Access[] = [];
  const folderOption = scanned.options.get("t") ?? scanned.options.get("--target-directory");
  const noFolder = hasOption(scanned, "T", "--no-target-directory");
  let sources = scanned.operands;
  let destination: ShellWord;
  if (typeof folderOption === "string") destination = known(folderOption);
  else if (shape === "link" && sources.length === 1) destination = known(".");
  else {
    const last = sources.at(-1);
    if (sources.length < 2 || last === undefined) return accesses;
    destination = last;
    sources = sources.slice(0, -1);
  }
  const symbolic = hasOption(scanned, "s", "--symbolic");
  for (const source of sources) {
    // A symbolic link's target is only text; a hard link shares the file, so both names are written.
    if (shape === "copy") accesses.push(accessOf(resolve, source, "read", name, recursive));
    if (shape === "move" || (shape === "link" && !symbolic)) {
      accesses.push(accessOf(resolve, source, "write", name, shape === "move"));
    }
  }
  const target = destination.value === null ? null : resolve(destination.value);
  const intoFolder = typeof folderOption === "string" || (!noFolder && target?.isDirectory === true);
  if (!intoFolder || destination.value === null) {
    accesses.push(accessOf(resolve, destination, "write", name, recursive || shape === "move"));
    return accesses;
  }
  for (const source of sources) {
    const entry: ShellWord =
      source.value === null
        ? { value: null, raw: `${destination.raw}/${source.raw}`, splits: false }
        : known(`${destination.value}/${basename(source.value)}`);
    accesses.push(accessOf(resolve, entry, "write", name, recursive || shape === "move"));
  }
  return accesses;
}

function dd(args: ShellWord[], resolve: PathResolver): CommandModel {
  const model: CommandModel = { readOnly: "dd writes files", accesses: [], reasons: [] };
  for (const word of args) {
    const value = word.value;
    const key = value?.split("=")[0] ?? "";
    if (value !== null && (key === "if" || key === "of") && value.includes("=")) {
      const path = value.slice(key.length + 1);
      model.accesses.push(accessOf(resolve, known(path), key === "if" ? "read" : "write", "dd"));
    } else if (value === null || !value.includes("=") || !DD_KEYS.has(key)) {
      model.reasons.push(
        `the dd operand ${word.raw} is not understood, so the paths it touches are not known`,
      );
    }
  }
  if (!args.some((word) => word.value?.startsWith("of="))) model.readOnly = true;
  return model;
}
