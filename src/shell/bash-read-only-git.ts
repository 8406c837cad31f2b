// git's read-only subcommands for the gate's fast path: status, diff, log, show, blame, grep … with
// any display option except those that write or run programs (`--output`, `--ext-diff`, `--textconv`,
// `--no-index`, `grep -O`, `cat-file --filters`), and the listing forms of branch, tag, remote, stash,
// config, reflog and worktree. Global options (`-c`, `-C`, `--git-dir`, `--exec-path` …) are not
// read-only: they change configuration, which can run programs. Also which git command lines may
// write work-tree files (for the protected-path check of bash-analysis.ts).

import { firstPart } from "../util/index.js";
import { type Access, accessOf, type CommandModel, type PathResolver, type ShellWord } from "./shell-word.js";

const ANY_OPTIONS = new Set(
  (
    "status diff log show rev-parse ls-files ls-tree blame describe shortlog grep merge-base show-ref " +
    "for-each-ref count-objects check-ignore rev-list name-rev whatchanged cat-file diff-tree diff-files " +
    "diff-index show-branch var version cherry"
  ).split(" "),
);
const GLOBAL_OPTIONS = new Set([
  "--no-pager",
  "-P",
  "--no-optional-locks",
  "--literal-pathspecs",
  "--no-replace-objects",
]);
/** git's global options whose value is the next word (`git -C dir status`, `git --super-prefix p/ …`). */
export const GIT_VALUED_GLOBALS = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--super-prefix",
  "--config-env",
  "--attr-source",
]);

/** git subcommands that write files of the work tree (or the index and configuration). */
const WORK_TREE_WRITERS = new Set(
  "checkout restore reset stash apply am merge pull rebase cherry-pick revert mv rm clean switch sparse-checkout submodule config read-tree checkout-index update-index worktree clone init archive".split(
    " ",
  ),
);

/** Whether a git command line may write work-tree files: its subcommand is one that does, or an
 *  expansion hides which subcommand it is (`git $X checkout …`). */
export function gitMayWriteWorkTree(words: ShellWord[]): boolean {
  for (let index = 1; index < words.length; index += 1) {
    const value = words[index]?.value;
    if (value === undefined) break;
    if (value === null) return true;
    if (!value.startsWith("-")) return WORK_TREE_WRITERS.has(value);
    if (GIT_VALUED_GLOBALS.has(value)) index += 1;
  }
  return false;
}

/** Long options that write a file or run a program. git accepts any unambiguous abbreviation
 *  (`--outp=x` is `--output=x`), so a prefix of one of these counts too. */
const FORBIDDEN = [
  "output",
  "ext-diff",
  "textconv",
  "no-index",
  "exec",
  "upload-pack",
  "receive-pack",
  "open-files-in-pager",
  "filters",
  "paginate",
  "contents",
  // Options whose value is a file read (which may be outside the workspace or hidden by a rule).
  "file",
  "pathspec-from-file",
  "exclude-from",
  "ignore-revs-file",
];
/** Short options reading a file, per subcommand (also inside a cluster such as `-nf`). */
const SHORT_READS_FILE: Record<string, RegExp> = {
  grep: /^-[A-Za-z]*[Of]/,
  blame: /^-[A-Za-z]*S/,
  "ls-files": /^-[A-Za-z]*X/,
};
/** Real options that happen to be prefixes of forbidden ones. */
const EXACT = new Set(["text", "filter"]);

function isForbiddenOption(option: string): boolean {
  if (!option.startsWith("--")) return false;
  const name = firstPart(option.slice(2), "=");
  if (name === "" || EXACT.has(name)) return false;
  return FORBIDDEN.some((candidate) => candidate.startsWith(name));
}
const LIST_VALUED = new Set([
  "--contains",
  "--no-contains",
  "--merged",
  "--no-merged",
  "--points-at",
  "--sort",
  "--format",
]);
const BRANCH_FLAGS = new Set(
  "-a -r -v -vv -l --list --all --remotes --verbose --show-current --color --no-color --column --no-column -i --ignore-case --abbrev --no-abbrev --omit-empty".split(
    " ",
  ),
);
const TAG_FLAGS = new Set("-l --list --column --no-column -i --ignore-case --color --omit-empty".split(" "));
const CONFIG_MODES = new Set([
  "--get",
  "--get-all",
  "--get-regexp",
  "--list",
  "-l",
  "--get-urlmatch",
  "--get-color",
  "--get-colorbool",
]);
const CONFIG_OPTIONS = new Set(
  "--global --system --local --worktree --show-origin --show-scope --null -z --name-only --includes --no-includes --bool --int --bool-or-int --path --expiry-date".split(
    " ",
  ),
);

