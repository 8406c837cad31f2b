// The loop's typed event union and terminal reasons. Event names are kebab noun-verb.
import type {
  Message,
  ModelError,
  ModelEvent,
  SideUsage,
  StopReason,
  ToolUseBlock,
  Usage,
} from "../model/index.js";
import type { ToolErrorCode } from "../tools/index.js";

export type Terminal =
  /** `truncated`: the final answer was cut off at the output token limit. */
  | { reason: "completed"; text: string; truncated?: boolean }
  /** A spend cap was reached (the session's, the day's or a model's: budget/spend-guard.ts). */
  | { reason: "max_budget"; message: string; text: string }
  | { reason: "max_turns"; turns: number; text: string }
  | { reason: "aborted"; text: string }
  | { reason: "error"; error: ModelError; text: string }
  | { reason: "stopped_by_hook"; message: string; text: string }
  | { reason: "declined"; message: string; text: string }
  /** The prompt could not be built, so nothing was sent: a custom command's `` !`…` `` line failed
   *  or was not allowed (set by the session; the loop itself never ends so). */
  | { reason: "command_failed"; message: string; text: string };

export type AgentEvent =
  | { type: "turn-start"; turn: number }
  /** Streamed as the model sent them (model/types.ts): a response began (`id`: the provider's message
   *  id, when it sent one), text, thinking, a tool call began (its input arrives with the whole message). */
  | Extract<ModelEvent, { type: "message-start" | "text-delta" | "thinking-delta" | "tool-call-delta" }>
  /** The client's `retry` event, renamed: the request is about to be made again. */
  | ({ type: "model-retry" } & Omit<Extract<ModelEvent, { type: "retry" }>, "type">)
  | {
      type: "assistant-message";
      message: Extract<Message, { role: "assistant" }>;
      /** The model that answered and the provider's message id (when it sent one). */
      model: string;
      messageId?: string;
      usage: Usage;
      stopReason: StopReason;
      durationMs: number;
    }
  | { type: "tool-call-start"; call: ToolUseBlock; summary: string }
  | {
      type: "tool-call-end";
      call: ToolUseBlock;
      summary: string;
      isError: boolean;
      code?: ToolErrorCode;
      content: string;
      durationMs: number;
      data?: unknown;
      /** Model usage of the tool's side requests (WebFetch condensing, web search). */
      usage?: SideUsage[];
    }
  | { type: "tool-results"; message: Extract<Message, { role: "user" }> }
  | { type: "stop-continued"; reason: string; count: number }
  /** A response was cut off at max_tokens; its tool calls (if any) were answered without running. */
  | { type: "output-truncated"; skippedCalls: number }
  | { type: "loop-end"; terminal: Terminal };
