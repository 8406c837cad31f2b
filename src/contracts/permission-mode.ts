// The permission modes, as Claude Code names them: the one list every module reads (the gate, the
// command line, the SDK control protocol, agent definitions, the REPL's mode cycle).
export const PERMISSION_MODES = ["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk"] as const;

export type PermissionMode = (typeof PERMISSION_MODES)[number];
