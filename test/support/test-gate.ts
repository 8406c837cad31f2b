// The real permission gate over a test workspace: rules given as text (source "test-settings.json")
// or as rule/source pairs; interactive exactly when a prompter (the UI side) is given.
import { createPermissionGate } from "../../src/permissions/gate.js";
import type { PermissionMode, Prompter, RuleBehavior, RuleSource } from "../../src/permissions/types.js";
import { createGitConfiguredPaths } from "../../src/util/git-configured-paths.js";
import { noopTracer } from "../../src/util/trace.js";

export type TestRules = Partial<Record<RuleBehavior, Array<string | RuleSource>>>;

export function createTestGate(options: {
  cwd: string;
  mode: PermissionMode;
  rules?: TestRules;
  prompter?: Prompter;
}) {
  const rules = (behavior: RuleBehavior): RuleSource[] =>
    (options.rules?.[behavior] ?? []).map((rule) =>
      typeof rule === "string" ? { rule, source: "test-settings.json" } : rule,
    );
  return createPermissionGate({
    mode: options.mode,
    rules: { allow: rules("allow"), deny: rules("deny"), ask: rules("ask") },
    cwd: options.cwd,
    homeDir: options.cwd,
    shellEnv: process.env,
    gitConfigured: createGitConfiguredPaths(process.env),
    additionalDirectories: [],
    interactive: options.prompter !== undefined,
    prompter: options.prompter,
    tracer: noopTracer,
  });
}
