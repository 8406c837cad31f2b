// Contract between the permission gate and the ToolRunner. The gate decides whether a tool call
// with side effects may run: by mode, by rule, by asking the user through a Prompter, or by the
// headless policy. Hook decisions arrive as input; a deny rule always wins over a hook allow.

import type { RuleBehavior, SandboxIntent } from "../contracts/index.js";

export type {
  PermissionHookAnswer,
  PermissionMode,
  PromptAnswer,
  Prompter,
  PromptRequest,
  RuleBehavior,
} from "../contracts/index.js";

export type PermissionRequest = {
  toolName: string;
  input: Record<string, unknown>;
  toolUseId: string;
  readOnly: boolean;
  /** Real absolute paths the call will touch. */
  paths: string[];
  /** The Bash tool's working directory (where earlier calls' `cd` left the shell). */
  shellCwd?: string;
  /** PreToolUse outcome: allow skips the prompt (never a deny rule); ask forces a prompt. */
  hookDecision: "none" | "allow" | "ask";
  hookReason?: string;
  /** A Bash call's sandbox plan, when there is one to decide on (tools/runner/containment.ts). */
  sandboxIntent?: SandboxIntent;
  signal?: AbortSignal;
};

/** `sandbox`: autoAllowBashIfSandboxed let a contained command run. */
export type DecidedBy = "mode" | "rule" | "user" | "hook" | "headless" | "sandbox";

export type PermissionDecision =
  | {
      behavior: "allow";
      by: DecidedBy;
      rule?: string;
      /** The prompt's answer replaced the input; the runner validates it and checks it again. */
      updatedInput?: Record<string, unknown>;
      /** A Bash call allowed only because its analysis filed it read-only (no rule, no mode allowed
       *  it): the runner starts it in the sandbox's read-only profile wherever one can start, in
       *  every mode, and with git's fsmonitor, hooks and implicit bare repositories off
       *  (`gitGuardEnvironment`, util/git-guard-environment.ts). */
      readOnlyFastPath?: true;
      /** Where no sandbox contains the fast path: git settings (`[key, value]`) that replace the
       *  attribute drivers configured for the line's git (util/git-drivers.ts), for the runner. */
      gitDrivers?: readonly (readonly [string, string])[];
    }
  | {
      behavior: "deny";
      by: DecidedBy;
      rule?: string;
      /** Text for the model (why, and what to do). */
      message: string;
      /** The user said no: end the turn and wait for the user. */
      endTurn?: boolean;
    };

export interface PermissionGate {
  check(request: PermissionRequest): Promise<PermissionDecision>;
  /** Tools denied as a whole are not offered to the model at all. */
  isToolHidden(toolName: string): boolean;
}

/** A rule and where it came from: a settings file path, "--allowedTools", "--disallowedTools", "session". */
export type RuleSource = { rule: string; source: string };

export type PermissionRules = Record<RuleBehavior, RuleSource[]>;
