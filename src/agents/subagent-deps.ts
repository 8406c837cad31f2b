// What running a subagent needs from the composition root: the parent's registry, hooks engine and
// gate (narrowed per agent), how to get a model, a system prompt, preloaded skills, a transcript and
// a context manager for an agent, and where worktrees go. The CLI builds it; tests build it too.

import type { PermissionMode } from "../contracts/index.js";
import type { AgentHooks, HookScope, SessionHooks } from "../hooks/index.js";
import type { ModelClient, ToolSchema } from "../model/index.js";
import type { ContextManager, NewsInbox, SessionEvents } from "../session/index.js";
import type { CallContainment, FileAccess, ToolRegistry, ToolRunnerOptions } from "../tools/index.js";
import type { TranscriptSink } from "../transcript/index.js";
import type { Tracer } from "../util/index.js";
import type { AgentDefinition } from "./agent-definition.js";
import type { BackgroundCommands } from "./background-tools.js";
import type { WorktreeHooks } from "./worktree.js";

type SubagentGate = ToolRunnerOptions["gate"] & {
  readDeniedBy(absolutePath: string): string | undefined;
  readDenyBelow(absoluteFolder: string): boolean;
  /** The subagent's permission mode now (hook payloads carry it). */
  readonly mode: PermissionMode;
};

type SubagentTranscript = TranscriptSink & { close(): void };

/** The conversation the subagents serve: where their events and news go, the session id their hook
 *  payloads carry and the turn limit they inherit. It exists before the parent session does. */
export type ParentConversation = {
  sessionId: string;
  maxTurns: number;
  events: SessionEvents;
  news: NewsInbox;
  /** The spend caps: the reason a request of this model may not be sent (the whole session's caps). */
  spendCheck?: (model: string) => string | undefined;
};

export type SubagentDeps = {
  agents: readonly AgentDefinition[];
  parent: ParentConversation;
  /** The parent's registry (the Agent tool is added to it once the subagents exist): a subagent gets
   *  a narrowed view of the same tools. */
  registry: ToolRegistry;
  cwd: string;
  homeDir: string;
  baseEnv?: Record<string, string | undefined>;
  /** Where Read, Write and Edit get a file's text (the parent's: an editor's buffers under ACP). */
  fileAccess?: FileAccess;
  /** Environment additions of the parent's shell (SessionStart's CLAUDE_ENV_FILE exports). */
  shellEnv: () => Record<string, string>;
  /** The parent's launcher, sandbox facts and redaction (a worktree agent's launcher works there). */
  containment: CallContainment;
  tracer: Tracer;
  /** The model for a subagent: a name or alias, or undefined for the parent's current model. */
  modelFor(name: string | undefined): Promise<ModelClient>;
  /** Required, as the gate: every call of a subagent goes through the parent's hooks (scoped). */
  hooks: { forAgent(scope: HookScope): AgentHooks } & Pick<SessionHooks, "has" | "notification">;
  /** The parent's gate narrowed for an agent (mode, worktree, its name in prompts). */
  gateFor(options: { mode?: AgentDefinition["permissionMode"]; cwd: string; agent: string }): SubagentGate;
  systemPromptFor(agent: AgentDefinition, cwd: string): () => Promise<string>;
  /** The bodies of an agent's preloaded skills (and notes for skills that do not exist). */
  skillContext(names: readonly string[]): Promise<string[]>;
  transcriptFor?(agentId: string, meta: Record<string, unknown>): SubagentTranscript | undefined;
  contextFor?(
    model: () => ModelClient,
    tools: () => ToolSchema[],
    hooks: SessionHooks,
  ): ContextManager | undefined;
  /** Where worktrees are created (outside the project); absent: isolation is not available. */
  worktreeDir?: string;
  /** WorktreeCreate (makes the worktree instead of git) and WorktreeRemove hooks. */
  worktreeHooks?: WorktreeHooks;
  /** Subagents running at once (foreground and background); more wait for a slot. */
  maxParallel?: number;
  /** Headless runs wait for background agents before they end. */
  waitBeforeEnd: boolean;
  /** How deep the agents this manager starts are: 1 (the default) for the session's own, 2 for a
   *  subagent's (those get no Agent tool). */
  depth?: number;
  /** Agent ids (tests make them predictable; default: 16 random hex digits). */
  newAgentId?: () => string;
  /** The session's background commands (a subagent's own TaskOutput and TaskStop reach them too). */
  commands?: BackgroundCommands;
};
