// Contract between the hooks engine and its callers (the ToolRunner and the session).
// The engine (config, matcher, command runner, output parsing, merging) lives beside this file;
// callers depend only on these types and the HookEngine interface.
import type { HookDecision, NotificationType } from "../contracts/index.js";

export type { HookDecision };

/** Every hook event Claude Code documents: a settings file may configure any of them. Which ones
 *  reagent fires is in event-catalog.ts; the others load with a warning and never run. */
export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PermissionRequest",
  "UserPromptSubmit",
  "Stop",
  "StopFailure",
  "SessionStart",
  "SessionEnd",
  "PreCompact",
  "PostCompact",
  "Notification",
  "SubagentStart",
  "SubagentStop",
  "PermissionDenied",
  "PostToolBatch",
  "UserPromptExpansion",
  "Setup",
  "InstructionsLoaded",
  "ConfigChange",
  "CwdChanged",
  "FileChanged",
  "DirectoryAdded",
  "WorktreeCreate",
  "WorktreeRemove",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "PreModelSwitch",
  "PostModelSwitch",
  "MessageDisplay",
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** Something a hook did that the user must see (one line, naming the hook and its source file). */
export type HookNotice = {
  /** "output": stderr of a hook that succeeded, shown to the user as is (never sent to the model). */
  kind: "block" | "error" | "system-message" | "warning" | "disabled" | "output";
  event: HookEventName;
  hook: string;
  source: string;
  text: string;
};

/** Progress of individual hook runs, for TRACE, stream-json and the REPL's /hooks view. */
export type HookRunEvent =
  | { type: "hook-start"; event: HookEventName; hook: string; source: string; matcher: string }
  | {
      type: "hook-end";
      event: HookEventName;
      hook: string;
      source: string;
      matcher: string;
      exitCode: number | null;
      durationMs: number;
      outcome: "success" | "block" | "error" | "timeout";
      decision?: HookRunDecision;
      error?: string;
    };

/** What one hook run contributed: a permission decision, a block (other events) or a hook error. */
export type HookRunDecision = HookDecision | "block" | "error";

/** `continue: false` from any hook: stop the agent after this step. */
export type StopRequest = { reason: string };

export type PreToolUseOutcome = {
  decision: HookDecision;
  reason?: string;
  /** The whole replacement input (already merged: last in configuration order wins). */
  updatedInput?: Record<string, unknown>;
  additionalContext: string[];
  stop?: StopRequest;
  notices: HookNotice[];
};

export type PostToolUseOutcome = {
  /** Exit 2 or decision "block": the reason goes to the model next to the (kept) tool output. */
  blockReason?: string;
  updatedToolOutput?: string;
  additionalContext: string[];
  stop?: StopRequest;
  notices: HookNotice[];
};

export type PreToolUseInput = {
  toolName: string;
  toolInput: Record<string, unknown>;
  toolUseId: string;
  signal?: AbortSignal;
};

export type PostToolUseInput = PreToolUseInput & {
  toolResponse: unknown;
  /** The text the model sees (compact-format scripts read it as `tool_result`). */
  toolResult: string;
  isError: boolean;
  durationMs: number;
};

export type PostToolUseFailureInput = PreToolUseInput & { error: string; durationMs: number };

/** PermissionRequest: asked when a permission question is about to be put (a dialog, or the
 *  headless policy); an allow or deny answers it. */
export type PermissionRequestInput = {
  toolName: string;
  toolInput: Record<string, unknown>;
  toolUseId: string;
  /** Claude Code's `permission_suggestions` (the rule "don't ask again" would add). */
  suggestions: unknown[];
  signal?: AbortSignal;
};

export type PermissionRequestOutcome = {
  decision: "none" | "allow" | "deny";
  /** The deny message (for the model) or the allow reason. */
  reason?: string;
  /** An allow that rewrites the call's input. */
  updatedInput?: Record<string, unknown>;
  /** `interrupt: true` on a deny, or `continue: false`: stop the agent after this step. */
  stop?: StopRequest;
  notices: HookNotice[];
};

/** One call of a finished batch, as PostToolBatch hooks see it (`toolResponse`: absent when the call
 *  never ran — invalid, denied or skipped). */
export type BatchCall = {
  toolName: string;
  toolInput: Record<string, unknown>;
  toolUseId: string;
  toolResponse?: unknown;
};

/** The part of the hooks engine the ToolRunner uses. */
export interface ToolHooks {
  preToolUse(input: PreToolUseInput): Promise<PreToolUseOutcome>;
  postToolUse(input: PostToolUseInput): Promise<PostToolUseOutcome>;
  postToolUseFailure(input: PostToolUseFailureInput): Promise<PostToolUseOutcome>;
  /** PostToolBatch: once after every call of one model response has resolved, before the next
   *  request; a block reason and additionalContext reach the model with the results. */
  postToolBatch?(calls: BatchCall[], signal?: AbortSignal): Promise<PostToolUseOutcome>;
  /** PermissionDenied: the gate denied a call by a rule, the mode or the headless policy (not a
   *  person, not a hook); `retry` lets the model know it may try again. */
  permissionDenied?(input: {
    toolName: string;
    toolInput: Record<string, unknown>;
    toolUseId: string;
    reason: string;
  }): Promise<{ retry: boolean; notices: HookNotice[] }>;
  /** CwdChanged: a tool call (Bash `cd`) moved the shell's working folder. The hooks may write
   *  CLAUDE_ENV_FILE (`$NAME` there expands through `inherited`): the variables to set and unset. */
  cwdChanged?(
    oldCwd: string,
    newCwd: string,
    inherited?: (name: string) => string | undefined,
  ): Promise<NoticesOnly & { envExports: Record<string, string>; envUnset: string[] }>;
}

