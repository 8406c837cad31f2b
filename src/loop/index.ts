// The agent loop over an injected ModelClient and ToolExecutor, its events and terminals (module entry).

export type { AgentEvent, Terminal } from "./events.js";
export { runAgentLoop, type StopDecision } from "./run-agent-loop.js";
export { runToolCall } from "./tool-batch.js";
