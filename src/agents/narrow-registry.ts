// A subagent's view of the parent's tool registry: the same tool objects (so every call takes the same
// ToolRunner path), limited to what the agent may use, plus its own delegation tools (Agent, TaskOutput,
// TaskStop bound to the agents it starts) when it may start agents. Tools the parent's rules hide stay
// hidden. An agent without an Agent tool that calls it (or Task) anyway gets a tool that only explains
// the depth limit; the call still passes PreToolUse and the gate like any other.
import { z } from "zod";
import type { ToolSchema } from "../model/index.js";
import type { ToolRegistry } from "../tools/index.js";
import { defineTool, fail, type Tool } from "../tools/index.js";
import { DELEGATION_TOOLS } from "./agent-tools.js";

function depthLimitTool(name: string): Tool {
  return defineTool({
    name,
    description: "Not available to this agent.",
    schema: z.record(z.string(), z.unknown()),
    isReadOnly: () => true,
    async execute() {
      return fail(
        "subagent_depth_limit",
        "This agent cannot start subagents (an agent started by a subagent, or one whose tools leave the Agent tool out): do this part of the task yourself with the tools you have, or finish and say what is left so the agent that started you can delegate it.",
      );
    },
  }) as Tool;
}

export function narrowRegistry(
  parent: ToolRegistry,
  mayUse: (toolName: string) => boolean,
  /** The agent's own Agent, TaskOutput and TaskStop (empty: it may not start agents). */
  own: readonly Tool[] = [],
): ToolRegistry {
  let lastKey = "";
  let lastSchemas: ToolSchema[] = [];
  const ownSchemas = new Map<string, ToolSchema>();
  // An own tool stands in for the parent's of that name, and only while the parent's rules show it.
  const ownTool = (name: string) => (parent.get(name) ? own.find((tool) => tool.name === name) : undefined);
  const refusal = new Map(["Agent", "Task"].map((name) => [name, depthLimitTool(name)]));
  const inherited = (name: string) => !DELEGATION_TOOLS.has(name) && name !== "Task" && mayUse(name);
  const view: ToolRegistry = {
    get: (name) =>
      ownTool(name) ??
      (name === "Task" && ownTool("Agent") ? undefined : refusal.get(name)) ??
      (inherited(name) ? parent.get(name) : undefined),
    list: () => [
      ...parent.list().filter((tool) => inherited(tool.name)),
      ...own.filter((tool) => ownTool(tool.name)),
    ],
    names: () => view.list().map((tool) => tool.name),
    schemas() {
      const visible = new Set(view.names());
      const schemas = parent.schemas().flatMap((schema): ToolSchema[] => {
        if (!visible.has(schema.name)) return [];
        const mine = ownTool(schema.name);
        if (!mine) return [schema];
        // The parent's input schema (computed once), this agent's own description.
        let replaced = ownSchemas.get(schema.name);
        if (!replaced) {
          replaced = { ...schema, description: mine.description };
          ownSchemas.set(schema.name, replaced);
        }
        return [replaced];
      });
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