/** An instruction or memory file that entered the model's context (InstructionsLoaded). */
export type InstructionsLoad = {
  filePath: string;
  memoryType: "User" | "Project" | "Local" | "Managed";
  loadReason: "session_start" | "include";
  /** The file whose `@path` import pulled this one in. */
  parentFilePath?: string;
};

/** A task of the task list, as TaskCreated / TaskCompleted hooks see it. */
export type HookTask = { id: string; subject: string; description?: string };

/** TaskCreated / TaskCompleted: exit 2 or decision "block" refuses the creation / the completion;
 *  the reason goes back to the model. */
export interface TaskHooks {
  taskCreated(task: HookTask, signal?: AbortSignal): Promise<TaskHookOutcome>;
  taskCompleted(task: HookTask, signal?: AbortSignal): Promise<TaskHookOutcome>;
}

export type TaskHookOutcome = { blocked?: { reason: string }; stop?: StopRequest; notices: HookNotice[] };

// ---- Additions for the session-level events (additive; the ToolRunner contract above is unchanged).

export type UserPromptSubmitOutcome = {
  /** Exit 2, decision "block" or a failing `onError: "deny"` hook: make no model request. */
  blocked?: { reason: string };
  additionalContext: string[];
  stop?: StopRequest;
  notices: HookNotice[];
};

/** A slash command the user typed that expands into a prompt (a custom command, a skill, `/init`,
 *  an MCP prompt): what UserPromptExpansion hooks see besides the expanded `prompt`. */
export type PromptExpansion = {
  expansionType: "slash_command" | "mcp_prompt";
  commandName: string;
  commandArgs: string;
  commandSource: "skill" | "builtin" | "mcp";
};

export type StopOutcome = {
  /** Continue the turn with `reason` as the instruction (at most 8 blocks per prompt are honoured). */
  block?: { reason: string };
  /** `continue: false` wins over a block. */
  stop?: StopRequest;
  additionalContext: string[];
  notices: HookNotice[];
};

export type SessionStartSource = "startup" | "resume" | "clear" | "compact";

export type SessionStartOutcome = {
  additionalContext: string[];
  /** `export NAME=value` lines the hooks appended to CLAUDE_ENV_FILE, for every later Bash call. */
  envExports: Record<string, string>;
  stop?: StopRequest;
  notices: HookNotice[];
};

export type PreCompactOutcome = { blocked?: { reason: string }; notices: HookNotice[] };

export type NoticesOnly = { notices: HookNotice[] };

/** The part of the hooks engine the session uses. */
export interface SessionHooks {
  /** True when at least one handler is configured for the event (callers may skip work otherwise). */
  has(event: HookEventName): boolean;
  userPromptSubmit(prompt: string, signal?: AbortSignal): Promise<UserPromptSubmitOutcome>;
  /** UserPromptExpansion: a typed slash command expanded into `prompt` (block / context as above). */
  userPromptExpansion(
    input: PromptExpansion & { prompt: string },
    signal?: AbortSignal,
  ): Promise<UserPromptSubmitOutcome>;
  stop(input: {
    stopHookActive: boolean;
    lastAssistantMessage: string;
    signal?: AbortSignal;
  }): Promise<StopOutcome>;
  sessionStart(source: SessionStartSource, model: string): Promise<SessionStartOutcome>;
  sessionEnd(reason: string): Promise<NoticesOnly>;
  preCompact(trigger: "manual" | "auto", customInstructions: string): Promise<PreCompactOutcome>;
  postCompact(trigger: "manual" | "auto", summary: string): Promise<NoticesOnly>;
  notification(message: string, notificationType: NotificationType): Promise<NoticesOnly>;
  /** InstructionsLoaded: an instruction or memory file entered the context (observe only). */
  instructionsLoaded?(load: InstructionsLoad): Promise<NoticesOnly>;
  /** StopFailure: the turn ended with an API error (output ignored, as in Claude Code). */
  stopFailure(input: {
    error: string;
    errorDetails: string;
    lastAssistantMessage: string;
  }): Promise<NoticesOnly>;
}

/** The part of the hooks engine the permission gate uses. */
export interface PermissionHooks {
  permissionRequest(input: PermissionRequestInput): Promise<PermissionRequestOutcome>;
}

// ---- Subagents: their tool calls and lifecycle events (SubagentStart, SubagentStop).

/** Who a hook fires for inside a subagent; `cwd` is set for an agent working in its own worktree. */
export type HookScope = {
  agentId: string;
  agentType: string;
  cwd?: string;
  /** The subagent's own permission mode (narrower than the parent's when its agent says so). */
  permissionMode?: () => string;
};

/** The hooks of one subagent: tool events plus its lifecycle. Every payload carries agent_id and agent_type. */
export interface AgentHooks extends ToolHooks {
  /** Whether any hook (configured, or the agent's own) listens to `event`. */
  has(event: HookEventName): boolean;
  /** Fired as the subagent starts; `additionalContext` goes into the subagent's first message. */
  subagentStart(signal?: AbortSignal): Promise<{ additionalContext: string[]; notices: HookNotice[] }>;
  /** Fired when the subagent wants to finish; a block makes it continue (capped like Stop). */
  subagentStop(input: {
    stopHookActive: boolean;
    lastAssistantMessage: string;
    transcriptPath: string | null;
    signal?: AbortSignal;
  }): Promise<StopOutcome>;
  preCompact(trigger: "manual" | "auto", customInstructions: string): Promise<PreCompactOutcome>;
  postCompact(trigger: "manual" | "auto", summary: string): Promise<NoticesOnly>;
}
