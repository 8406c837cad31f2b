// The tool registry: the one list of tools a session offers (built-in, skill, MCP), the schemas the
// model sees, and lookup by name. Tools hidden by the permission gate are not offered; since rules
// can change during a session (/permissions), visibility is checked on every call.
import type { JsonSchema, ToolSchema } from "../model/index.js";
import { type Tool, toolJsonSchema } from "./tool.js";

export type ToolRegistry = {
  get(name: string): Tool | undefined;
  list(): Tool[];
  names(): string[];
  /** The visible tools' schemas; the same array while the visible set is unchanged (callers cache on it). */
  schemas(): ToolSchema[];
  add(tools: Tool[]): void;
};

export function createToolRegistry(
  tools: Tool[],
  isHidden: (name: string) => boolean = () => false,
  /** How a tool's JSON Schema is made (the CLI answers the built-in ones from the build's results). */
  jsonSchemaOf: (tool: Tool) => JsonSchema = toolJsonSchema,
): ToolRegistry {
  const byName = new Map<string, Tool>();
  const byAlias = new Map<string, Tool>();
  const schemaOf = new Map<string, ToolSchema>();
  let lastKey = "";
  let lastSchemas: ToolSchema[] = [];
  const registry: ToolRegistry = {
    get: (name) => {
      const tool = byName.get(name) ?? byAlias.get(name);
      return tool && !isHidden(tool.name) ? tool : undefined;
    },
    list: () => [...byName.values()].filter((tool) => !isHidden(tool.name)),
    names: () => registry.list().map((tool) => tool.name),
    schemas() {
      const visible = registry.list();
      const key = visible.map((tool) => tool.name).join("\n");
      if (key !== lastKey) {
        lastKey = key;
        lastSchemas = visible.map((tool) => {
          let schema = schemaOf.get(tool.name);
          if (!schema) {
            schema = { name: tool.name, description: tool.description, input_schema: jsonSchemaOf(tool) };
            schemaOf.set(tool.name, schema);
          }
          return schema;
        });
      }
      return lastSchemas;
    },
    add(more) {
      for (const tool of more) {
        if (byName.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`);
        byName.set(tool.name, tool);
        for (const alias of Object.keys(tool.aliases ?? {})) byAlias.set(alias, tool);
      }
      lastKey = "\u0000changed";
    },
  };
  registry.add(tools);
  return registry;
}
