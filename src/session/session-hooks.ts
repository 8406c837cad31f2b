// What the session needs from the hooks engine besides the tool hooks the runner uses.
import type { ToolHooks } from "../hooks/types.js";

export type PromptOutcome = { blocked?: { reason: string }; additionalContext: string[] };
export type StopOutcome = { block?: { reason: string }; stop?: { reason: string } };
export type SessionStartOutcome = { additionalContext: string[]; envExports: Record<string, string> };

export interface SessionHooks extends ToolHooks {
  userPromptSubmit(prompt: string, signal?: AbortSignal): Promise<PromptOutcome>;
  stop(lastAssistantMessage: string, stopHookActive: boolean, signal?: AbortSignal): Promise<StopOutcome>;
  sessionStart(source: string, model: string): Promise<SessionStartOutcome>;
  sessionEnd(reason: string): Promise<void>;
}
