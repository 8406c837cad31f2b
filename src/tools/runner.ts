// The ToolRunner: the single path every tool call takes (built-in, MCP, skill). Order:
// validate → PreToolUse hooks → permission gate → execute → PostToolUse / PostToolUseFailure.
// A hook deny is final; a hook allow skips the prompt but never a deny rule; a hook ask forces a
// prompt. Failures of any stage become tool results the model sees; nothing here throws.
import type { HookNotice, StopRequest, ToolHooks } from "../hooks/types.js";
import type { ToolUseBlock } from "../model/types.js";
import type { PermissionGate } from "../permissions/types.js";
import { errorMessage } from "../util/errors.js";
import { formatZodError } from "../util/format-zod-error.js";
import { systemNote } from "../util/system-note.js";
import type { Tracer } from "../util/trace.js";
import type { ToolExecution, ToolExecutor, TurnControl } from "./execution.js";
import { resolveToolPath } from "./paths.js";
import type { ToolRegistry } from "./registry.js";
import type { Tool, ToolContext, ToolResult } from "./tool.js";

export type PermissionDenial = {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
};

export type ToolRunnerOptions = {
  registry: ToolRegistry;
  hooks?: ToolHooks;
  gate?: PermissionGate;
  context: (toolUseId: string, signal: AbortSignal) => ToolContext;
  tracer: Tracer;
  onDenial?: (denial: PermissionDenial) => void;
  /** Notices of the runner itself (hook engines report their own notices as they happen). */
  onNotice?: (notice: HookNotice) => void;
};

/** The tool's path fields made absolute for hooks, the gate and the tool alike; a value that does not
 *  resolve (empty, NUL byte) is kept for the tool to reject. */
function absolutePaths(tool: Tool, input: Record<string, unknown>, context: ToolContext) {
  if (!tool.pathFields?.length) return input;
  const out = { ...input };
  for (const field of tool.pathFields) {
    const value = out[field];
    if (typeof value !== "string") continue;
    const resolved = resolveToolPath(value, context);
    if (resolved.ok) out[field] = resolved.path;
  }
  return out;
}

function failure(
  call: ToolUseBlock,
  code: string,
  content: string,
  extra: Partial<ToolExecution> = {},
): ToolExecution {
  return {
    result: { type: "tool_result", tool_use_id: call.id, content, is_error: true },
    notes: [],
    code,
    ...extra,
  };
}

function stopControl(stop: StopRequest | undefined): TurnControl | undefined {
  return stop ? { type: "stop", by: "hook", reason: stop.reason } : undefined;
}

