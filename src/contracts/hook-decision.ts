// A PreToolUse / PermissionRequest hook's verdict on a tool call, as the runner and the gate see it:
// `none` (no opinion), allow (skips the prompt, never a deny rule), ask (forces the prompt), deny (final).
export type HookDecision = "none" | "allow" | "ask" | "deny";
