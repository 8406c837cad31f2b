// Path handling for permission checks: resolving paths to real absolute paths (symlinks and `..`
// resolved, also for files that do not exist yet) and matching them against path rules with
// gitignore-like semantics (picomatch globs; a pattern without a slash matches at any depth; a
// matching directory covers everything below it).
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import picomatch from "picomatch";
import type { Rule } from "./rule.js";

export type PathContext = { cwd: string; homeDir: string };

/** The real path of `path`: the deepest existing ancestor is resolved with realpath, the rest appended. */
export function realPathLoose(path: string): string {
  const absolute = resolve(path);
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = realpathSync(current);
      return missing.length === 0 ? real : join(real, ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return absolute;
      missing.push(current.slice(parent.length).replace(/^[/\\]/, ""));
      current = parent;
    }
  }
}

/** Expands `~/`, resolves against `cwd` and follows symlinks. */
export function resolveUserPath(path: string, context: PathContext): string {
  const expanded =
    path === "~" ? context.homeDir : path.startsWith("~/") ? join(context.homeDir, path.slice(2)) : path;
  return realPathLoose(resolve(context.cwd, expanded));
}

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

type CompiledPathRule = { base: string; glob: string; anyDepth: boolean };

function compile(rule: Extract<Rule, { kind: "path" }>, context: PathContext): CompiledPathRule {
  let root: string;
  let pattern: string;
  switch (rule.anchor) {
    case "absolute":
      root = "/";
      pattern = rule.pattern.slice(2);
      break;
    case "home":
      root = context.homeDir;
      pattern = rule.pattern === "~" ? "**" : rule.pattern.slice(2);
      break;
    case "project":
      root = context.cwd;
      pattern = rule.pattern.slice(1);
      break;
    case "cwd":
      root = context.cwd;
      pattern = rule.pattern.startsWith("./") ? rule.pattern.slice(2) : rule.pattern;
      break;
  }
  pattern = pattern.replace(/\/+$/, "");
  const anyDepth = rule.anchor === "cwd" && !rule.pattern.startsWith("./") && !pattern.includes("/");
  if (pattern === "" || pattern === ".") return { base: realPathLoose(root), glob: "", anyDepth: false };
  if (anyDepth) return { base: realPathLoose(root), glob: pattern, anyDepth };
  const scan = picomatch.scan(pattern);
  const staticPart = scan.isGlob ? scan.base : pattern;
  const glob = scan.isGlob ? scan.glob : "";
  return { base: realPathLoose(resolve(root, staticPart)), glob, anyDepth: false };
}

/** Whether the real absolute `target` is covered by a path rule. */
export function matchPathRule(
  rule: Extract<Rule, { kind: "path" }>,
  target: string,
  context: PathContext,
): boolean {
  const compiled = compile(rule, context);
  if (!isInside(compiled.base, target)) return false;
  const rel = relative(compiled.base, target);
  if (compiled.glob === "") return true;
  const segments = rel === "" ? [] : rel.split(sep);
  const matcher = picomatch(compiled.glob, { dot: true });
  if (compiled.anyDepth) return segments.some((segment) => matcher(segment));
  if (rel === "") return compiled.glob.startsWith("**");
  for (let length = 1; length <= segments.length; length += 1) {
    if (matcher(segments.slice(0, length).join("/"))) return true;
  }
  return false;
}
