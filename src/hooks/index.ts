// Public surface of the hooks module for the composition root (cli/) and config/.
export { type HookConfig, HookConfigError, type HookHandler } from "./config-types.js";
export { createHookEngine, type HookEngine, type HookEngineOptions } from "./engine.js";
export { hookRunLine } from "./hook-run-line.js";
export { formatHookList, formatHookTestReport } from "./inspect.js";
export type { ModelSwitchFacts } from "./lifecycle-events.js";
export { loadHookConfig } from "./load-config.js";
export { compileMatcher } from "./matcher.js";
export { type CommandResult, runCommand } from "./run-command.js";
export type { CallbackInvoker, HookProcesses } from "./run-handler.js";
export type { AskModel } from "./run-prompt.js";
export type * from "./types.js";
export { HOOK_EVENTS } from "./types.js";
export type { FileEvent } from "./watch-list.js";
