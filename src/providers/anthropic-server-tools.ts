// Anthropic's server-run tools (web search) at the adapter's edge: the tool definitions a request
// sends, the `server_tool_use` / `web_search_tool_result` blocks and text citations assembled from
// the stream, and the same blocks sent back unchanged when a paused turn continues.
import type Anthropic from "@anthropic-ai/sdk";
import type {
  ServerTool,
  ServerToolBlock,
  ServerToolUseBlock,
  TextBlock,
  WebSearchCitation,
  WebSearchToolResultBlock,
} from "../model/index.js";
import { parseToolArguments } from "./sse-tool-input.js";

export function toAnthropicServerTools(tools: ServerTool[]): Anthropic.WebSearchTool20250305[] {
  return tools.map((tool) => {
    const wire: Anthropic.WebSearchTool20250305 = { type: tool.type, name: tool.name };
    if (tool.max_uses !== undefined) wire.max_uses = tool.max_uses;
    if (tool.allowed_domains?.length) wire.allowed_domains = [...tool.allowed_domains];
    if (tool.blocked_domains?.length) wire.blocked_domains = [...tool.blocked_domains];
    return wire;
  });
}

/** A server block as it goes back on the wire (fields copied one by one). */
export function serverBlockToWire(
  block: ServerToolBlock,
): Anthropic.ServerToolUseBlockParam | Anthropic.WebSearchToolResultBlockParam {
  if (block.type === "server_tool_use")
    return { type: "server_tool_use", id: block.id, name: block.name as "web_search", input: block.input };
  const content = Array.isArray(block.content)
    ? block.content.map((result) => ({
        type: "web_search_result" as const,
        url: result.url,
        title: result.title,
        encrypted_content: result.encrypted_content,
        ...(result.page_age !== undefined ? { page_age: result.page_age } : {}),
      }))
    : {
        type: "web_search_tool_result_error" as const,
        error_code: block.content.error_code as Anthropic.WebSearchToolResultErrorCode,
      };
  return { type: "web_search_tool_result", tool_use_id: block.tool_use_id, content };
}

export function citationsToWire(block: TextBlock): Anthropic.TextCitationParam[] | undefined {
  if (!block.citations?.length) return undefined;
  return block.citations.map((citation) => ({
    type: "web_search_result_location",
    url: citation.url,
    title: citation.title,
    cited_text: citation.cited_text,
    encrypted_index: citation.encrypted_index,
  }));
}

/** A streamed server block: a tool call whose input arrives as JSON deltas, or a complete result. */
export type ServerBlockInProgress =
  | { kind: "server-call"; id: string; name: string; json: string }
  | { kind: "server-result"; block: WebSearchToolResultBlock };

export function startServerBlock(
  block: { type: string } & Record<string, unknown>,
): ServerBlockInProgress | undefined {
  if (block.type === "server_tool_use")
    return { kind: "server-call", id: String(block.id), name: String(block.name), json: "" };
  if (block.type === "web_search_tool_result") {
    const wire = block as unknown as Anthropic.WebSearchToolResultBlock;
    const content: WebSearchToolResultBlock["content"] = Array.isArray(wire.content)
      ? wire.content.map((result) => ({
          type: "web_search_result",
          url: result.url,
          title: result.title,
          encrypted_content: result.encrypted_content,
          page_age: result.page_age ?? null,
        }))
      : { type: "web_search_tool_result_error", error_code: wire.content.error_code };
    return {
      kind: "server-result",
      block: { type: "web_search_tool_result", tool_use_id: wire.tool_use_id, content },
    };
  }
  return undefined;
}

export function finishServerBlock(block: ServerBlockInProgress): ServerToolBlock {
  if (block.kind === "server-result") return block.block;
  const call: ServerToolUseBlock = {
    type: "server_tool_use",
    id: block.id,
    name: block.name,
    input: parseToolArguments(block.json).input,
  };
  return call;
}

/** A streamed citation, kept when it points into web search results. */
export function webCitation(citation: unknown): WebSearchCitation | undefined {
  const value = citation as Partial<WebSearchCitation> | undefined;
  if (value?.type !== "web_search_result_location" || typeof value.url !== "string") return undefined;
  return {
    type: "web_search_result_location",
    url: value.url,
    title: typeof value.title === "string" ? value.title : null,
    cited_text: String(value.cited_text ?? ""),
    encrypted_index: String(value.encrypted_index ?? ""),
  };
}
