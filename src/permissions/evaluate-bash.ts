// The Bash-specific checks of the gate: rules applied to the files a command touches (Read rules to
// what it reads or lists, Edit/Write rules to what it writes), the read-only fast path of one
// command (on the read-only list, every file inside the workspace or allowed by a Read rule, no Read
// deny rule hiding something below a folder it searches), and allow-rule coverage of every command.
import { basename } from "node:path";
import type { Access, AnalysedCommand, BashAnalysis } from "../shell/index.js";
import { type CallFacts, coversCommand, type MatchContext, ruleMatchesCall } from "./match-rule.js";
import { compilePathRule, isInside, matchPathRule } from "./path-pattern.js";
import type { Rule } from "./rule.js";
import type { RuleBehavior } from "./types.js";

export type CompiledRule = { behavior: RuleBehavior; rule: Rule; source: string };

export type AnalysedBash = Extract<BashAnalysis, { kind: "analysed" }>;

const VERB = { read: "reads", list: "lists", write: "writes" } as const;

/** A sentence naming what the access does, e.g. "cat reads .env" or "the redirection > writes out.txt". */
export function describeAccess(access: Access): string {
  return `${access.by} ${VERB[access.mode]} ${access.raw}${access.path !== null && access.path !== access.raw ? ` (${access.path})` : ""}`;
}

/** Whether a path rule covers this access: Read rules for reading and listing, Edit/Write rules for writing. */
export function ruleCoversAccess(rule: Rule, access: Access, context: MatchContext): boolean {
  if (rule.kind !== "path" || access.path === null) return false;
  const toolName = access.mode === "write" ? "Write" : "Read";
  const facts: CallFacts = { toolName, input: {}, paths: [access.path], bash: null };
  return ruleMatchesCall(rule, facts, context, "any") === true;
}

/** The access a deny or ask path rule hits, if any. */
export function accessHit(rule: Rule, bash: AnalysedBash, context: MatchContext): Access | undefined {
  return bash.accesses.find((access) => ruleCoversAccess(rule, access, context));
}

/**
 * Whether a Read deny rule may hide something below `folder` (a recursive content search such as
 * `grep -r` would then show it): its base lies inside the folder, or it matches at any depth.
 */
export function denyBelow(rule: Rule, folder: string, context: MatchContext): boolean {
  if (rule.kind !== "path") return false;
  if (matchPathRule(rule, folder, context)) return true;
  const compiled = compilePathRule(rule, context);
  if (isInside(folder, compiled.base)) return true;
  if (compiled.anyDepth) return isInside(compiled.base, folder) || isInside(folder, compiled.base);
  return compiled.glob !== "" && isInside(compiled.base, folder);
}

export type FastPathContext = {
  context: MatchContext;
  insideWorkspace(path: string): boolean;
  allowRules: CompiledRule[];
  denyRules: CompiledRule[];
  /** The read-only profile contains the fast path: a read whose path comes from an expansion may run
   *  (the profile hides what no rule lets it read; deny and ask rules on unknown paths still ask). */
  enforced: boolean;
};

/** true when the command is provably read-only and touches nothing it may not read; else why not. */
export function readOnlyVerdict(command: AnalysedCommand, facts: FastPathContext): true | string {
  if (command.readOnly !== true) return command.readOnly;
  for (const access of command.accesses) {
    if (access.mode === "write") return describeAccess(access);
    if (access.path === null) {
      if (facts.enforced) continue;
      return access.uncertain ?? `${access.raw} cannot be resolved`;
    }
    if (access.uncertain && !facts.enforced) return access.uncertain;
    if (
      !facts.insideWorkspace(access.path) &&
      !facts.allowRules.some((rule) => ruleCoversAccess(rule.rule, access, facts.context))
    ) {
      return `${describeAccess(access)}, outside the workspace`;
    }
    if (access.mode === "read" && access.recursive) {
      const hiding = facts.denyRules.find(
        (rule) =>
          rule.rule.kind === "path" &&
          ruleToolIsRead(rule.rule) &&
          denyBelow(rule.rule, access.path as string, facts.context),
      );
      if (hiding) return `${describeAccess(access)}, and rule ${hiding.rule.text} hides files below it`;
    }
  }
  return true;
}

function ruleToolIsRead(rule: Extract<Rule, { kind: "path" }>): boolean {
  return rule.tool === "Read" || rule.tool === "Grep" || rule.tool === "Glob";
}

/**
 * The allow rules (or "read-only") covering every command of the line, or null. A transparent
 * wrapper (`timeout 5 …`) is covered by its inner command, which is a command of the line itself.
 */
export function bashCoverage(bash: AnalysedBash, facts: FastPathContext): string | null {
  // Read-only as a whole first: it then runs contained even where a rule would allow it as well.
  const writes = bash.accesses.some((access) => access.mode === "write");
  const whole = bash.notReadOnly === undefined;
  if (whole && !writes && bash.commands.every((command) => readOnlyVerdict(command, facts) === true))
    return "read-only";
  const used: string[] = [];
  for (const command of bash.commands) {
    const rule = facts.allowRules.find(
      (candidate) => candidate.rule.kind === "bash" && coversCommand(candidate.rule.pattern, command),
    );
    if (rule) {
      if (!used.includes(rule.rule.text)) used.push(rule.rule.text);
      continue;
    }
    if (command.transparent) continue;
    if (readOnlyVerdict(command, facts) !== true) return null;
  }
  if (used.length > 0) return used.join(", ");
  // Read-only only when nothing is written, also by redirections outside any command (`{ …; } > f`).
  return writes || !whole ? null : "read-only";
}

/** The commands no allow rule covers and that are not read-only (for the suggested rule). */
export function uncoveredCommands(bash: AnalysedBash, facts: FastPathContext): AnalysedCommand[] {
  return bash.commands.filter(
    (command) =>
      !command.transparent &&
      !facts.allowRules.some(
        (rule) => rule.rule.kind === "bash" && coversCommand(rule.rule.pattern, command),
      ) &&
      readOnlyVerdict(command, facts) !== true,
  );
}

/**
 * Where no sandbox contains the fast path: the folders the line's git commands run in (the gate reads
 * the attribute drivers configured there, to replace them: util/git-drivers.ts), or why the line asks
 * (a git whose folder the gate cannot know).
 */
export function strictGitFolders(bash: AnalysedBash): string[] | string {
  const folders = new Set<string>();
  for (const command of bash.commands) {
    const program = command.words[0]?.value;
    if (program === null || program === undefined || basename(program) !== "git") continue;
    if (command.cwd === null || command.cwd === undefined)
      return "git runs in a folder the gate cannot know, so the diff drivers configured there cannot be checked";
    folders.add(command.cwd);
  }
  return [...folders];
}
