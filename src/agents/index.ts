// Agent definitions, the Agent / TaskOutput / TaskStop tools and the subagent runtime (module entry).

export type { AgentDefinition } from "./agent-definition.js";
export { agentSchema, createAgentTool } from "./agent-tool.js";
export { agentToolWarnings } from "./agent-tools.js";
export { parseAgentsJson, readAgentsObject } from "./agents-json.js";
export { BACKGROUND_SCHEMAS, type BackgroundCommands, createBackgroundTools } from "./background-tools.js";
export { type AgentFile, mergeAgents, readAgentFiles } from "./discover-agents.js";
export { formatAgentsList } from "./format-agents-list.js";
export { shellEndedNote } from "./shell-task-text.js";
export type { ParentConversation } from "./subagent-deps.js";
export { Subagents } from "./subagents.js";