function result(readOnly: true | string): CommandModel {
  return { readOnly, accesses: [], reasons: [] };
}

export function modelGit(words: ShellWord[], resolve: PathResolver): CommandModel {
  let index = 1;
  for (; index < words.length; index += 1) {
    const word = words[index];
    if (word === undefined) break;
    const value = word.value;
    if (value === null) return result(`${word.raw} (an expansion) could be a git option`);
    if (GLOBAL_OPTIONS.has(value)) continue;
    if (value === "--version") return result(true);
    if (value.startsWith("-")) return result(`git ${value} changes git's configuration or folder`);
    break;
  }
  const sub = words[index]?.value;
  if (sub === undefined) return result(true);
  const args = words.slice(index + 1);
  const unknown = args.find((word) => word.value === null);
  if (unknown)
    return {
      ...result(`${unknown.raw} (an expansion) could be an option of git ${sub}`),
      accesses: unknownFileAccesses(sub ?? "", args),
    };
  const values = args.map((word) => word.value as string);
  const accesses = gitFileAccesses(sub ?? "", values, resolve);
  const shortReadsFile = Object.hasOwn(SHORT_READS_FILE, sub ?? "") ? SHORT_READS_FILE[sub ?? ""] : undefined;
  const forbidden = values.find(
    (value) => isForbiddenOption(value) || (shortReadsFile?.test(value) === true && !value.startsWith("--")),
  );
  if (forbidden)
    return { ...result(`git ${sub} ${forbidden} writes or reads a file, or runs a program`), accesses };
  if (ANY_OPTIONS.has(sub ?? "")) return { ...result(true), accesses };
  const [first] = values;
  switch (sub) {
    case "branch":
      return listing(values, BRANCH_FLAGS, "branch");
    case "tag":
      return listing(values, TAG_FLAGS, "tag", /^-n\d*$/);
    case "remote":
      return result(
        values.length === 0 ||
          (values.length === 1 && (first === "-v" || first === "--verbose")) ||
          first === "get-url"
          ? true
          : "git remote changes remotes or contacts them",
      );
    case "stash":
      return result(first === "list" || first === "show" ? true : "git stash changes the stash");
    case "worktree":
      return result(first === "list" ? true : "git worktree changes worktrees");
    case "reflog":
      return result(
        first === undefined || first === "show" || first === "exists" || first.startsWith("-")
          ? true
          : "git reflog changes the reflog",
      );
    case "config":
      // `git config user.name`: one name and no value reads it.
      if (values.length === 1 && /^[A-Za-z][\w-]*(\.[^=\s]+)?\.[A-Za-z][\w-]*$/.test(first ?? ""))
        return result(true);
      if (
        values.some((value) => CONFIG_MODES.has(value)) &&
        values.every(
          (value) => CONFIG_MODES.has(value) || CONFIG_OPTIONS.has(value) || !value.startsWith("-"),
        )
      )
        return result(true);
      return configWrite(values, resolve);
    default:
      return result(`git ${sub} is not on the read-only list`);
  }
}

/**
 * Files a git command line names: what `--output` (or an abbreviation of it) writes, and the paths of
 * `git diff` (with one outside the repository it compares any two files, as `--no-index` does).
 */
function gitFileAccesses(sub: string, values: string[], resolve: PathResolver): Access[] {
  const accesses: Access[] = [];
  const known = (value: string): ShellWord => ({ value, raw: value, splits: false });
  let ended = false;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (value === undefined) break;
    if (value === "--" && !ended) {
      ended = true;
      continue;
    }
    const name = value.startsWith("--") && !ended ? firstPart(value.slice(2), "=") : null;
    if (name !== null && name.length >= 2 && "output".startsWith(name)) {
      const file = value.includes("=") ? value.slice(value.indexOf("=") + 1) : values[++index];
      if (file !== undefined) accesses.push(accessOf(resolve, known(file), "write", `git ${sub}`));
    } else if (sub === "diff" && (ended || !value.startsWith("-")))
      accesses.push(accessOf(resolve, known(value), "read", "git diff"));
  }
  return accesses;
}

