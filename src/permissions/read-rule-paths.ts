// The files and folders `Read(…)` rules name, as paths for the sandbox's read-only profile: deny
// rules' paths are hidden, allow rules' paths outside the workspace visible. A rule without a glob
// (`Read(./.env)`, `Read(~/notes/**)`) names its base; a rule with one (`Read(./config/*.key)`,
// `Read(.env)` at any depth) names what matches it in a bounded walk of its base (the workspace for
// any-depth rules). A walk is kept until one of the folders it read changes (a name added, removed or
// renamed in it changes the folder's modification time; a stat per folder tells), so a file created
// later that matches a deny rule is hidden from the next command on. A walk cut short is said.
import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";
import { FolderTimes } from "../util/index.js";
import { compilePathRule, matchPathRule, type PathContext } from "./path-pattern.js";
import { parseRule } from "./rule.js";

/** Entries one rule's walk looks at, at most. */
const READ_DENY_WALK_LIMIT = 20_000;
const SKIPPED = new Set([".git", "node_modules"]);

type ReadRulePaths = { paths: string[]; problems: string[] };
/** A rule's walk and the times of the folders it read (none for a rule without a glob). */
type Walked = ReadRulePaths & { folders: FolderTimes };

/** A function from rule texts to the paths their Read rules name (walks are remembered per rule). */
export function readRulePaths(context: PathContext): (rules: readonly string[]) => ReadRulePaths {
  const known = new Map<string, Walked>();
  const forRule = (text: string): Walked => {
    const folders = new FolderTimes();
    const rule = parseRule(text);
    if (rule.kind !== "path" || rule.tool !== "Read") return { paths: [], problems: [], folders };
    const compiled = compilePathRule(rule, context);
    if (compiled.glob === "" || /^\*\*(\/\*\*?)?$/.test(compiled.glob))
      return { paths: [compiled.base], problems: [], folders };
    const found: string[] = [];
    let seen = 0;
    const walk = (folder: string): void => {
      folders.note(folder);
      let entries: Dirent[];
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (seen++ >= READ_DENY_WALK_LIMIT) return;
        const path = join(folder, entry.name);
        if (matchPathRule(rule, path, context)) found.push(path);
        else if (entry.isDirectory() && !SKIPPED.has(entry.name)) walk(path);
      }
    };
    walk(compiled.base);
    const problems =
      seen > READ_DENY_WALK_LIMIT
        ? [
            `the read-only sandbox looked at ${READ_DENY_WALK_LIMIT} entries under ${compiled.base} for rule ${text} and stopped; files it did not reach are not covered for read-only commands (name them in filesystem.denyRead or allowRead)`,
          ]
        : [];
    return { paths: found, problems, folders };
  };
  return (rules) => {
    const result: ReadRulePaths = { paths: [], problems: [] };
    for (const text of rules) {
      let entry = known.get(text);
      if (entry === undefined || !entry.folders.unchanged()) {
        entry = forRule(text);
        known.set(text, entry);
      }
      result.paths.push(...entry.paths);
      result.problems.push(...entry.problems);
    }
    return result;
  };
}
