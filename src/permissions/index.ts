// The permission gate: modes, rules and their matching, the line prompter, permission updates from
// the SDK (module entry).

export { excludedCommands } from "./excluded-commands.js";
export { createPermissionGate, fastPathNotice, type ManagedPermissionGate } from "./gate.js";
export { createLinePrompter } from "./line-prompter.js";
export { matchRule } from "./match-rule.js";
export { PermissionModeState } from "./mode-state.js";
export { applyPermissionUpdates } from "./permission-updates.js";
export { readRulePaths } from "./read-rule-paths.js";
export { validateRule } from "./rule.js";
export type {
  PermissionDecision,
  PermissionGate,
  PermissionHookAnswer,
  PermissionMode,
  PermissionRequest,
  PermissionRules,
  PromptRequest,
} from "./types.js";
