// Shared types and `as const` lists that several modules speak (a leaf: it imports nothing). A
// contract lives here once; modules import it instead of keeping mirrors of their own.
export type { Containment, SandboxIntent } from "./containment.js";
export type { HookDecision } from "./hook-decision.js";
export type {
  McpRemoteServerSpec,
  McpSdkServerSpec,
  McpServerSpec,
  McpStdioServerSpec,
  McpTransportKind,
} from "./mcp-server-spec.js";
export { NOTIFICATION_TYPES, type NotificationType } from "./notification-type.js";
export { PERMISSION_MODES, type PermissionMode } from "./permission-mode.js";
export type { Launch, LaunchRequest, ProcessLauncher, Redact } from "./process-launcher.js";
export type { PermissionHookAnswer, PromptAnswer, Prompter, PromptRequest } from "./prompter.js";
export { RULE_BEHAVIORS, type RuleBehavior } from "./rule-behavior.js";
