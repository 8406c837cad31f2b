// The sandbox module's public face: probe, policies, the one spawn entry point, the environment
// filter and the redactor. Everything else in this folder is reached through these.

export {
  DEFAULT_SECRET_PATHS,
  DEFAULT_TOOLCHAIN_PATHS,
  HIDDEN_SYSTEM_FOLDERS,
  PRIVATE_TEMP_FOLDERS,
} from "./default-paths.js";
export type { EnvironmentRules, FilteredEnvironment, RemovedVariable } from "./environment-filter.js";
export { filterEnvironment, NO_PASS_THROUGH, secretValues } from "./environment-filter.js";
export type { PlaceholderCleanup } from "./placeholder-store.js";
export type { PreparedSpawn, SpawnContainment, SpawnLayer } from "./prepare-spawn.js";
export { prepareSpawn } from "./prepare-spawn.js";
export type { LauncherOptions, RunLauncher } from "./process-launcher.js";
export { createProcessLauncher } from "./process-launcher.js";
export type { ActiveSandbox, SandboxAvailability, SandboxMechanism } from "./sandbox-availability.js";
export { probeSandbox } from "./sandbox-availability.js";
export type {
  FilesystemSettings,
  PolicyInput,
  PolicyResult,
  ReadOnlyPolicy,
  SandboxPolicy,
  SandboxProfile,
  WorkspaceWritePolicy,
} from "./sandbox-policy.js";
export { readOnlyPolicy, workspaceWritePolicy } from "./sandbox-policy.js";
export type { Sandbox, SandboxOptions, SpawnRequest } from "./sandbox-runtime.js";
export { createSandbox } from "./sandbox-runtime.js";
export type { SecretRedaction } from "./secret-redaction.js";
export { createSecretRedaction } from "./secret-redaction.js";
export type { Redaction, Redactor, SecretValue } from "./secret-redactor.js";
export { createRedactor } from "./secret-redactor.js";
