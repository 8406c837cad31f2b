// Adapts one MCP tool to reagent's Tool contract: name `mcp__<server>__<tool>`, the server's input
// schema passed through unchanged (the server validates, so the zod schema only requires an object),
// its description, and read-only only when the server sets `readOnlyHint`. Execution is delegated to
// the caller the manager passes in, so calls still go through the one ToolRunner.
import type { Tool as McpTool } from "@modelcontextprotocol/client";
import { z } from "zod";
import { defineTool, type Tool, type ToolContext, type ToolResult } from "../tools/index.js";
import { truncateHead } from "../util/index.js";

type McpToolInvoker = (args: Record<string, unknown>, context: ToolContext) => Promise<ToolResult>;

const MAX_DESCRIPTION_CHARS = 2048;

const permissiveObjectSchema = z.record(z.string(), z.unknown());

export function adaptMcpTool(server: string, name: string, tool: McpTool, invoke: McpToolInvoker): Tool {
  const readOnly = tool.annotations?.readOnlyHint === true;
  const described =
    tool.description?.trim() || tool.title || `Tool "${tool.name}" from MCP server "${server}".`;
  return defineTool<Record<string, unknown>>({
    name,
    description: truncateHead(described, MAX_DESCRIPTION_CHARS, "description truncated"),
    schema: permissiveObjectSchema,
    jsonSchema: (tool.inputSchema ?? { type: "object" }) as Tool["jsonSchema"],
    isReadOnly: () => readOnly,
    summary: (input) => {
      const text = JSON.stringify(input);
      return text.length > 80 ? `${text.slice(0, 77)}...` : text;
    },
    execute: (input, context) => invoke(input, context),
  });
}
