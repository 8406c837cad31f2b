// Splits a newest-first ripgrep listing over the machine's cores: ripgrep walks on one thread when it
// sorts by modification time, so Glob lists disjoint groups of folders with one ripgrep each, at the
// same time, and merges the groups' newest files (glob.ts stats only the first of each group). The
// groups come from a short breadth-first walk down from the folders to list, until there are enough
// folders to share out; the walk keeps only folders the .gitignore files (and the `.git` rule) let a
// listing enter, and the files it meets on the way that the pattern matches are returned beside the
// groups (ripgrep applies the ignore files of the folders above the ones it is given, as the walk
// does). Symbolic links are neither entered nor listed, as in ripgrep's listing.
import { availableParallelism } from "node:os";
import path from "node:path";
import { isInside } from "../util/index.js";
import { readLevel } from "./glob-expand.js";
import { type GitignoreRules, type RuleLine, ruleLines } from "./glob-walk.js";

/** Folders wanted per group before the walk stops, entries read at most, levels descended at most. */
const FOLDERS_PER_GROUP = 8;
const SHARD_ENTRY_LIMIT = 5_000;
const SHARD_DEPTH_LIMIT = 4;

/** Paths relative to the crawl root, `/`-separated: folder groups to list, and files already met. */
export type Shards = { groups: string[][]; files: string[] };

/** How many listings run at once: one per core, at most four. */
export function groupCount(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * The folders below `root` (`start`: relative folders, "" for the root itself) shared out into
 * `count` groups, or undefined when the tree is too small to be worth more than one listing or too
 * wide to walk cheaply (then one listing does it all).
 */
export function shardFolders(
  root: string,
  start: readonly string[],
  rules: GitignoreRules,
  matchesPattern: (relative: string) => boolean,
  count: number,
): Shards | undefined {
  if (count < 2) return undefined;
  let frontier = [...start];
  const files: string[] = [];
  const budget = { entries: SHARD_ENTRY_LIMIT };
  const anyFolder = () => true;
  for (let depth = 0; frontier.length < count * FOLDERS_PER_GROUP; depth++) {
    if (depth >= SHARD_DEPTH_LIMIT) break;
    const level = { folders: [] as string[], files };
    for (const folder of frontier)
      if (!readLevel(root, folder, rules, matchesPattern, anyFolder, level, budget)) return undefined;
    frontier = level.folders;
    if (frontier.length === 0) break;
  }
  if (frontier.length < count) return frontier.length === 0 ? { groups: [], files } : undefined;
  const groups: string[][] = Array.from({ length: count }, () => []);
  for (const [index, folder] of frontier.entries()) groups[index % count]?.push(folder);
  return { groups, files };
}

// Whether a `.gitignore` rule names a path below its folder (`a/b`, `src/**`, `/a/b`), not a name
// (`x`, `x/`, `/x`, `**/x`); a rule with an escape counts as a path.
function namesPath(rule: RuleLine): boolean {
  let { pattern } = rule;
  while (pattern.startsWith("**/")) pattern = pattern.slice(3);
  return rule.escaped || pattern.indexOf("/", 1) >= 0;
}

// Whether one ripgrep can be given the folders of each group. ripgrep 15, walking on one thread (as
// it does when it sorts), matches the files below every folder given after the first as if they lay
// below the first one against the rules of the `.gitignore` files above those folders that name
// paths (`[!a]*/**`, `a/y`): it lists files those rules exclude and leaves out files they do not.
// Rules that name a name are matched right. `root`: the folder the groups' paths are relative to;
// the `.gitignore` files above the folders are read here, where the walk has not read them.
export function severalPathsHold(
  root: string,
  groups: ReadonlyArray<readonly string[] | undefined>,
  rules: GitignoreRules,
): boolean {
  const folders = groups.flatMap((group) => (group !== undefined && group.length > 1 ? group : []));
  if (folders.length === 0) return true;
  const absolute = folders.map((folder) => path.join(root, folder));
  for (const folder of absolute) rules.chainFor(path.dirname(folder));
  for (const file of rules.files()) {
    if (!absolute.some((folder) => folder !== file.base && isInside(file.base, folder))) continue;
    if (ruleLines(file.text).some(namesPath)) return false;
  }
  return true;
}
