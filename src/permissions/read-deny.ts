// What Read deny rules hide from the search tools: the rule that hides one file (Grep and Glob
// drop it), and whether any rule may hide a file below a folder (a search must then sort its files
// out before it looks into them). Both over the compiled rules of a gate or a subagent's scope.
import type { CompiledRule } from "./evaluate.js";
import { denyBelow } from "./evaluate-bash.js";
import { type CallFacts, type MatchContext, ruleMatchesCall } from "./match-rule.js";
import { resolveUserPath } from "./path-pattern.js";

/** The text of the first deny rule that forbids reading `absolutePath`, if any. */
export function readDeniedIn(
  rules: readonly CompiledRule[],
  context: MatchContext,
  absolutePath: string,
): string | undefined {
  let call: CallFacts | undefined;
  for (const entry of rules) {
    if (entry.behavior !== "deny" || entry.rule.kind !== "path") continue;
    // Resolved once per file (one realpath call), only when some deny path rule exists.
    call ??= {
      toolName: "Read",
      input: { file_path: absolutePath },
      paths: [resolveUserPath(absolutePath, context)],
      bash: null,
    };
    if (ruleMatchesCall(entry.rule, call, context, "any") === true) return entry.rule.text;
  }
  return undefined;
}

/** Whether a deny path rule may hide a file below `folder` (as written or resolved). */
export function readDenyBelowIn(
  rules: readonly CompiledRule[],
  context: MatchContext,
  folder: string,
): boolean {
  let real: string | undefined;
  for (const entry of rules) {
    if (entry.behavior !== "deny" || entry.rule.kind !== "path") continue;
    real ??= resolveUserPath(folder, context);
    if (denyBelow(entry.rule, real, context) || denyBelow(entry.rule, folder, context)) return true;
  }
  return false;
}
