// What the loop needs from tool execution. The ToolRunner (runner.ts) implements it and owns
// validation, hooks, the permission gate and execution; the loop only sees this interface.
import type { SideUsage, ToolResultBlock, ToolUseBlock } from "../model/index.js";
import type { ToolErrorCode } from "./tool-error-code.js";

/** A request to end the turn after this batch of tool calls. */
export type TurnControl = { type: "stop"; by: "hook" | "user"; reason: string };

export type ToolExecution = {
  result: ToolResultBlock;
  /** Text notes delivered to the model next to the results in the same turn (hook context). */
  notes: string[];
  control?: TurnControl;
  code?: ToolErrorCode;
  data?: unknown;
  /** Model usage of the tool's own side requests (added to the session's totals). */
  usage?: SideUsage[];
  /** The call's one-line summary when a hook rewrote its input (what actually ran). */
  summary?: string;
  /** Milliseconds spent waiting for the user's permission answer (not part of the tool's time). */
  waitedMs?: number;
};

export interface ToolExecutor {
  /** Read-only calls of one response may run concurrently. */
  isReadOnly(call: ToolUseBlock): boolean;
  summary(call: ToolUseBlock): string;
  run(call: ToolUseBlock, signal: AbortSignal): Promise<ToolExecution>;
  /** After every call of one response has resolved (PostToolBatch hooks): notes for the model next to
   *  the results, and possibly a request to end the turn. */
  afterBatch?(
    calls: ToolUseBlock[],
    signal: AbortSignal,
  ): Promise<{ notes: string[]; control?: TurnControl }>;
}
