// Stage 4 of the ToolRunner: the tool itself. Expected failures come back as results with a code;
// a tool that throws anyway becomes a `tool_crashed` result, so the model always gets an answer.
import { errorMessage } from "../../util/index.js";
import type { Tool, ToolContext, ToolResult } from "../tool.js";

export type Executed = { result: ToolResult; durationMs: number };

export async function executeTool(
  tool: Tool,
  input: Record<string, unknown>,
  context: ToolContext,
): Promise<Executed> {
  const started = Date.now();
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
  return { result, durationMs: Date.now() - started };
}
