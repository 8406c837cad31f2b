// The sandbox module's public face: probe, policies, the one spawn entry point, the environment
// filter and the redactor. Everything else in this folder is reached through these.

export { DEFAULT_SECRET_PATHS, DEFAULT_TOOLCHAIN_PATHS, HIDDEN_SYSTEM_FOLDERS } from "./default-paths.js";
export { filterEnvironment, secretValues } from "./environment-filter.js";
export type { SpawnContainment } from "./prepare-spawn.js";
export { prepareSpawn } from "./prepare-spawn.js";
export type { RunLauncher } from "./process-launcher.js";
export { createProcessLauncher } from "./process-launcher.js";
export type { SandboxAvailability } from "./sandbox-availability.js";
export { probeSandbox } from "./sandbox-availability.js";
export type { PolicyInput, PolicyResult, SandboxPolicy, SandboxProfile } from "./sandbox-policy.js";
export { readOnlyPolicy, workspaceWritePolicy } from "./sandbox-policy.js";
export type { Sandbox } from "./sandbox-runtime.js";
export { createSandbox } from "./sandbox-runtime.js";
export { createSecretRedaction } from "./secret-redaction.js";
export { createRedactor } from "./secret-redactor.js";
