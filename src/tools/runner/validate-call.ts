// Stage 1 of the ToolRunner: find the tool, reject broken arguments, validate the input against the
// tool's zod schema, and make the tool's declared path fields absolute, so that hooks, the gate and
// the tool all see the same input. A failure here is a tool result the model can act on.
import type { ToolUseBlock } from "../../model/index.js";
import { formatZodError } from "../../util/index.js";
import type { ToolExecution } from "../execution.js";
import { resolveToolPath } from "../paths.js";
import type { ToolRegistry } from "../registry.js";
import type { Tool, ToolContext } from "../tool.js";
import type { ToolErrorCode } from "../tool-error-code.js";
import { failure } from "./call-outcome.js";

export type ParsedInput = ReturnType<Tool["schema"]["safeParse"]>;

type ValidatedCall =
  | { type: "valid"; tool: Tool; input: Record<string, unknown> }
  | { type: "invalid"; execution: ToolExecution };

/** The tool's path fields made absolute for hooks, the gate and the tool alike; a value that does not
 *  resolve (empty, NUL byte) is kept for the tool to reject. */
export function absolutePaths(
  tool: Tool,
  input: Record<string, unknown>,
  context: ToolContext,
): Record<string, unknown> {
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

export function validateCall(
  call: ToolUseBlock,
  registry: ToolRegistry,
  parse: (tool: Tool, call: ToolUseBlock) => ParsedInput,
  context: ToolContext,
): ValidatedCall {
  const tool = registry.get(call.name);
  if (!tool) {
    const available = registry.names().join(", ");
    return invalid(call, "unknown_tool", `Unknown tool "${call.name}". Available tools: ${available}.`);
  }
  if (call.inputError)
    return invalid(
      call,
      "invalid_json",
      `Invalid arguments for ${call.name}: ${call.inputError}. Send a JSON object.`,
    );
  const parsed = parse(tool, call);
  if (!parsed.success)
    return invalid(call, "invalid_input", `Invalid input for ${call.name}: ${formatZodError(parsed.error)}`);
  return { type: "valid", tool, input: absolutePaths(tool, parsed.data as Record<string, unknown>, context) };
}

function invalid(call: ToolUseBlock, code: ToolErrorCode, content: string): ValidatedCall {
  return { type: "invalid", execution: failure(call, code, content) };
}
