// What the REPL needs from the rest of the application. The CLI (the composition root) implements
// ReplHost; the REPL only sees the session (types) and these callbacks, so it never imports
// permissions, hooks, MCP, skills or config directly. Shared shapes come from contracts/.

import type { Resolution } from "../../commands/index.js";
import type { NotificationType, PermissionMode, PromptAnswer, PromptRequest } from "../../contracts/index.js";
import type { Session, SessionEvent, TurnResult } from "../../session/index.js";
import type { SlashCommand } from "./slash-commands.js";

/** The part of Session the REPL drives. */
type ReplSession = Pick<
  Session,
  "subscribe" | "submit" | "abort" | "running" | "usage" | "lastUsage" | "messages" | "shell" | "news"
>;

/** One message of the conversation history (a resumed session starts with some). */
export type HistoryMessage = Session["messages"][number];

export type { SessionEvent, TurnResult };

/** A permission question (the gate's PromptRequest), the REPL dialog's answer, and the dialog itself. */
export type PermissionQuestion = PromptRequest;
export type PermissionAnswer = Extract<PromptAnswer, { kind: "yes" | "session" | "always" | "no" }>;
export interface ReplPrompter {
  ask(question: PermissionQuestion): Promise<PermissionAnswer>;
}

type ContextUsage = {
  percent: number;
  usedTokens: number;
  window: number;
  breakdown: { systemPrompt: number; toolSchemas: number; messages: number; free: number };
};

/** The settings' `statusLine` command's output (app/status-line.ts). */
export type StatusLineSource = {
  /** Its latest line; undefined: the built-in status line is shown. */
  text(): string | undefined;
  /** Asks for a new run (debounced by the source). */
  request(): void;
  subscribe(listener: () => void): () => void;
};

/** A saved session of the project, for the /resume picker. */
export type SessionChoice = {
  id: string;
  /** The first prompt on one line ("" when none). */
  firstPrompt: string;
  updatedAt: Date;
  messages: number;
  /** The session this REPL is in. */
  current: boolean;
  /** A live reagent process writes it (its lock); it cannot be resumed here. */
  inUseBy?: number;
};

/** A prompt /rewind offers (oldest first). */
export type RewindChoice = {
  number: number;
  text: string;
  /** When it was sent ("2026-12-02 14:05 UTC"). */
  at: string;
  changedFiles: boolean;
  /** Still in the conversation as it was (not compacted or cleared away). */
  inConversation: boolean;
};

export type RewindWhat = "both" | "conversation" | "code";

/** /rewind (and Esc Esc on an empty prompt): checkpoints of this session. */
export interface RewindHost {
  /** The prompts to rewind to, or why rewinding is not available. */
  prompts(): RewindChoice[] | string;
  /** What rewinding would do (shown first) and the changes made outside reagent it would overwrite
   *  (undefined: none; then a person confirms). */
  preview(number: number, what: RewindWhat): Promise<{ text: string; conflicts?: string }>;
  /** Rewinds as previewed; what happened, and the prompt's text when the conversation went back
   *  (the prompt is put back for editing). Throws with a user-facing message. */
  apply(number: number, what: RewindWhat): Promise<{ text: string; prefill?: string }>;
}

/** A model the /model picker offers: an alias or id of the current provider. */
export type ModelChoice = { name: string; description: string; current: boolean };

export interface ReplHost {
  /** The current session; read it again after `clear()` (the host may replace it). */
  readonly session: ReplSession;
  /** Current provider and model (read again after `setModel`). */
  readonly model: { provider: string; model: string };
  readonly cwd: string;
  readonly sessionId: string;
  /** Per-project prompt history (JSON lines); created on first write. */
  readonly historyFile: string;
  /** NO_COLOR was set: no foreground colours. */
  readonly noColor: boolean;
  /** Ctrl+G's editor command: $VISUAL, else $EDITOR, else `vi` (run through `sh -c` with the file). */
  readonly editorCommand: string;
  /** SessionStart hooks (source `startup`, or `resume` after `resume()`); called after the REPL
   *  subscribed to the session. */
  start(): Promise<void>;
  permissionMode(): PermissionMode;
  /** Returns a one-line confirmation; throws (Error message shown) for an unknown mode. */
  setPermissionMode(mode: string): string;
  contextUsage(): ContextUsage;
  /** The slash commands of this run (built-ins, skills, custom commands, MCP prompts): the menu and /help. */
  commandList(): SlashCommand[];
  /** Runs a typed command line through the run's one command registry. */
  runCommand(line: string, signal: AbortSignal): Promise<Resolution>;
  /** A configured status line command (absent: the built-in line only). Read again after `resume()`. */
  readonly statusLine?: StatusLineSource;
  /** The session's cost so far for the status line ("$0.0123"; undefined before any request). */
  costSoFar(): string | undefined;
  /** The spend cap nearest its limit once at 80% or more ("$0.85/$1.00 session"), else undefined. */
  budgetSoFar?(): string | undefined;
  /** `@server:uri` MCP resources the prompt mentions, read for attaching (absent: no MCP). */
  attachResources?(prompt: string): Promise<{ blocks: string[]; problems: string[] }>;
  /** Switches model; returns a confirmation; throws with a user-facing message. */
  setModel(name: string, source?: "command" | "picker"): Promise<string>;
  /** What the /model picker offers for the current provider. */
  modelChoices(): ModelChoice[];
  /** The output styles for the /output-style picker (the active one `current`). */
  outputStyleChoices(): ModelChoice[];
  /** Switches the output style and saves the choice; returns a confirmation; throws for an unknown name. */
  setOutputStyle(name: string): Promise<string>;
  /** The project's saved sessions, most recently written first. */
  listSessions(): Promise<SessionChoice[]>;
  /** Switches to a saved session (id or unique prefix), as `--resume` would: the current one ends
   *  (SessionEnd `resume`), the chosen one is locked and loaded; `session`, `sessionId` and the
   *  history change, and `start()` then fires SessionStart `resume`. Returns a confirmation; throws
   *  with a user-facing message (unknown id, in use, unreadable) and nothing changes. */
  resume(id: string): Promise<string>;
  /** The project's files and folders (relative, folders end in `/`) for `@` completion; gitignored
   *  and Read-denied files left out. Called in the background when a mention is first typed. */
  projectFiles(): Promise<string[]>;
  /** A replayed call's line as the live runner would show it: `Tool(the tool's own summary)`;
   *  undefined for a tool this session does not have (the replay then derives it from the input). */
  toolSummary?(name: string, input: Record<string, unknown>): string | undefined;
  /** A resumed call's saved structured result (an Edit's `structuredPatch`), by tool_use_id. */
  toolResultData?(toolUseId: string): unknown;
  /** The current text of a file (diffs in the permission dialog); undefined when missing or unreadable. */
  readText(path: string): string | undefined;
  /** Checkpoints of this session (/rewind). */
  readonly rewind: RewindHost;
  /** The REPL's permission dialog becomes the gate's prompter. */
  installPrompter(prompter: ReplPrompter): void;
  /** Fires the Notification hook. */
  notification(message: string, type: NotificationType): void;
  /** SessionEnd (reason `prompt_input_exit`) and cleanup; called once when the REPL exits. */
  close(): Promise<void>;
}
