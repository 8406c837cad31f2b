// The files and folders `Read(…)` rules name, as paths for the sandbox's read-only profile: deny
// rules' paths are hidden, allow rules' paths outside the workspace visible. A rule without a glob
// (`Read(./.env)`, `Read(~/notes/**)`) names its base; a rule with one (`Read(./config/*.key)`,
// `Read(.env)` at any depth) names what matches it in a bounded walk of its base (the workspace for
// any-depth rules), done once per rule and kept. A walk cut short is said.
import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";
import { compilePathRule, matchPathRule, type PathContext } from "./path-pattern.js";
import { parseRule } from "./rule.js";

/** Entries one rule's walk looks at, at most. */
const READ_DENY_WALK_LIMIT = 20_000;
const SKIPPED = new Set([".git", "node_modules"]);

type ReadRulePaths = { paths: string[]; problems: string[] };

/** A function from rule texts to the paths their Read rules name (walks are remembered per rule). */
export function readRulePaths(context: PathContext): (rules: readonly string[]) => ReadRulePaths {
  const known = new Map<string, ReadRulePaths>();
  const forRule = (text: string): ReadRulePaths => {
    const rule = parseRule(text);
    if (rule.kind !== "path" || rule.tool !== "Read") return { paths: [], problems: [] };
    const compiled = compilePathRule(rule, context);
    if (compiled.glob === "" || /^\*\*(\/\*\*?)?$/.test(compiled.glob))
      return { paths: [compiled.base], problems: [] };
    const found: string[] = [];
    let seen = 0;
    const walk = (folder: string): void => {
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
    return { paths: found, problems };
  };
  return (rules) => {
    const result: ReadRulePaths = { paths: [], problems: [] };
    for (const text of rules) {
      let entry = known.get(text);
      if (entry === undefined) {
        entry = forRule(text);
        known.set(text, entry);
      }
      result.paths.push(...entry.paths);
      result.problems.push(...entry.problems);
    }
    return result;
  };
}