export function createToolRunner(options: ToolRunnerOptions): ToolExecutor {
  // One validation per call: the loop asks isReadOnly and summary before run, all on the same input.
  const parsedInputs = new WeakMap<ToolUseBlock, ReturnType<Tool["schema"]["safeParse"]>>();
  const parseInput = (tool: Tool, call: ToolUseBlock) => {
    let parsed = parsedInputs.get(call);
    if (!parsed) {
      parsed = tool.schema.safeParse(call.input);
      parsedInputs.set(call, parsed);
    }
    return parsed;
  };
  const { registry, tracer } = options;

  async function run(call: ToolUseBlock, signal: AbortSignal): Promise<ToolExecution> {
    const started = Date.now();
    tracer.trace("tool.start", { tool: call.name, id: call.id });
    const execution = await pipeline(call, signal);
    tracer.trace("tool.end", {
      tool: call.name,
      id: call.id,
      ok: execution.result.is_error !== true,
      code: execution.code,
      ms: Date.now() - started,
    });
    return execution;
  }

  async function pipeline(call: ToolUseBlock, signal: AbortSignal): Promise<ToolExecution> {
    const tool = registry.get(call.name);
    if (!tool)
      return failure(
        call,
        "unknown_tool",
        `Unknown tool "${call.name}". Available tools: ${registry.names().join(", ")}.`,
      );
    if (call.inputError)
      return failure(
        call,
        "invalid_json",
        `Invalid arguments for ${call.name}: ${call.inputError}. Send a JSON object.`,
      );
    const context = options.context(call.id, signal);
    const parsed = parseInput(tool, call);
    if (!parsed.success)
      return failure(
        call,
        "invalid_input",
        `Invalid input for ${call.name}: ${formatZodError(parsed.error)}`,
      );
    let input = absolutePaths(tool, parsed.data as Record<string, unknown>, context);
    const notes: string[] = [];
    let control: TurnControl | undefined;
    let rewrittenSummary: string | undefined;

    let hookDecision: "none" | "allow" | "ask" = "none";
    let hookReason: string | undefined;
    if (options.hooks) {
      const pre = await options.hooks.preToolUse({
        toolName: tool.name,
        toolInput: input,
        toolUseId: call.id,
        signal,
      });
      for (const text of pre.additionalContext) notes.push(systemNote("PreToolUse", text, tool.name));
      control = stopControl(pre.stop);
      if (pre.decision === "deny") {
        options.onDenial?.({ tool_name: tool.name, tool_use_id: call.id, tool_input: input });
        const reason = pre.reason?.trim() || "blocked by a PreToolUse hook";
        return failure(call, "hook_denied", `Tool call denied by a PreToolUse hook: ${reason}`, {
          notes,
          control,
        });
      }
      if (pre.updatedInput) {
        const updated = tool.schema.safeParse(pre.updatedInput);
        if (updated.success) {
          input = absolutePaths(tool, updated.data as Record<string, unknown>, context);
          const key = tool.summary?.(input);
          rewrittenSummary = `${tool.name}(${key ?? "…"}) [input rewritten by a PreToolUse hook]`;
        } else
          options.onNotice?.({
            kind: "error",
            event: "PreToolUse",
            hook: "updatedInput",
            source: "PreToolUse hooks",
            text: `hook error: updatedInput for ${tool.name} is invalid (${formatZodError(updated.error)}); the original input was kept`,
          });
      }
      hookDecision = pre.decision;
      hookReason = pre.reason;
    }

    if (signal.aborted)
      return failure(call, "aborted", `${tool.name} was not run: the turn was interrupted.`, { notes });
    if (options.gate) {
      const decision = await options.gate.check({
        toolName: tool.name,
        input,
        toolUseId: call.id,
        readOnly: tool.isReadOnly(input),
        paths: tool.paths ? await tool.paths(input, context) : [],
        hookDecision,
        hookReason,
        signal,
      });
      if (decision.behavior === "deny") {
        options.onDenial?.({ tool_name: tool.name, tool_use_id: call.id, tool_input: input });
        if (decision.endTurn) control = { type: "stop", by: "user", reason: decision.message };
        return failure(call, "permission_denied", decision.message, {
          notes,
          control,
          summary: rewrittenSummary,
        });
      }
    }

    if (signal.aborted)
      return failure(call, "aborted", `${tool.name} was not run: the turn was interrupted.`, { notes });
    const executeStarted = Date.now();
    let result: ToolResult;
    try {
      result = await tool.execute(input, context);
    } catch (error) {
      result = {
        isError: true,
        code: "tool_crashed",
        content: `${tool.name} failed unexpectedly: ${errorMessage(error)}`,
      };
    }
    const durationMs = Date.now() - executeStarted;
    let content = result.content;
    if (!result.isError) notes.push(...(result.context ?? []));
    if (options.hooks) {
      const base = { toolName: tool.name, toolInput: input, toolUseId: call.id, signal, durationMs };
      const post = result.isError
        ? await options.hooks.postToolUseFailure({ ...base, error: result.content })
        : await options.hooks.postToolUse({
            ...base,
            toolResponse: result.data ?? result.content,
            toolResult: result.content,
            isError: false,
          });
      const event = result.isError ? "PostToolUseFailure" : "PostToolUse";
      if (post.updatedToolOutput !== undefined) content = post.updatedToolOutput;
      if (post.blockReason) notes.push(systemNote(event, post.blockReason, tool.name));
      for (const text of post.additionalContext) notes.push(systemNote(event, text, tool.name));
      control ??= stopControl(post.stop);
    }
    return {
      result: {
        type: "tool_result",
        tool_use_id: call.id,
        content,
        ...(result.isError ? { is_error: true } : {}),
      },
      notes,
      control,
      code: result.isError ? result.code : undefined,
      data: result.data,
      summary: rewrittenSummary,
    };
  }

  return {
    isReadOnly(call) {
      const tool = registry.get(call.name);
      if (!tool || call.inputError) return true;
      const parsed = parseInput(tool, call);
      return parsed.success ? tool.isReadOnly(parsed.data) : true;
    },
    summary(call) {
      const tool = registry.get(call.name);
      const parsed = tool ? parseInput(tool, call) : undefined;
      const key = tool?.summary && parsed?.success ? tool.summary(parsed.data) : "";
      return key ? `${call.name}(${key})` : call.name;
    },
    run,
  };
}
