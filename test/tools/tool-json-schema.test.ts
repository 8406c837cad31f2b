// What the model is sent for a tool's input: zod's JSON Schema without the noise it adds (±2^53 integer
// bounds, a record's string-key and any-value clauses), real bounds and parameter names kept.
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { defineTool, ok, toolJsonSchema } from "../../src/tools/tool.js";

const tool = defineTool({
  name: "Probe",
  description: "A probe.",
  schema: z.object({
    count: z.number().int().min(1).optional(),
    timeout: z.number().int().min(0).max(600_000),
    offset: z.number().int(),
    tags: z.record(z.string(), z.unknown()).optional(),
    // Parameter names that look like schema keywords stay parameters.
    additionalProperties: z.object({}).optional(),
    maximum: z.number().optional(),
  }),
  isReadOnly: () => true,
  execute: async () => ok(""),
});

test("integer bounds of ±2^53 and a record's default clauses are dropped; real bounds stay", () => {
  const schema = toolJsonSchema(tool) as { properties: Record<string, Record<string, unknown>> };
  const text = JSON.stringify(schema);
  assert.doesNotMatch(text, /9007199254740991|propertyNames/);
  assert.deepEqual(schema.properties.count, { type: "integer", minimum: 1 });
  assert.deepEqual(schema.properties.timeout, { type: "integer", minimum: 0, maximum: 600_000 });
  assert.deepEqual(schema.properties.offset, { type: "integer" });
  assert.deepEqual(schema.properties.tags, { type: "object" });
  assert.ok("additionalProperties" in schema.properties, "a parameter named like a keyword is kept");
  assert.ok("maximum" in schema.properties);
  assert.equal((schema as { $schema?: string }).$schema, undefined);
});

test("no built-in tool sends the noise", () => {
  for (const builtin of createBuiltinTools({}))
    assert.doesNotMatch(
      JSON.stringify(toolJsonSchema(builtin)),
      /9007199254740991|propertyNames/,
      builtin.name,
    );
});
