// The catalogue of hook events: every event name Claude Code documents (so any settings file written
// for it loads), which of them reagent fires, the payload field each event's matcher tests, and the
// trace name of each. Configuration of an event reagent does not fire is accepted with a warning.
import type { HookEventName } from "./types.js";

type EventInfo = {
  /** reagent fires this event (listed in the README). */
  fired: boolean;
  /** The payload field the matcher is tested against; undefined = the matcher is ignored. */
  matchField?: string;
};

export const EVENT_CATALOG: Record<HookEventName, EventInfo> = {
  PreToolUse: { fired: true, matchField: "tool_name" },
  PostToolUse: { fired: true, matchField: "tool_name" },
  PostToolUseFailure: { fired: true, matchField: "tool_name" },
  PermissionRequest: { fired: true, matchField: "tool_name" },
  UserPromptSubmit: { fired: true },
  UserPromptExpansion: { fired: true, matchField: "command_name" },
  Stop: { fired: true },
  StopFailure: { fired: true, matchField: "error" },
  SessionStart: { fired: true, matchField: "source" },
  SessionEnd: { fired: true, matchField: "reason" },
  PreCompact: { fired: true, matchField: "trigger" },
  PostCompact: { fired: true, matchField: "trigger" },
  Notification: { fired: true, matchField: "notification_type" },
  // Fired for subagents (the Agent tool): engine.forAgent.
  SubagentStart: { fired: true, matchField: "agent_type" },
  SubagentStop: { fired: true, matchField: "agent_type" },
  PermissionDenied: { fired: true, matchField: "tool_name" },
  PostToolBatch: { fired: true },
  Setup: { fired: true, matchField: "trigger" },
  InstructionsLoaded: { fired: true, matchField: "load_reason" },
  ConfigChange: { fired: true, matchField: "source" },
  CwdChanged: { fired: true },
  FileChanged: { fired: true, matchField: "file_path" },
  DirectoryAdded: { fired: true },
  WorktreeCreate: { fired: true },
  WorktreeRemove: { fired: true },
  TeammateIdle: { fired: false },
  TaskCreated: { fired: true },
  TaskCompleted: { fired: true },
  Elicitation: { fired: false, matchField: "mcp_server_name" },
  ElicitationResult: { fired: false, matchField: "mcp_server_name" },
  PreModelSwitch: { fired: true },
  PostModelSwitch: { fired: true },
  MessageDisplay: { fired: false },
};

/** Events whose payload carries a tool call (where `if` rules apply). */
export const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PermissionRequest",
  "PermissionDenied",
]);

/** `hooks.pre`, `hooks.post_failure`, `hooks.permission_request` … for TRACE=1 lines. */
export function traceName(event: HookEventName): string {
  const short: Partial<Record<HookEventName, string>> = {
    PreToolUse: "pre",
    PostToolUse: "post",
    PostToolUseFailure: "post_failure",
    UserPromptSubmit: "prompt",
  };
  const snake = event.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
  return `hooks.${short[event] ?? snake}`;
}

export function isFired(event: HookEventName): boolean {
  return EVENT_CATALOG[event].fired;
}
