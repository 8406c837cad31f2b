// The Agent tool (Claude Code's name; its older name Task works in rules and hook matchers), the main
// agent's and a first-level subagent's own (subagents.ts):
// `Agent {description, prompt, subagent_type?, model?, run_in_background?, isolation?}` runs a
// subagent — a fresh conversation with its own tools — and returns its final message. The running
// itself is the session's (injected as `launch`); every call the subagent makes goes through the
// same ToolRunner. Read-only for the gate and the loop: the subagent's own calls are each gated, and
// several Agent calls in one response run at the same time.
import { z } from "zod";
import { defineTool, type Tool, type ToolContext, type ToolResult } from "../tools/index.js";
import type { AgentDefinition } from "./agent-definition.js";

const schema = z.object({
  description: z.string().min(1).describe("The task in 3-5 words"),
  prompt: z.string().min(1).describe("The task (the agent does not see this conversation)"),
  subagent_type: z.string().optional().describe('An agent type listed above (default "general-purpose")'),
  model: z.string().optional().describe("A model name or alias (default: the agent's own model, else yours)"),
  run_in_background: z
    .boolean()
    .optional()
    .describe("Return at once; you are told when the agent finishes (TaskOutput reads its result)"),
  isolation: z
    .enum(["worktree"])
    .optional()
    .describe('"worktree": work in a temporary git worktree on its own branch, not in your files'),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as agentSchema };

export type AgentToolInput = z.infer<typeof schema>;

export type AgentLauncher = (input: AgentToolInput, context: ToolContext) => Promise<ToolResult>;

function describeAgents(agents: readonly AgentDefinition[]): string {
  return agents
    .map((agent) => {
      const tools = agent.tools ? agent.tools.join(", ") || "none" : "all";
      return `- ${agent.name}: ${agent.description.replace(/\s+/g, " ")} (Tools: ${tools})`;
    })
    .join("\n");
}

/** The model-facing description, listing the agents as they are when the model first sees the tools. */
function agentToolDescription(agents: readonly AgentDefinition[], nested: boolean): string {
  return `Starts a subagent with a fresh context and its own tools for one task: searches that may take several tries, independent pieces of work, long explorations kept out of this conversation. Only its final message comes back to you; the user does not see it, so pass on what matters.

Agent types:
${describeAgents(agents)}

- Give a self-contained prompt: what to do, where to look, what to report.
- Several Agent calls in one response run at the same time. ${nested ? "The agents you start cannot start agents of their own." : "An agent you start may start agents of its own (one level deeper, no further) when its tools include Agent."}`;
}

export function createAgentTool(options: {
  agents: readonly AgentDefinition[] | (() => readonly AgentDefinition[]);
  launch: AgentLauncher;
  /** The tool of a subagent: the agents it starts get no Agent tool. */
  nested?: boolean;
}): Tool {
  const list = () => (typeof options.agents === "function" ? options.agents() : options.agents);
  return defineTool({
    name: "Agent",
    // Read when the registry first builds the schemas: after definitions given at run time (the SDK's).
    get description() {
      return agentToolDescription(list(), options.nested === true);
    },
    schema,
    isReadOnly: () => true,
    summary: (input) => `${input.subagent_type ?? "general-purpose"}: ${input.description}`,
    execute: (input, context) => options.launch(input, context),
  }) as Tool;
}
