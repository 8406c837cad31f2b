// Context accounting: how much of the window the next request will use, split into system prompt,
// tool schemas, messages and free space. The provider-reported input (+ cache) tokens of the last
// request are authoritative; messages added since then are estimated at characters / 4.
import type { Message, ToolSchema, Usage } from "../model/index.js";
import { estimateTokens, estimateToolSchemaTokens } from "./estimate-tokens.js";

type ContextBreakdown = {
  systemPrompt: number;
  toolSchemas: number;
  messages: number;
  free: number;
};

export type ContextUsage = {
  usedTokens: number;
  /** usedTokens as a percentage of the window, one decimal (may exceed 100). */
  percent: number;
  window: number;
  /** `reported`: based on the provider's usage of the last request; `estimated`: characters / 4 only. */
  source: "reported" | "estimated";
  breakdown: ContextBreakdown;
};

type ContextUsageInput = {
  /** Usage reported for the last request (its input and cache tokens are what that request occupied). */
  lastUsage?: Usage;
  /** Messages appended after the last request was sent (its assistant reply, tool results, new
   *  prompts); without `lastUsage`, the whole history. */
  messagesSinceLastRequest: readonly Message[];
  system: string;
  tools: readonly ToolSchema[];
  window: number;
};

/** Input tokens a request occupied: uncached input plus cache reads and cache writes. */
function reportedInputTokens(usage: Usage): number {
  return usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
}

export function contextUsage(input: ContextUsageInput): ContextUsage {
  const systemPrompt = estimateTokens(input.system);
  const toolSchemas = estimateToolSchemaTokens(input.tools);
  const pending = estimateTokens(input.messagesSinceLastRequest);
  const reported = input.lastUsage ? reportedInputTokens(input.lastUsage) : 0;
  const source = input.lastUsage && reported > 0 ? "reported" : "estimated";
  const usedTokens = source === "reported" ? reported + pending : systemPrompt + toolSchemas + pending;
  const messages = Math.max(0, usedTokens - systemPrompt - toolSchemas);
  const window = Math.max(0, input.window);
  return {
    usedTokens,
    percent: window > 0 ? Math.round((usedTokens / window) * 1000) / 10 : 100,
    window,
    source,
    breakdown: { systemPrompt, toolSchemas, messages, free: Math.max(0, window - usedTokens) },
  };
}

/** True when auto-compaction should run: used tokens at or above `thresholdPercent` of the window. */
export function shouldAutoCompact(
  usage: number | Pick<ContextUsage, "usedTokens">,
  window: number,
  thresholdPercent = 85,
): boolean {
  const used = typeof usage === "number" ? usage : usage.usedTokens;
  if (!(window > 0) || !(thresholdPercent > 0)) return false;
  return used >= (window * thresholdPercent) / 100;
}

type MessageBudgetInput = {
  window: number;
  system: string;
  tools: readonly ToolSchema[];
  /** Tokens kept free for the model's reply (the request's max output tokens). */
  reserveOutputTokens?: number;
  /** Fraction of the remaining room that messages may fill before trimming starts (default 0.7). */
  fraction?: number;
};

/** A `budgetTokens` for trimForRequest: the room left for messages after system prompt, tool
 *  schemas and the reply reserve, scaled by `fraction` so trimming starts before auto-compaction. */
export function messageBudget(input: MessageBudgetInput): number {
  const fixed = estimateTokens(input.system) + estimateToolSchemaTokens(input.tools);
  const room = input.window - fixed - (input.reserveOutputTokens ?? 0);
  return Math.max(0, Math.floor(room * (input.fraction ?? 0.7)));
}
