// What every front-end drives: one application — the session and everything wired around it (gate,
// hooks engine, tools, MCP, agents, commands, watchers) — built once by createApp. The REPL host,
// headless `-p`, stream-json (the Agent SDKs) and ACP (editors) read and call these members only.

import type { AgentFile } from "../agents/index.js";
import type { SpendGuard } from "../budget/index.js";
import type { Checkpoints } from "../checkpoints/index.js";
import type { CommandMode, CommandRegistry, CustomCommand } from "../commands/index.js";
import type { Config, EnvSnapshot } from "../config/index.js";
import type { Prompter } from "../contracts/index.js";
import type { HookEngine } from "../hooks/index.js";
import type { McpManager } from "../mcp/index.js";
import type { ModelClient } from "../model/index.js";
import type { ManagedPermissionGate } from "../permissions/index.js";
import type { PluginSet } from "../plugins/index.js";
import type { SystemPromptBuilder } from "../prompt/index.js";
import type { ApiKeyHelper, Effort, ModelClients } from "../providers/index.js";
import type { Session, SessionEvents, SwitchOutcome, SwitchSource } from "../session/index.js";
import type { Skill } from "../skills/index.js";
import type { BackgroundShells, StructuredOutputSink } from "../tools/index.js";
import type { Tracer } from "../util/index.js";
import type { AgentWiring } from "./agent-wiring.js";
import type { TrustDecision } from "./folder-trust.js";
import type { OutputStyles } from "./output-styles.js";
import type { SandboxReport } from "./sandbox-report.js";
import type { StatusLineFeed } from "./status-line.js";

/** What start-up reads before the session exists: the folder, the environment, the settings. */
export type Basics = {
  cwd: string;
  env: EnvSnapshot;
  tracer: Tracer;
  settings: Config;
  /** The run's plugins (`--plugin-dir`, `enabledPlugins`) and the problems finding or reading them. */
  plugins: PluginSet;
  /** The folder's own hooks, MCP servers, allow rules and env are withheld (not trusted). */
  folderWithheld?: boolean;
  /** Settings `apiKeyHelper`: one per run, so every model client shares its cached key. */
  apiKeyHelper?: ApiKeyHelper;
};

export type App = Basics & {
  session: Session;
  /** The session's event stream (the session publishes to it; so do hooks, agents and watchers). */
  events: SessionEvents;
  /** Spend caps and the session's running cost (`/budget`, the status line). */
  spend: SpendGuard;
  /** The model the session started with (`set_model` with no name goes back to it). */
  model: ModelClient;
  modelClients: ModelClients;
  sessionId: string;
  /** The session's transcript file (null with --no-session-persistence). */
  transcriptPath: string | null;
  interactive: boolean;
  /** `resume` when the history was loaded by --continue / --resume (SessionStart's source). */
  startSource: "startup" | "resume";
  /** A resumed history's structured tool results by tool_use_id (the REPL replays diffs from them). */
  resumedToolResults: Record<string, unknown>;
  /** Snapshots before each prompt's first change, for rewinding (absent when off). */
  checkpoints: Checkpoints | undefined;
  hooks: HookEngine;
  gate: ManagedPermissionGate;
  mcp: McpManager | undefined;
  /** The front-end's permission dialog (the REPL's, the SDK's canUseTool, an editor's) answers the
   *  gate's questions once installed; until then an interactive question is an error. */
  setPrompter(prompter: Prompter): void;
  skills: Skill[];
  /** Custom slash commands (`.claude/commands`, `.agents/commands`, project and user). */
  commands: CustomCommand[];
  /** The agent files as start-up read them. */
  agentFiles: readonly AgentFile[];
  /** Whether the folder's own configuration applies, and whether the user trusts it. */
  trust: TrustDecision;
  /** Records the folder's current configuration as trusted after reagent changed it for a user who
   *  trusts it (absent otherwise). */
  refreshTrust?: () => Promise<void>;
  prompt: SystemPromptBuilder;
  /** The output styles and the active one (the system prompt reads it; `/output-style` switches it). */
  outputStyles: OutputStyles;
  /** The settings' `statusLine` command for the REPL (interactive runs that configure one). */
  statusLine?: StatusLineFeed;
  /** Which backend WebSearch uses, or why it is off and how to turn it on (shown by /status). */
  webSearchStatus: string;
  /** Which containment layer is active and why (`/status`, `reagent doctor`, the stream-json init). */
  sandbox: SandboxReport;
  /** Problems found while starting (settings, skills, MCP servers, hooks); the front-end shows them once. */
  startupWarnings: string[];
  /** `--effort` / settings `effort` (a `/model` switch keeps it). */
  effort?: Effort;
  /** Agent definitions (also those the SDK's initialize request gives), the task list, the subagents. */
  agents: AgentWiring;
  /** The background commands (Bash with run_in_background): `/tasks` lists them; stopped at close. */
  backgroundCommands: BackgroundShells;
  /** The slash commands for a front-end (built-ins, skills, custom commands, MCP prompts), built
   *  anew on each call so that servers connected later bring their prompts. */
  slashCommands(mode: CommandMode): CommandRegistry;
  /** Switches the session's model through the PreModelSwitch / PostModelSwitch hooks (null: back to
   *  the model it started with). */
  switchModel(requested: string | null, source: SwitchSource): Promise<SwitchOutcome>;
  /** Replaces the base system prompt / the appended text (the SDK's initialize request). */
  setPromptParts(patch: { systemPrompt?: string; appendSystemPrompt?: string }): void;
  /** Requires the final answer as JSON valid against `schema` (`--json-schema`, the SDK's outputFormat). */
  applyJsonSchema(schema: Record<string, unknown>): void;
  /** The turn's structured output, once a JSON schema is in force. */
  structuredOutput(): StructuredOutputSink | undefined;
  /** `Tool(key)` as the runner summarises a call (undefined for a tool this session lacks). */
  toolSummary(name: string, input: Record<string, unknown>): string | undefined;
  close(): Promise<void>;
};
