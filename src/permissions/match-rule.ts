// The one reusable rule matcher: does a permission rule cover a tool call? Used by the gate for
// allow/deny/ask rules and by the hooks engine for `if` filters. Bash commands are analysed first
// (bash-analysis.ts); "unparseable" means a rule cannot be checked against the command with
// certainty (it could match a part the gate cannot see).
import {
  type AnalysedCommand,
  analyseBash,
  type BashAnalysis,
  type BashPattern,
  type CommandWords,
  type FastPath,
  matchCommandText,
  matchesCertainly,
  mayMatch,
  programByName,
} from "../shell/index.js";
import { compilePathRule, matchPathRule, type PathContext, resolveUserPath } from "./path-pattern.js";
import { EDIT_TOOLS, parseRule, READ_TOOLS, type Rule, ruleToolCovers } from "./rule.js";

export type MatchContext = PathContext;

/** What matching needs to know about one call; built once per call. */
export type CallFacts = {
  toolName: string;
  input: Record<string, unknown>;
  /** Real absolute paths the call touches. */
  paths: string[];
  bash: BashAnalysis | null;
};

/** Where a Bash command starts: the shell's folder (after earlier calls' `cd`) and its environment. */
export type ShellStart = { cwd: string; logicalCwd?: string; cdpath?: boolean; fastPath?: FastPath };

/**
 * "any": the rule matches when it covers any part of the call (deny/ask rules, hook filters);
 * "every": only when it covers every part (allow rules: every simple command, every path).
 */
type Quantifier = "any" | "every";

const PATH_FIELDS = ["file_path", "path", "notebook_path"];

export function describeCall(
  toolName: string,
  input: Record<string, unknown>,
  context: MatchContext,
  paths?: string[],
  shell?: ShellStart,
): CallFacts {
  let resolved = (paths ?? []).map((path) => resolveUserPath(path, context));
  if (resolved.length === 0 && (READ_TOOLS.has(toolName) || EDIT_TOOLS.has(toolName))) {
    for (const field of PATH_FIELDS) {
      const value = input[field];
      if (typeof value === "string" && value !== "") resolved.push(resolveUserPath(value, context));
    }
    if (resolved.length === 0 && READ_TOOLS.has(toolName) && toolName !== "Read") {
      resolved = [resolveUserPath(".", context)];
    }
  }
  const command = input.command;
  const bash =
    toolName === "Bash" && typeof command === "string"
      ? analyseBash(command, { cwd: context.cwd, homeDir: context.homeDir, ...shell })
      : null;
  return { toolName, input, paths: resolved, bash };
}

/** Builds what matching `rule` needs (a path rule's real base folder and glob matcher) once, up front. */
export function prepareRule(rule: Rule, context: MatchContext): void {
  if (rule.kind === "path") compilePathRule(rule, context);
}

export function ruleMatchesCall(
  rule: Rule,
  call: CallFacts,
  context: MatchContext,
  quantifier: Quantifier,
): boolean | "unparseable" {
  const some = <T>(items: T[], test: (item: T) => boolean) =>
    items.length > 0 && (quantifier === "any" ? items.some(test) : items.every(test));
  switch (rule.kind) {
    case "tool":
      return ruleToolCovers(rule.tool, call.toolName);
    case "mcp": {
      const prefix = `mcp__${rule.server}__`;
      return call.toolName.startsWith(prefix) && (rule.tool === null || call.toolName === prefix + rule.tool);
    }
    case "bash": {
      if (call.toolName !== "Bash" || call.bash === null) return false;
      if (rule.pattern.kind === "any") return true;
      if (call.bash.kind === "unparseable") {
        const whole = String(call.input.command ?? "");
        return quantifier === "any" && matchCommandText(rule.pattern, whole) ? true : "unparseable";
      }
      const pattern = rule.pattern;
      if (quantifier === "every") {
        return (
          call.bash.commands.length > 0 &&
          call.bash.commands.every((command) => coversCommand(pattern, command))
        );
      }
      return matchAnyCommand(pattern, call.bash.commands);
    }
    case "path":
      if (!ruleToolCovers(rule.tool, call.toolName)) return false;
      return some(call.paths, (path) => matchPathRule(rule, path, context));
    case "domain": {
      if (!ruleToolCovers(rule.tool, call.toolName) || typeof call.input.url !== "string") return false;
      const host = hostOf(call.input.url);
      if (host === null) return false;
      if (rule.domain === "*") return true;
      if (rule.domain.startsWith("*.")) return host.endsWith(rule.domain.slice(1));
      return host === rule.domain;
    }
    case "opaque": {
      if (!ruleToolCovers(rule.tool, call.toolName)) return false;
      // `Agent(Explore)` names the agent type (the default type when the call names none).
      const values =
        call.toolName === "Agent"
          ? [typeof call.input.subagent_type === "string" ? call.input.subagent_type : "general-purpose"]
          : Object.values(call.input).filter((value): value is string => typeof value === "string");
      return values.some((value) => matchCommandText(rule.pattern, value));
    }
  }
}

