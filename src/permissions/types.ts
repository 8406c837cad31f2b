// Contract between the permission gate and the ToolRunner. The gate decides whether a tool call
// with side effects may run: by mode, by rule, by asking the user through a Prompter, or by the
// headless policy. Hook decisions arrive as input; a deny rule always wins over a hook allow.

export type PermissionMode = "default" | "acceptEdits" | "plan" | "bypassPermissions" | "dontAsk";

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
  signal?: AbortSignal;
};

export type DecidedBy = "mode" | "rule" | "user" | "hook" | "headless";

export type PermissionDecision =
  /** `updatedInput`: the prompt's answer replaced the input; the runner validates it and checks it again. */
  | { behavior: "allow"; by: DecidedBy; rule?: string; updatedInput?: Record<string, unknown> }
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

export type RuleBehavior = "allow" | "deny" | "ask";

export type PermissionRules = Record<RuleBehavior, RuleSource[]>;

/** What the user is asked about. */
export type PromptRequest = {
  toolName: string;
  input: Record<string, unknown>;
  toolUseId: string;
  /** One line, e.g. `Bash: npm test && rm -rf build` or `Edit: src/app.ts`. */
  summary: string;
  /** Why the gate asks (outside the workspace, an ask rule, a hook, an unparseable command …). */
  reason: string;
  /** The rule offered for "yes, and don't ask again", e.g. `Bash(npm run test:*)` or `Edit(src/**)`. */
  suggestedRule: string;
  /** The subagent that makes the call (its type), when it is not the main agent. */
  agent?: string;
  signal?: AbortSignal;
};

export type PromptAnswer =
  /** `updatedInput`: run the call with this input instead (a program answering through the SDK). */
  | { kind: "yes"; updatedInput?: Record<string, unknown> }
  | { kind: "always"; rule: string }
  | { kind: "no"; message?: string }
  /** A program's refusal: its message goes to the model as written; `endTurn` stops the turn. */
  | { kind: "deny"; message: string; endTurn: boolean };

/** A programmatic answer to a permission question before it is put (PermissionRequest hooks):
 *  `none` lets the question go to the prompter or the headless policy. */
export type PermissionHookAnswer =
  | { behavior: "none" }
  /** `updatedInput`: run the call with this input (the runner validates it and checks it again). */
  | { behavior: "allow"; updatedInput?: Record<string, unknown> }
  | { behavior: "deny"; message: string; endTurn?: boolean };

/** Asks the person at the terminal; implemented by the line prompter and the REPL dialog. */
export interface Prompter {
  ask(request: PromptRequest): Promise<PromptAnswer>;
}
