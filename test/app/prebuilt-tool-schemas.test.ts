// The build's JSON Schemas of the built-in tools (prebuilt-tool-schemas.ts): a listed schema is answered
// from the build's results, matched by identity; any other schema, and a tool's own jsonSchema, are
// not. That the build's results equal zod's conversion is checked on the built CLI's first request
// (test/e2e/startup-modules.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { computeToolSchemas, prebuiltToolJsonSchema } from "../../src/app/prebuilt-tool-schemas.js";
import { TaskList } from "../../src/tasks/task-list.js";
import { createTaskTools } from "../../src/tasks/task-tools.js";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import { defineTool, ok, type Tool, toolJsonSchema } from "../../src/tools/tool.js";

const marker = (name: string) => ({ type: "object", description: `prebuilt ${name}` });

test("a listed schema is answered from the build's results; the rest are converted", () => {
  const prebuilt = Object.fromEntries(Object.keys(computeToolSchemas()).map((name) => [name, marker(name)]));
  const jsonSchemaOf = prebuiltToolJsonSchema(prebuilt);
  const tools = [...createBuiltinTools({}), ...createTaskTools(new TaskList([]))];
  for (const tool of tools) assert.deepEqual(jsonSchemaOf(tool), marker(tool.name), tool.name);
  // Same name, another schema object (as a tool made at run time would have): converted.
  const other = defineTool({
    name: "Bash",
    description: "a Bash of another shape",
    schema: z.object({ script: z.string() }),
    isReadOnly: () => false,
    execute: async () => ok(""),
  });
  assert.deepEqual(jsonSchemaOf(other as Tool), toolJsonSchema(other as Tool));
  const own = { ...other, jsonSchema: { type: "object", properties: {} } } as Tool;
  assert.deepEqual(jsonSchemaOf(own), own.jsonSchema);
  const registry = createToolRegistry(tools, () => false, jsonSchemaOf);
  assert.deepEqual(registry.schemas()[0]!.input_schema, marker(tools[0]!.name));
});

test("without build results (a run from source) every schema is converted", () => {
  const jsonSchemaOf = prebuiltToolJsonSchema(undefined);
  for (const tool of createBuiltinTools({})) assert.deepEqual(jsonSchemaOf(tool), toolJsonSchema(tool));
  assert.equal(Object.keys(computeToolSchemas()).length, 18);
});
