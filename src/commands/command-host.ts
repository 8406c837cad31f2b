// What the built-in commands act on: the running application seen through the operations a person can
// ask for by name. app/ implements it over the App; the commands never see the App itself.
import type { RuleBehavior } from "../contracts/index.js";

export type ContextReport = {
  percent: number;
  usedTokens: number;
  window: number;
  breakdown: { systemPrompt: number; toolSchemas: number; messages: number; free: number };
};

export interface CommandHost {
  compact(instructions: string, signal: AbortSignal): Promise<{ ok: boolean; message: string }>;
  /** A fresh conversation (SessionEnd `clear`, the history emptied, SessionStart `clear`). */
  clear(): Promise<void>;
  contextUsage(): ContextReport | undefined;
  /** Model, provider, folder, context use, hooks, MCP servers … as label → value. */
  status(): Record<string, string>;
  /** The effective hooks with their sources and the last hook runs. */
  hooksReport(): string;
  permissionsReport(): string;
  /** Adds or removes a rule in the project's local settings and the running gate; a confirmation. */
  addRule(kind: RuleBehavior, rule: string): Promise<string>;
  removeRule(kind: RuleBehavior, rule: string): Promise<string>;
  memoryReport(): string;
  addDirectory(path: string): Promise<string>;
  skillsReport(): string;
  mcpReport(): string;
  agentsReport(): string;
  /** Background commands and agents with their status (`/tasks`). */
  tasksReport(): string;
  /** Stops a background command or agent by id; a confirmation or why not. */
  stopTask(id: string): Promise<string>;
  /** The loaded plugins, what each brings, and the problems finding or reading them. */
  pluginsReport(): string;
  /** Switches the model (through the PreModelSwitch hooks); a confirmation or why not. */
  setModel(name: string): Promise<string>;
  /** `Model: name (provider)`. */
  modelReport(): string;
  /** The prompt `/init [focus]` submits. */
  initPrompt(focus: string): Promise<string>;
  costReport(): string;
  /** The output styles, the active one marked. */
  outputStylesReport(): string;
  /** Switches the output style and saves the choice; a confirmation (throws for an unknown name). */
  setOutputStyle(name: string): Promise<string>;
  /** The spend caps in force with what is spent against each. */
  budgetReport(): string;
  /** A new cap for the rest of this session; a confirmation. */
  setBudget(kind: "session" | "daily" | "model", usd: number, model?: string): string;
  /** The model's most recent thinking in full (undefined when it has none). */
  lastThinking(): string | undefined;
}
