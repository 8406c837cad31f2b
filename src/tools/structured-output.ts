// `--json-schema` (and the SDK's outputFormat): the final answer as a JSON value valid against the
// caller's schema, the way Claude Code does it — a StructuredOutput tool whose input schema is that
// schema. The runner validates every call against it (an invalid call is an error result the model
// sees and corrects); a valid call is kept as the turn's structured output. A schema whose top level
// is not an object is wrapped as `{output: …}` (tool inputs are objects) and unwrapped again.
import { z } from "zod";
import type { JsonSchema } from "../model/index.js";
import { defineTool, ok, type Tool } from "./tool.js";

export const STRUCTURED_OUTPUT_TOOL = "StructuredOutput";

export type StructuredOutputSink = {
  /** The last valid value the model returned this turn, if any (cleared by take()). */
  take(): { value: unknown } | undefined;
};

/** Builds the tool; throws (the caller reports it as a usage error) when the schema cannot be used. */
export function createStructuredOutputTool(schema: JsonSchema): { tool: Tool; sink: StructuredOutputSink } {
  const wrapped = schema.type !== "object";
  const inputSchema: JsonSchema = wrapped
    ? { type: "object", properties: { output: schema }, required: ["output"], additionalProperties: false }
    : schema;
  let validator: z.ZodType;
  try {
    validator = z.fromJSONSchema(inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new Error(`the JSON schema cannot be used: ${(error as Error).message}`);
  }
  let latest: { value: unknown } | undefined;
  const tool = defineTool<Record<string, unknown>>({
    name: STRUCTURED_OUTPUT_TOOL,
    description:
      "Return your final answer as structured data. Call this exactly once, when the task is done, with the answer as the input; its schema is the required format. If the call is rejected, fix the input and call it again.",
    schema: validator as z.ZodType<Record<string, unknown>>,
    jsonSchema: inputSchema,
    isReadOnly: () => true,
    summary: () => "final answer",
    async execute(input) {
      latest = { value: wrapped ? input.output : input };
      return ok("Structured output recorded.", latest.value);
    },
  });
  return {
    tool: tool as Tool,
    sink: {
      take() {
        const value = latest;
        latest = undefined;
        return value;
      },
    },
  };
}

/** The instruction added to the system prompt while a schema is in force. */
export const STRUCTURED_OUTPUT_INSTRUCTION = `When the task is done, give your final answer by calling the ${STRUCTURED_OUTPUT_TOOL} tool with a value that matches its input schema. Do this exactly once, as your last action.`;
