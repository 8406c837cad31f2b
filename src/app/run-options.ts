// The options of one run, whatever front-end starts it: what the command line (or a program through
// the Agent SDK's flags) asked for, normalised and validated by cli/options.ts. The application is
// built from them (createApp) and the modes read their presentation flags (output format, verbosity).

import type { SettingSource } from "../config/index.js";
import type { McpServerSpec, PermissionMode } from "../contracts/index.js";
import { PROVIDER_NAMES } from "../providers/index.js";

export const DEFAULT_MAX_TURNS = 50;
export const OUTPUT_FORMATS = ["text", "json", "stream-json"] as const;

/** The values `--provider` and settings `provider` take. */
export const PROVIDERS = PROVIDER_NAMES;
export const EFFORTS = ["low", "medium", "high", "max"] as const;

export type RunOptions = {
  print: boolean;
  prompt?: string;
  outputFormat: (typeof OUTPUT_FORMATS)[number];
  model?: string;
  provider?: (typeof PROVIDERS)[number];
  maxTurns?: number;
  verbose: boolean;
  permissionMode?: PermissionMode;
  allowedTools: string[];
  disallowedTools: string[];
  systemPrompt?: string;
  appendSystemPrompt?: string;
  settings: string[];
  /** `--setting-sources user,project,local`: the settings scopes to read (absent: all). */
  settingSources?: SettingSource[];
  mcpConfig: string[];
  /** MCP servers the front-end brings by name (an editor's session/new), over the configured ones;
   *  the user's own, so folder trust does not withhold them (it still judges the project's .mcp.json). */
  mcpServers?: { servers: Record<string, McpServerSpec>; source: string };
  addDir: string[];
  /** `--plugin-dir`: plugin folders loaded for this run (repeatable; the SDK's `plugins` option). */
  pluginDirs?: string[];
  /** `--plugin-dir-no-mcp` (the SDK's `skipMcpDiscovery`): plugin folders loaded without their MCP servers. */
  pluginDirsNoMcp?: string[];
  /** `--sandbox`: commands run in the OS sandbox (as settings `sandbox.enabled`). */
  sandbox?: boolean;
  /** `-c`: resume the project's most recent session. */
  continue: boolean;
  /** `-r [id]`: resume that session; `true` when the flag was given without an id. */
  resume?: string | true;
  /** `--no-session-persistence` sets this to false: no transcript is written. */
  sessionPersistence: boolean;
  /** `--require-trust`: refuse untrusted or changed folder configuration in headless runs (exit 2). */
  requireTrust?: boolean;
  /** `--fork-session`: a resumed session goes on under a new id, the original left as it was. */
  forkSession?: boolean;
  /** `--init` / `--init-only` / `--maintenance`: Setup hooks run (with this trigger) before SessionStart. */
  setup?: "init" | "maintenance";
  /** `--init-only`: run the Setup and SessionStart hooks, then exit. */
  initOnly?: boolean;
  /** `--agents JSON`: session-only agent definitions (parsed when the session is built). */
  agents?: string;
  /** `--effort`: thinking / reasoning effort. */
  effort?: (typeof EFFORTS)[number];
  /** `--max-thinking-tokens`: the thinking budget (0 turns thinking off); wins over MAX_THINKING_TOKENS. */
  maxThinkingTokens?: number;
  /** `--thinking`: on (adaptive or enabled, at the model's default budget) or off. */
  thinking?: "on" | "off";
  /** `--max-budget-usd`: the session's spend cap (in place of settings budget.sessionUsd). */
  maxBudgetUsd?: number;
  /** `--fallback-model`: used after repeated overload errors. */
  fallbackModel?: string;
  /** `--input-format stream-json`: one JSON message per stdin line, plus the SDK control protocol. */
  inputFormat: (typeof INPUT_FORMATS)[number];
  includePartialMessages: boolean;
  replayUserMessages: boolean;
  /** `--json-schema`: the final answer must be a JSON value valid against this schema. */
  jsonSchema?: Record<string, unknown>;
  /** `--session-id`: the id of a new session (a UUID). */
  sessionId?: string;
  /** `--permission-prompt-tool stdio`: permission questions go to the SDK caller (can_use_tool). */
  permissionPromptTool?: string;
  /** `--strict-mcp-config`: only the servers of --mcp-config (no .mcp.json, no MCP_CONFIG). */
  strictMcpConfig: boolean;
  /** `--allow-dangerously-skip-permissions`: the caller may switch to bypassPermissions later. */
  allowBypassPermissions: boolean;
  /** `--tools`: the built-in tools offered (default: all); MCP and skills are not affected. */
  tools?: string[];
  systemPromptFile?: string;
  /** Flags accepted for compatibility that reagent does not act on (named once on stderr). */
  ignoredFlags: string[];
  /** `--debug` / `--debug-file`: trace lines (as TRACE=1) on stderr / appended to that file. */
  debug?: boolean;
  debugFile?: string;
};

export const INPUT_FORMATS = ["text", "stream-json"] as const;
