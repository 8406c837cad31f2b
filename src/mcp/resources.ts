// Resource access across connected servers: listing (live resources/list), reading one URI as text,
// the tool-result forms behind ListMcpResources / ReadMcpResource, and `@server:uri` mentions in a user
// prompt, which attach the resource's content to the prompt.
import type { ReadResourceResult } from "@modelcontextprotocol/client";
import type { ToolErrorCode } from "../tools/index.js";
import { fail, ok, type ToolResult } from "../tools/index.js";
import { describeMcpError } from "./mcp-errors.js";
import { capOutput, renderResourceContents } from "./render-result.js";
import type { ServerConnection } from "./server-connection.js";
import type { McpAttachResult, McpResourceAttachment, McpResourceInfo } from "./types.js";

type ResourceReadOutcome = { ok: true; text: string } | { ok: false; code: ToolErrorCode; message: string };

type Lookup = (server: string) => ServerConnection | undefined;

async function listServerResources(
  connection: ServerConnection,
  signal?: AbortSignal,
): Promise<{ ok: true; resources: McpResourceInfo[] } | { ok: false; code: ToolErrorCode; message: string }> {
  if (connection.catalog && !connection.catalog.offersResources) return { ok: true, resources: [] };
  try {
    const outcome = await connection.use((client) => client.listResources(undefined, { signal }));
    if (!outcome.ok) {
      return {
        ok: false,
        code: "mcp_server_unavailable",
        message: `MCP server "${connection.name}" is unavailable: ${outcome.reason}`,
      };
    }
    const resources = outcome.value.resources.map((resource) => ({
      server: connection.name,
      uri: resource.uri,
      name: resource.name,
      mimeType: resource.mimeType,
      description: resource.description,
    }));
    return { ok: true, resources };
  } catch (error) {
    return {
      ok: false,
      code: "mcp_error",
      message: `MCP server "${connection.name}": ${describeMcpError(error)}`,
    };
  }
}

async function readServerResource(
  connection: ServerConnection,
  uri: string,
  maxChars: number,
  signal?: AbortSignal,
): Promise<ResourceReadOutcome> {
  try {
    const outcome = await connection.use((client) => client.readResource({ uri }, { signal }));
    if (!outcome.ok) {
      return {
        ok: false,
        code: "mcp_server_unavailable",
        message: `MCP server "${connection.name}" is unavailable: ${outcome.reason}`,
      };
    }
    const contents = (outcome.value as ReadResourceResult).contents ?? [];
    const text = contents.map(renderResourceContents).join("\n");
    return { ok: true, text: capOutput(text === "" ? "(empty resource)" : text, maxChars) };
  } catch (error) {
    return {
      ok: false,
      code: "mcp_resource_error",
      message: `Cannot read resource ${uri} from MCP server "${connection.name}": ${describeMcpError(error)}`,
    };
  }
}

/** ListMcpResources: all servers with resources, or one. */
export async function listResourcesTool(
  connections: ServerConnection[],
  lookup: Lookup,
  server: string | undefined,
  signal: AbortSignal,
): Promise<ToolResult> {
  let targets = connections.filter((connection) => (connection.catalog?.resources.length ?? 0) > 0);
  if (server !== undefined) {
    const connection = lookup(server);
    if (!connection) return fail("mcp_unknown_server", unknownServerMessage(server, connections));
    targets = [connection];
  }
  const all: McpResourceInfo[] = [];
  const problems: string[] = [];
  for (const connection of targets) {
    const listed = await listServerResources(connection, signal);
    if (listed.ok) all.push(...listed.resources);
    else problems.push(listed.message);
  }
  if (all.length === 0 && problems.length > 0) return fail("mcp_server_unavailable", problems.join("\n"));
  const text = all.length === 0 ? "No resources found." : JSON.stringify(all, null, 2);
  return ok(problems.length > 0 ? `${text}\n${problems.join("\n")}` : text, { resources: all });
}

/** ReadMcpResource. */
export async function readResourceTool(
  connections: ServerConnection[],
  lookup: Lookup,
  server: string,
  uri: string,
  maxChars: number,
  signal: AbortSignal,
): Promise<ToolResult> {
  const connection = lookup(server);
  if (!connection) return fail("mcp_unknown_server", unknownServerMessage(server, connections));
  const read = await readServerResource(connection, uri, maxChars, signal);
  return read.ok ? ok(read.text, { server, uri }) : fail(read.code, read.message, { server, uri });
}

const MENTION = /(^|\s)@([A-Za-z0-9_.-]+):([A-Za-z][A-Za-z0-9+.-]*:[^\s]+)/g;

/** Finds `@server:scheme://…` mentions and reads each resource once. */
export async function attachMentionedResources(
  prompt: string,
  connections: ServerConnection[],
  lookup: Lookup,
  maxChars: number,
  signal?: AbortSignal,
): Promise<McpAttachResult> {
  const attachments: McpResourceAttachment[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  // Both groups always take part in a match.
  for (const [, , server = "", written = ""] of prompt.matchAll(MENTION)) {
    const uri = written.replace(/[.,;:!?)\]}'"]+$/, "");
    const key = `${server}\0${uri}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const connection = lookup(server);
    if (!connection) {
      errors.push(`@${server}:${uri}: ${unknownServerMessage(server, connections)}`);
      continue;
    }
    const read = await readServerResource(connection, uri, maxChars, signal);
    if (read.ok) attachments.push({ server, uri, text: read.text });
    else errors.push(`@${server}:${uri}: ${read.message}`);
  }
  const text = attachments
    .map((item) => `<mcp-resource server="${item.server}" uri="${item.uri}">\n${item.text}\n</mcp-resource>`)
    .join("\n\n");
  return { text, attachments, errors };
}

export function unknownServerMessage(server: string, connections: ServerConnection[]): string {
  const names = connections.map((connection) => connection.name);
  const known =
    names.length > 0 ? `configured servers: ${names.join(", ")}` : "no MCP servers are configured";
  return `unknown MCP server "${server}" (${known})`;
}
