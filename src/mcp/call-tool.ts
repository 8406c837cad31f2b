// One tools/call through a server connection, mapped to a ToolResult: rendered content on success,
// `mcp_tool_error` when the server flags isError, `mcp_timeout` past the per-call limit, `aborted` when
// the turn is cancelled, `mcp_server_unavailable` naming the server when it died or cannot reconnect,
// `mcp_invalid_result` for a malformed result, and `mcp_error` for other protocol errors.
import { fail, ok, type ToolResult } from "../tools/index.js";
import { describeMcpError, isInvalidResult, isTimeout } from "./mcp-errors.js";
import { renderToolResult, toolResultImages } from "./render-result.js";
import type { ServerConnection } from "./server-connection.js";

type CallToolOptions = {
  signal: AbortSignal;
  timeoutMs: number;
  maxOutputChars: number;
  /** The model reads images: image content goes to it as images. */
  acceptsImages?: boolean;
};

export async function callMcpTool(
  connection: ServerConnection,
  tool: string,
  args: Record<string, unknown>,
  options: CallToolOptions,
): Promise<ToolResult> {
  const server = connection.name;
  if (options.signal.aborted)
    return fail("aborted", `Call to MCP tool ${tool} on server "${server}" was cancelled.`);
  try {
    const outcome = await connection.use((client) =>
      client.callTool(
        { name: tool, arguments: args },
        { signal: options.signal, timeout: options.timeoutMs, maxTotalTimeout: options.timeoutMs },
      ),
    );
    if (!outcome.ok) {
      return fail(
        "mcp_server_unavailable",
        `MCP server "${server}" is unavailable: ${outcome.reason}. Its tools cannot be used right now.`,
        { server },
      );
    }
    const text = renderToolResult(outcome.value, options.maxOutputChars);
    const data = { server, tool, result: outcome.value };
    if (outcome.value.isError === true) return fail("mcp_tool_error", text, data);
    // Images reach the model as images (the text keeps a one-line note of each).
    const { images, notes } = options.acceptsImages
      ? toolResultImages(outcome.value)
      : { images: [], notes: [] };
    const content = notes.length > 0 ? `${text}\n${notes.join("\n")}` : text;
    return images.length > 0 ? { isError: false, content, data, images } : ok(content, data);
  } catch (error) {
    if (options.signal.aborted) {
      return fail("aborted", `Call to MCP tool ${tool} on server "${server}" was cancelled.`);
    }
    if (isTimeout(error)) {
      return fail(
        "mcp_timeout",
        `MCP tool ${tool} on server "${server}" did not answer within ${options.timeoutMs} ms; the call was cancelled.`,
        { server },
      );
    }
    if (isInvalidResult(error)) {
      return fail(
        "mcp_invalid_result",
        `MCP server "${server}" sent a malformed result for ${tool}: ${describeMcpError(error)}`,
        { server },
      );
    }
    const message = `MCP server "${server}" returned an error for ${tool}: ${describeMcpError(error)}`;
    return fail("mcp_error", message, { server });
  }
}
