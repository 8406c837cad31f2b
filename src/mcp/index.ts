// MCP client manager, tools, resources and prompts (module entry). The manager and the MCP SDK load
// only when a run has servers: `loadMcpManager` imports them on first use.
export { formatMcpStatus } from "./format-status.js";
export type { McpManager } from "./manager.js";
export type { McpProcesses, McpServerStatus } from "./types.js";

/** The manager's constructor, imported on first use (a run without MCP servers never loads the SDK). */
export async function loadMcpManager(): Promise<typeof import("./manager.js").createMcpManager> {
  return (await import("./manager.js")).createMcpManager;
}
