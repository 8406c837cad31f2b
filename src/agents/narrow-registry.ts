// A subagent's view of the parent's tool registry: the same tool objects (so every call takes the same
// ToolRunner path), limited to what the agent may use. Tools the parent's rules hide stay hidden. A
// subagent that calls the Agent tool (or Task) anyway gets a tool that only explains the depth limit;
// the call still passes PreToolUse and the gate like any other.
import { z } from "zod";
import type { ToolSchema } from "../model/types.js";
import type { ToolRegistry } from "../tools/registry.js";
import { defineTool, fail, type Tool } from "../tools/tool.js";

const SUBAGENT_CALLS = new Set(["Agent", "Task"]);

function depthLimitTool(name: string): Tool {
  return defineTool({
    name,
    description: "Not available to subagents.",
    schema: z.record(z.string(), z.unknown()),
    isReadOnly: () => true,
    async execute() {
      return fail(
        "subagent_depth_limit",
        "Subagents cannot start subagents: do this part of the task yourself with the tools you have, or finish and say what is left so the main agent can delegate it.",
      );
    },
  }) as Tool;
}

export function narrowRegistry(parent: ToolRegistry, mayUse: (toolName: string) => boolean): ToolRegistry {
  let lastKey = "";
  let lastSchemas: ToolSchema[] = [];
  const refusals = new Map([...SUBAGENT_CALLS].map((name) => [name, depthLimitTool(name)]));
  const view: ToolRegistry = {
    get: (name) => refusals.get(name) ?? (mayUse(name) ? parent.get(name) : undefined),
    list: () => parent.list().filter((tool) => !SUBAGENT_CALLS.has(tool.name) && mayUse(tool.name)),
    names: () => view.list().map((tool) => tool.name),
    schemas() {
      const visible = new Set(view.names());
      const schemas = parent.schemas().filter((schema) => visible.has(schema.name));
      const key = schemas.map((schema) => schema.name).join("\n");
      if (key !== lastKey) {
        lastKey = key;
        lastSchemas = schemas;
      }
      return lastSchemas;
    },
    add() {
      throw new Error("a subagent's tools come from its parent's registry");
    },
  };
  return view;
}
