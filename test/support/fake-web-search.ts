// The fake model server's part for Anthropic's server-side web search: the request rules the real
// Messages API applies to `web_search_*` tool definitions and to server blocks sent back in history
// (each `server_tool_use` answered by its `web_search_tool_result` in the same message, results and
// citations unchanged — their encrypted fields are signed here), and the SSE events of a scripted search.
import { createHmac } from "node:crypto";
import type { ScriptedTurn } from "../../src/providers/script-format.js";

type Block = Record<string, unknown> & { type?: unknown };
type SseEvent = { event?: string; data: string };

const VERSIONS = ["web_search_20250305", "web_search_20260209", "web_search_20260318"];
const SECRET = "fake-web-search-secret";

export const encryptedContent = (url: string) =>
  createHmac("sha256", SECRET).update(`content:${url}`).digest("base64");
export const encryptedIndex = (url: string, cited: string) =>
  createHmac("sha256", SECRET).update(`index:${url}:${cited}`).digest("base64");

function webSearchTools(body: Record<string, unknown>): Block[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Block[]) : [];
  return tools.filter((tool) => typeof tool.type === "string" && tool.type.startsWith("web_search"));
}

export function declaresWebSearch(body: Record<string, unknown>): boolean {
  return webSearchTools(body).length > 0;
}

/** The real API's 400 for a bad web search definition or tampered server blocks, or undefined. */
export function checkWebSearchRequest(body: Record<string, unknown>): string | undefined {
  for (const [index, tool] of webSearchTools(body).entries()) {
    const where = `tools.${index}`;
    if (!VERSIONS.includes(String(tool.type)))
      return `${where}.type: Input tag '${String(tool.type)}' found using 'type' does not match any of the expected tags`;
    if (tool.name !== "web_search") return `${where}.name: Input should be 'web_search'`;
    if (tool.allowed_domains && tool.blocked_domains)
      return `${where}: Cannot specify both allowed_domains and blocked_domains`;
    if (tool.max_uses !== undefined && (!Number.isInteger(tool.max_uses) || Number(tool.max_uses) < 1))
      return `${where}.max_uses: Input should be greater than or equal to 1`;
    for (const field of ["allowed_domains", "blocked_domains"]) {
      const domains = tool[field];
      if (domains === undefined) continue;
      if (!Array.isArray(domains) || domains.some((domain) => typeof domain !== "string"))
        return `${where}.${field}: Input should be a valid list of strings`;
      const bad = (domains as string[]).find((domain) => domain.includes("://"));
      if (bad) return `${where}.${field}: domains must not include the URL scheme: ${bad}`;
    }
  }
  const messages = Array.isArray(body.messages)
    ? (body.messages as Array<{ role?: unknown; content?: unknown }>)
    : [];
  for (const [index, message] of messages.entries()) {
    const blocks = Array.isArray(message.content) ? (message.content as Block[]) : [];
    const answered = new Set<string>();
    for (const [blockIndex, block] of blocks.entries()) {
      const at = `messages.${index}.content.${blockIndex}`;
      if (
        (block.type === "server_tool_use" || block.type === "web_search_tool_result") &&
        message.role !== "assistant"
      )
        return `${at}: ${String(block.type)} blocks may only appear in assistant messages`;
      if (block.type === "web_search_tool_result") {
        answered.add(String(block.tool_use_id));
        if (Array.isArray(block.content))
          for (const result of block.content as Block[])
            if (result.encrypted_content !== encryptedContent(String(result.url)))
              return `${at}: Invalid \`encrypted_content\` in web_search_result`;
      }
      if (block.type === "text" && Array.isArray(block.citations))
        for (const citation of block.citations as Block[])
          if (citation.encrypted_index !== encryptedIndex(String(citation.url), String(citation.cited_text)))
            return `${at}: Invalid \`encrypted_index\` in citation`;
    }
    for (const [blockIndex, block] of blocks.entries())
      if (block.type === "server_tool_use" && !answered.has(String(block.id)))
        return `messages.${index}.content.${blockIndex}: server_tool_use id ${String(block.id)} has no web_search_tool_result in the same message`;
  }
  return undefined;
}

const event = (type: string, payload: Record<string, unknown>): SseEvent => ({
  event: type,
  data: JSON.stringify({ type, ...payload }),
});

/** The SSE events of a scripted search, starting at content index `index`; throws when the request
 *  declared no web_search tool (a script that does not fit the request is a bug in the test). */
export function webSearchEvents(
  turn: ScriptedTurn,
  turnNumber: number,
  index: number,
  body: Record<string, unknown>,
): { events: SseEvent[]; next: number } {
  const search = turn.web_search;
  if (!search) return { events: [], next: index };
  if (!declaresWebSearch(body))
    throw new Error("the script plays a web search but the request declares no web_search tool");
  const id = `srvtoolu_fake_${turnNumber}`;
  const input = JSON.stringify({ query: search.query });
  const content = search.error_code
    ? { type: "web_search_tool_result_error", error_code: search.error_code }
    : (search.results ?? []).map((result) => ({
        type: "web_search_result",
        url: result.url,
        title: result.title,
        encrypted_content: encryptedContent(result.url),
        page_age: result.page_age ?? null,
      }));
  const events = [
    event("content_block_start", {
      index,
      content_block: { type: "server_tool_use", id, name: "web_search", input: {} },
    }),
    event("content_block_delta", {
      index,
      delta: { type: "input_json_delta", partial_json: input.slice(0, 5) },
    }),
    event("content_block_delta", {
      index,
      delta: { type: "input_json_delta", partial_json: input.slice(5) },
    }),
    event("content_block_stop", { index }),
    event("content_block_start", {
      index: index + 1,
      content_block: { type: "web_search_tool_result", tool_use_id: id, content },
    }),
    event("content_block_stop", { index: index + 1 }),
  ];
  return { events, next: index + 2 };
}

/** citations_delta events for the text block at `index`. */
export function citationEvents(turn: ScriptedTurn, index: number): SseEvent[] {
  return (turn.citations ?? []).map((citation) =>
    event("content_block_delta", {
      index,
      delta: {
        type: "citations_delta",
        citation: {
          type: "web_search_result_location",
          url: citation.url,
          title: citation.title,
          cited_text: citation.cited_text,
          encrypted_index: encryptedIndex(citation.url, citation.cited_text),
        },
      },
    }),
  );
}

/** The usage field a response with a search reports. */
export function serverToolUsage(turn: ScriptedTurn): Record<string, unknown> {
  return turn.web_search ? { server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 } } : {};
}
