// The tool registry: the one list of tools a session offers (built-in, skill, MCP), the schemas the
// model sees, and lookup by name. Tools hidden by the permission gate are not offered.
import type { ToolSchema } from "../model/types.js";
import { type Tool, toolJsonSchema } from "./tool.js";

export type ToolRegistry = {
  get(name: string): Tool | undefined;
  list(): Tool[];
  names(): string[];
  schemas(): ToolSchema[];
  add(tools: Tool[]): void;
};

export function createToolRegistry(
  tools: Tool[],
  isHidden: (name: string) => boolean = () => false,
): ToolRegistry {
  const byName = new Map<string, Tool>();
  let cachedSchemas: ToolSchema[] | undefined;
  const registry: ToolRegistry = {
    get: (name) => (isHidden(name) ? undefined : byName.get(name)),
    list: () => [...byName.values()].filter((tool) => !isHidden(tool.name)),
    names: () => registry.list().map((tool) => tool.name),
    schemas() {
      cachedSchemas ??= registry.list().map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: toolJsonSchema(tool),
      }));
      return cachedSchemas;
    },
    add(more) {
      for (const tool of more) {
        if (byName.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`);
        byName.set(tool.name, tool);
      }
      cachedSchemas = undefined;
    },
  };
  registry.add(tools);
  return registry;
}
