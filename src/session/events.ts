// SessionEvent: everything a UI (REPL or headless printer) can observe. The session never calls
// the UI; UIs subscribe.
import type { HookNotice, HookRunEvent } from "../hooks/index.js";
import type { AgentEvent, Terminal } from "../loop/index.js";
import type { Message, SideUsage, StopReason, Usage } from "../model/index.js";
import type { PermissionDenial } from "../tools/index.js";
import type { ModelUsageEntry } from "./usage-ledger.js";

export type TurnResult = {
  terminal: Terminal;
  /** The text shown as the run's result. */
  result: string;
  isError: boolean;
  /** The model's stop reason on its last response in this turn (absent when it never answered). */
  stopReason?: StopReason;
  numTurns: number;
  durationMs: number;
  durationApiMs: number;
  usage: Usage;
  /** US dollars for this run's requests with a known price. */
  totalCostUsd: number;
  modelUsage: Record<string, ModelUsageEntry>;
  /** Models used in this run whose price is unknown (not in totalCostUsd). */
  unpricedModels: string[];
  permissionDenials: PermissionDenial[];
  hookErrors: HookNotice[];
};

/** Who a subagent is, on every event about it. */
export type SubagentInfo = {
  agentId: string;
  agentType: string;
  description: string;
  /** The Agent tool call that started it (stream-json's parent_tool_use_id). */
  parentToolUseId: string;
  background: boolean;
  model: string;
};

type SubagentStatus = "completed" | "failed" | "stopped";

export type SubagentEnd = {
  status: SubagentStatus;
  /** The final message, or what went wrong. */
  result: string;
  usage: Usage;
  durationMs: number;
  toolUses: number;
  /** A kept worktree: where the agent's changes are. */
  worktree?: { path: string; branch: string };
};

/** A task of the session's task list, as the UI shows it. */
type TaskView = {
  id: string;
  subject: string;
  status: "pending" | "in_progress" | "completed";
  activeForm?: string;
  owner?: string;
};

/** A background command that started or ended (`stopped`: TaskStop or the session's end stopped it). */
export type BackgroundCommandChange = {
  id: string;
  command: string;
  description: string;
  status: "running" | "completed" | "failed" | "killed";
  change: "started" | "ended";
  stopped: boolean;
  outputFile: string;
  exitCode: number | null;
  toolUseId?: string;
  durationMs?: number;
  note?: string;
};

export type SessionEvent =
  | AgentEvent
  | { type: "subagent-start"; agent: SubagentInfo; transcriptPath?: string }
  /** Something that happened inside a subagent (its messages, tool calls, warnings). */
  | { type: "subagent-event"; agent: SubagentInfo; event: SessionEvent }
  | { type: "subagent-end"; agent: SubagentInfo; end: SubagentEnd }
  | { type: "task-list"; tasks: readonly TaskView[] }
  /** News for the model is waiting (a background agent finished): it goes with the next tool results
   *  or prompt; an idle REPL starts a turn for it. */
  | { type: "news-waiting" }
  /** A background command (Bash with run_in_background) started or ended; `running` are still going. */
  | {
      type: "background-commands";
      running: number;
      changed: BackgroundCommandChange;
    }
  | { type: "hook-notice"; notice: HookNotice }
  | { type: "hook-run"; event: HookRunEvent }
  | { type: "prompt-blocked"; reason: string; hook?: "UserPromptSubmit" | "UserPromptExpansion" }
  | { type: "warning"; message: string }
  /** The history was replaced by a compaction: `messages` is the new history (summary first). */
  | {
      type: "history-compacted";
      trigger: "manual" | "auto";
      summary: string;
      messages: readonly Message[];
      /** Estimated context tokens before and after (for stream-json's compact_boundary). */
      preTokens: number;
      postTokens: number;
    }
  /** The history was emptied (`/clear`). */
  | { type: "history-cleared" }
  /** The conversation went back to before a prompt (`/rewind`): `messages` is what is kept. */
  | { type: "history-rewound"; messages: readonly Message[] }
  /** A call passed its hooks and the gate and its tool starts now (after any permission question). */
  | { type: "tool-call-running"; toolUseId: string }
  /** Output of a running tool as it arrives (Bash), for live display; never part of the result. */
  | { type: "tool-progress"; toolUseId: string; output: string }
  | { type: "turn-end"; result: TurnResult }
  /** A request's usage was added to the totals (a turn's request, a tool's or compaction's side
   *  request, or one a subagent counted). */
  | { type: "usage-counted"; spent: SideUsage }
  /** A request made outside the loop and its tools (a prompt hook's): the session counts it. */
  | { type: "side-request"; spent: SideUsage }
  /** A call was denied (the gate, a hook, a person): the turn's result lists it. */
  | { type: "permission-denied"; denial: PermissionDenial };
