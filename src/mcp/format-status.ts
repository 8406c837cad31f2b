// Text of `reagent mcp list`: one line per server with transport, status and counts, then prompts.
import type { McpPromptInfo, McpServerStatus } from "./types.js";

function describeState(state: McpServerStatus["state"]): string {
  switch (state.kind) {
    case "connected":
      return `connected · ${state.tools} tools, ${state.resources} resources, ${state.prompts} prompts`;
    case "failed":
      return `failed: ${state.reason}`;
    case "disconnected":
      return `disconnected: ${state.reason}`;
    default:
      return state.kind;
  }
}

export function formatMcpStatus(servers: McpServerStatus[], prompts: McpPromptInfo[]): string {
  const lines = servers.map(
    (server) =>
      `${server.name}  [${server.transport}]  ${describeState(server.state)}${server.source ? `  (${server.source})` : ""}`,
  );
  if (prompts.length > 0) {
    lines.push("", "prompts:");
    for (const prompt of prompts) {
      const args = prompt.arguments
        .map((arg) => (arg.required ? `<${arg.name}>` : `[${arg.name}]`))
        .join(" ");
      lines.push(
        `  /${prompt.server}:${prompt.name}${args ? ` ${args}` : ""}${prompt.description ? ` — ${prompt.description}` : ""}`,
      );
    }
  }
  return lines.join("\n");
}