/** The subcommands that take `--output=FILE` (the diff and log families). */
const OUTPUT_SUBCOMMANDS = new Set(
  "log show diff diff-tree diff-index diff-files whatchanged range-diff reflog stash".split(" "),
);

/**
 * What words the gate cannot know may make a git command write or read: an expansion, a brace or a
 * pattern (`--output={x,.claude/y}`, `"$X"`, `--output=.cl[a]ude/z`) before `--` may be `--output=FILE`,
 * and any of them may be a path `git diff` compares. Recorded as files of unknown path, so an allow
 * rule for the command does not cover them: the gate cannot check them against the protected paths
 * or the workspace, and asks.
 */
function unknownFileAccesses(sub: string, args: ShellWord[]): Access[] {
  const accesses: Access[] = [];
  let ended = false;
  for (const word of args) {
    if (word.value === "--") ended = true;
    if (word.value !== null) continue;
    const by = `git ${sub}`;
    if (!ended && OUTPUT_SUBCOMMANDS.has(sub) && !otherOption(word.raw)) {
      const uncertain = `${word.raw} (an expansion or a pattern) may be ${by} --output=FILE, a write the gate cannot check`;
      accesses.push({ path: null, raw: word.raw, mode: "write", recursive: false, by, uncertain });
    }
    if (sub === "diff") {
      const uncertain = `${word.raw} (an expansion or a pattern) may be a file ${by} reads, anywhere`;
      accesses.push({ path: null, raw: word.raw, mode: "read", recursive: false, by, uncertain });
    }
  }
  return accesses;
}

/** The word's written start, up to its first quote, expansion or pattern character, already names an
 *  option that is not `--output` (`--grep="$X"`, `-S"$X"`): whatever the rest turns out to be. */
function otherOption(raw: string): boolean {
  const start = /^[^$`{}[\]*?"'\\]*/.exec(raw)?.[0] ?? "";
  if (/^-[A-Za-z]/.test(start)) return true;
  const name = /^--([A-Za-z0-9-]+)=/.exec(start)?.[1];
  return name !== undefined && !"output".startsWith(name);
}

/**
 * `git config` that changes something writes the repository's configuration (`.git/config`, which
 * names programs git runs: hooksPath, aliases, pager …), or `~/.gitconfig`, or the `--file` given.
 */
function configWrite(values: string[], resolve: PathResolver): CommandModel {
  const model = result("git config changes configuration");
  const fileAt = values.findIndex(
    (value) => value === "-f" || value === "--file" || value.startsWith("--file="),
  );
  const option = values[fileAt];
  if (option !== undefined) {
    const file = option.startsWith("--file=") ? option.slice(7) : values[fileAt + 1];
    if (file !== undefined)
      model.accesses.push(
        accessOf(resolve, { value: file, raw: file, splits: false }, "write", "git config"),
      );
    return model;
  }
  if (values.includes("--global") || values.includes("--system")) {
    model.reasons.push("git config --global / --system changes configuration outside the workspace");
    return model;
  }
  const target = values.includes("--worktree") ? ".git/config.worktree" : ".git/config";
  model.accesses.push(
    accessOf(resolve, { value: target, raw: target, splits: false }, "write", "git config"),
  );
  return model;
}

/** `git branch` / `git tag` listing forms: known flags; names only as patterns after --list. */
function listing(values: string[], flags: Set<string>, sub: string, extra?: RegExp): CommandModel {
  const listing = values.includes("-l") || values.includes("--list");
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (value === undefined) break;
    const name = firstPart(value, "=");
    if (LIST_VALUED.has(name)) {
      if (!value.includes("=")) index += 1;
      continue;
    }
    if (flags.has(value) || extra?.test(value)) continue;
    if (!value.startsWith("-") && listing) continue;
    return result(`git ${sub} ${value} changes ${sub === "tag" ? "tags" : "branches"}`);
  }
  return result(true);
}
