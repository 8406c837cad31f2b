// MCP prompts: the list shown by `reagent mcp list` and the REPL, and expansion of
// `/server:prompt args` (arguments mapped by prompt-args.ts) into text to send as the user's message.
import type { GetPromptResult } from "@modelcontextprotocol/client";
import { describeMcpError } from "./mcp-errors.js";
import { mapPromptArguments } from "./prompt-args.js";
import { capOutput, renderContentBlock } from "./render-result.js";
import type { ServerConnection } from "./server-connection.js";
import type { McpPromptExpansion, McpPromptInfo } from "./types.js";

export function promptsOf(connection: ServerConnection): McpPromptInfo[] {
  return (connection.catalog?.prompts ?? []).map((prompt) => ({
    server: connection.name,
    name: prompt.name,
    command: `${connection.name}:${prompt.name}`,
    description: prompt.description,
    arguments: (prompt.arguments ?? []).map((argument) => ({
      name: argument.name,
      description: argument.description,
      required: argument.required === true,
    })),
  }));
}

/** Renders prompt messages: a single user message is its text; otherwise each message is headed by its role. */
function renderPromptMessages(result: GetPromptResult): string {
  const messages = Array.isArray(result.messages) ? result.messages : [];
  const rendered = messages.map((message) => ({
    role: message.role,
    text: renderContentBlock(message.content),
  }));
  const [only] = rendered;
  if (rendered.length === 1 && only?.role === "user") return only.text;
  return rendered.map((message) => `[${message.role}]\n${message.text}`).join("\n\n");
}

export async function expandServerPrompt(
  connection: ServerConnection,
  promptName: string,
  argsText: string,
  maxChars: number,
  signal?: AbortSignal,
): Promise<McpPromptExpansion> {
  const prompt = promptsOf(connection).find((candidate) => candidate.name === promptName);
  if (!prompt) {
    const available = promptsOf(connection).map((candidate) => candidate.name);
    return {
      ok: false,
      code: "mcp_unknown_prompt",
      message: `MCP server "${connection.name}" has no prompt "${promptName}"${
        available.length > 0 ? ` (prompts: ${available.join(", ")})` : ""
      }`,
    };
  }
  const mapped = mapPromptArguments(argsText, prompt.arguments);
  if (!mapped.ok)
    return { ok: false, code: "mcp_prompt_args", message: `/${prompt.command}: ${mapped.message}` };
  try {
    const outcome = await connection.use((client) =>
      client.getPrompt({ name: promptName, arguments: mapped.values }, { signal }),
    );
    if (!outcome.ok) {
      return {
        ok: false,
        code: "mcp_server_unavailable",
        message: `MCP server "${connection.name}" is unavailable: ${outcome.reason}`,
      };
    }
    return { ok: true, text: capOutput(renderPromptMessages(outcome.value), maxChars) };
  } catch (error) {
    return { ok: false, code: "mcp_error", message: `/${prompt.command}: ${describeMcpError(error)}` };
  }
}
