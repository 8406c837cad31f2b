// Path handling for permission checks: resolving paths to real absolute paths (symlinks and `..`
// resolved, also for files that do not exist yet) and matching them against path rules with
// gitignore-like semantics (picomatch globs; a pattern without a slash matches at any depth; a
// matching directory covers everything below it).
import { lstatSync } from "node:fs";
import { resolve, sep } from "node:path";
import picomatch from "picomatch";
import { errnoCode, isInside, type PathContext, realPath, resolveReal } from "../util/index.js";
import type { Rule } from "./rule.js";

export { isInside, type PathContext };

/** The real path of an absolute or cwd-relative path (symlinks followed the way the kernel does). */
export function realPathLoose(path: string): string {
  return resolveReal(resolve(path)).path;
}

/** Whether `path` is still missing: a cheap lstat that does not throw for a missing file. */
function stillMissing(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) === undefined;
  } catch (error) {
    return errnoCode(error) === "ENOTDIR";
  }
}

/** Expands `~/`, resolves against `cwd` and follows symlinks (kernel-faithful, see util/path-resolution). */
export function resolveUserPath(path: string, context: PathContext): string {
  return realPath(path, context);
}

type PathRule = Extract<Rule, { kind: "path" }>;

/** A path rule ready to match: its base folder and glob matcher, built once per rule and context. */
type CompiledPathRule = {
  contextKey: string;
  /** The rule's static part, resolved against its anchor (symlinks not yet followed). */
  lexicalBase: string;
  /** The real base folder, resolved once. */
  base: string;
  /** Set while part of the base does not exist: once this path appears, the base is resolved again. */
  probe: string | null;
  /** "" when the rule covers everything below the base. */
  glob: string;
  anyDepth: boolean;
  matcher: ((path: string) => boolean) | null;
};

/** Compiled rules by parsed Rule object: the gate and the hooks' `if` filters keep their Rule objects. */
const compiledRules = new WeakMap<PathRule, CompiledPathRule>();

function compile(rule: PathRule, context: PathContext): CompiledPathRule {
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
  let lexicalBase = resolve(root);
  let glob = "";
  if (pattern !== "" && pattern !== "." && anyDepth) glob = pattern;
  else if (pattern !== "" && pattern !== ".") {
    const scan = picomatch.scan(pattern);
    glob = scan.isGlob ? scan.glob : "";
    lexicalBase = resolve(root, scan.isGlob ? scan.base : pattern);
  }
  const base = resolveReal(lexicalBase);
  return {
    contextKey: contextKey(context),
    lexicalBase,
    base: base.path,
    probe: base.firstMissing,
    glob,
    anyDepth: glob !== "" && anyDepth,
    matcher: glob === "" ? null : picomatch(glob, { dot: true }),
  };
}

function contextKey(context: PathContext): string {
  return `${context.cwd}\0${context.homeDir}`;
}

/** The compiled form of `rule` for `context`: built on first use, then reused (call it to build it early). */
export function compilePathRule(rule: PathRule, context: PathContext): CompiledPathRule {
  const cached = compiledRules.get(rule);
  if (cached !== undefined && cached.contextKey === contextKey(context)) return cached;
  const compiled = compile(rule, context);
  compiledRules.set(rule, compiled);
  return compiled;
}

/** `target` relative to `base` ("" for the base itself), or null when it is not inside; both real and absolute. */
function relativeInside(base: string, target: string): string | null {
  if (target === base) return "";
  const prefix = base.endsWith(sep) ? base : base + sep;
  return target.startsWith(prefix) ? target.slice(prefix.length) : null;
}

/** Whether the real absolute `target` is covered by a path rule. */
export function matchPathRule(rule: PathRule, target: string, context: PathContext): boolean {
  const compiled = compilePathRule(rule, context);
  if (compiled.probe !== null && !stillMissing(compiled.probe)) {
    const base = resolveReal(compiled.lexicalBase);
    compiled.base = base.path;
    compiled.probe = base.firstMissing;
  }
  const rel = relativeInside(compiled.base, target);
  if (rel === null) return false;
  const matcher = compiled.matcher;
  if (matcher === null) return true;
  if (rel === "") return !compiled.anyDepth && compiled.glob.startsWith("**");
  const posix = sep === "/" ? rel : rel.split(sep).join("/");
  if (compiled.anyDepth) return posix.split("/").some((segment) => matcher(segment));
  // A matching folder covers everything below it: try each leading part of the path.
  for (let end = posix.indexOf("/"); end !== -1; end = posix.indexOf("/", end + 1)) {
    if (matcher(posix.slice(0, end))) return true;
  }
  return matcher(posix);
}
