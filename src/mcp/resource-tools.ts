// The model-facing resource tools, offered when any connected server has resources:
// `ListMcpResources {server?}` and `ReadMcpResource {server, uri}`. Both are read-only and delegate to
// the resource access the manager passes in.
import { z } from "zod";
import { defineTool, type Tool, type ToolResult } from "../tools/index.js";

type ResourceAccess = {
  serverNames(): string[];
  listResources(server: string | undefined, signal: AbortSignal): Promise<ToolResult>;
  readResource(server: string, uri: string, signal: AbortSignal): Promise<ToolResult>;
};

const listSchema = z.object({
  server: z.string().optional().describe("Only list the resources of this MCP server"),
});

const readSchema = z.object({
  server: z.string().describe("The MCP server name"),
  uri: z.string().describe("The resource URI, as listed by ListMcpResources"),
});

export function createResourceTools(access: ResourceAccess): Tool[] {
  const list = defineTool<z.infer<typeof listSchema>>({
    name: "ListMcpResources",
    description:
      "Lists the resources (files, documents, records) that connected MCP servers offer, with their URIs. " +
      `Servers: ${access.serverNames().join(", ")}. Read one with ReadMcpResource.`,
    schema: listSchema,
    isReadOnly: () => true,
    summary: (input) => input.server ?? "all servers",
    execute: (input, context) => access.listResources(input.server, context.signal),
  });
  const read = defineTool<z.infer<typeof readSchema>>({
    name: "ReadMcpResource",
    description: "Reads one resource from an MCP server by its URI (see ListMcpResources).",
    schema: readSchema,
    isReadOnly: () => true,
    summary: (input) => `${input.server}:${input.uri}`,
    execute: (input, context) => access.readResource(input.server, input.uri, context.signal),
  });
  return [list, read];
}
