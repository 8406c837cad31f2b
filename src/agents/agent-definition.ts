// The AgentDefinition record shared by discovery (agent files, `--agents` JSON), the Agent tool,
// `reagent agents list`, `/agents` and the subagent runner. Field names follow Claude Code's agent
// files (`tools`, `disallowedTools`, `model`, `permissionMode`, `skills`, `maxTurns`, …).

import { PERMISSION_MODES, type PermissionMode } from "../contracts/index.js";

/** An agent file's `permissionMode` takes the session's modes. */
export const AGENT_PERMISSION_MODES = PERMISSION_MODES;
export type AgentPermissionMode = PermissionMode;

/** Where a definition came from; earlier sources win over later ones with the same name. */
export type AgentSource = "cli" | "project" | "user" | "built-in";

export type AgentDefinition = {
  /** The agent type the model passes as `subagent_type`. */
  name: string;
  /** When to use the agent: what the model sees in the Agent tool's description. */
  description: string;
  /** The agent's system prompt (the body of its file). */
  prompt: string;
  /** Allowed tool names (an exact name, `mcp__server` or `mcp__server__*`); absent: every tool. */
  tools?: string[];
  disallowedTools: string[];
  /** `inherit` (or absent) uses the parent's model; anything else is a model name or alias. */
  model?: string;
  /** Narrows the parent's permission mode for this agent; it never widens it. */
  permissionMode?: AgentPermissionMode;
  /** Skills whose bodies are loaded into the agent's context when it starts. */
  skills: string[];
  maxTurns?: number;
  /** Always start this agent in the background. */
  background?: boolean;
  /** Always run this agent in a temporary git worktree. */
  isolation?: "worktree";
  /** Hooks of this agent only (Claude Code's settings shape, `Stop` meaning SubagentStop), as written;
   *  validated where the hooks engine is (cli/agent-definitions.ts). */
  hooks?: Record<string, unknown>;
  source: AgentSource;
  /** The agent file (absent for built-in and `--agents` definitions). */
  path?: string;
};

export const AGENT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