/** The forms an allow rule is matched against: assignments and words, by value and (when every word is
 *  known) as written, so rules copied from a terminal with their quotes still match. */
function allowForms(command: AnalysedCommand): CommandWords[] {
  const values = [...command.assignments, ...command.words.map((word) => word.value)];
  if (values.includes(null)) return [values];
  return [values, [...command.assignments, ...command.words.map((word) => word.raw)]];
}

/** The forms deny and ask rules see as well: without leading assignments, and a program written as
 *  a path by its name (`/bin/rm x` → `rm x`). Commands run by wrappers are commands of their own. */
function denyForms(command: AnalysedCommand): CommandWords[] {
  const bare = { ...command, assignments: [] };
  const forms = [...allowForms(command), ...(command.assignments.length > 0 ? allowForms(bare) : [])];
  for (const form of allowForms(bare)) {
    const byName = programByName(form);
    if (byName) forms.push(byName);
  }
  return forms;
}

export function coversCommand(pattern: BashPattern, command: AnalysedCommand): boolean {
  return allowForms(command).some((form) => matchesCertainly(pattern, form));
}

/** true: some command certainly matches; "unparseable": one may match (unknown words); else false. */
function matchAnyCommand(pattern: BashPattern, commands: AnalysedCommand[]): boolean | "unparseable" {
  let possible = false;
  for (const command of commands) {
    const forms = denyForms(command);
    if (forms.some((form) => matchesCertainly(pattern, form))) return true;
    if (forms.some((form) => mayMatch(pattern, form))) possible = true;
  }
  return possible ? "unparseable" : false;
}

/** The URL's host as WebFetch connects to it: WHATWG-normalised (IDN, numeric IPv4 forms), lower case,
 *  trailing dots dropped (so `example.com.` cannot slip past a rule for `example.com`). */
function hostOf(url: string): string | null {
  try {
    const host = new URL(url.trim()).hostname.toLowerCase().replace(/\.+$/, "");
    return host === "" ? null : host;
  } catch {
    return null;
  }
}

/**
 * Does `rule` cover this call? True when it covers any part of it (any simple command of a Bash
 * command line, any path). "unparseable": a Bash command that could not be split with confidence
 * and whose text as a whole does not match. Throws a UsageError for an invalid rule text.
 */
export function matchRule(
  rule: string | Rule,
  toolName: string,
  input: Record<string, unknown>,
  context: MatchContext,
): boolean | "unparseable" {
  const parsed = typeof rule === "string" ? parseCached(rule) : rule;
  return ruleMatchesCall(parsed, describeCall(toolName, input, context), context, "any");
}

/** Parsed rule texts, so a hook's `if` rule keeps one Rule object (and one compiled path matcher). */
const parsedRules = new Map<string, Rule>();
const PARSED_RULES_MAX = 256;

function parseCached(text: string): Rule {
  const cached = parsedRules.get(text);
  if (cached !== undefined) return cached;
  const rule = parseRule(text);
  if (parsedRules.size >= PARSED_RULES_MAX) parsedRules.delete(parsedRules.keys().next().value as string);
  parsedRules.set(text, rule);
  return rule;
}
