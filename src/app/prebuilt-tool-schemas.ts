// The built-in tools' JSON Schemas, computed when the bundle is built: scripts/build.mjs converts the
// zod schemas listed here (computeToolSchemas) and defines REAGENT_TOOL_SCHEMAS with the results, so a
// run does not convert them again (zod's converter, cold, costs ~8 ms before the first request). A
// schema is matched by identity, so a tool whose schema is made at run time is still converted then.
// From source REAGENT_TOOL_SCHEMAS is undefined and every schema is converted as before.
import type { z } from "zod";
import { agentSchema, BACKGROUND_SCHEMAS } from "../agents/index.js";
import type { JsonSchema } from "../model/index.js";
import { skillSchema } from "../skills/index.js";
import { TASK_SCHEMAS } from "../tasks/index.js";
import {
  askUserQuestionSchema,
  bashSchema,
  editSchema,
  exitPlanModeSchema,
  globSchema,
  grepSchema,
  readSchema,
  type Tool,
  toolJsonSchema,
  webFetchSchema,
  webSearchSchema,
  writeSchema,
} from "../tools/index.js";

declare const REAGENT_TOOL_SCHEMAS: Record<string, JsonSchema> | undefined;

/** The built-in tools' input schemas by tool name. */
const SCHEMAS: Record<string, z.ZodType> = {
  Read: readSchema,
  Write: writeSchema,
  Edit: editSchema,
  Glob: globSchema,
  Grep: grepSchema,
  Bash: bashSchema,
  WebFetch: webFetchSchema,
  WebSearch: webSearchSchema,
  Agent: agentSchema,
  Skill: skillSchema,
  AskUserQuestion: askUserQuestionSchema,
  ExitPlanMode: exitPlanModeSchema,
  ...TASK_SCHEMAS,
  ...BACKGROUND_SCHEMAS,
};

/** Run by the build: each listed schema's JSON Schema, as toolJsonSchema gives it. */
export function computeToolSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => [name, toolJsonSchema({ schema } as Tool)]),
  );
}

/** toolJsonSchema, answered from the build's results for the schemas listed above. */
export function prebuiltToolJsonSchema(
  prebuilt: Record<string, JsonSchema> | undefined = typeof REAGENT_TOOL_SCHEMAS === "object"
    ? REAGENT_TOOL_SCHEMAS
    : undefined,
): (tool: Tool) => JsonSchema {
  const bySchema = new Map<z.ZodType, JsonSchema>();
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const json = prebuilt?.[name];
    if (json) bySchema.set(schema, json);
  }
  return (tool) => (tool.jsonSchema ? tool.jsonSchema : (bySchema.get(tool.schema) ?? toolJsonSchema(tool)));
}
