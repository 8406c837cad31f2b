// An MCP transport to a server that lives inside the program driving reagent (the Agent SDKs'
// `createSdkMcpServer`, declared in --mcp-config with `"type": "sdk"`): every JSON-RPC message goes
// out as an `mcp_message` control request and the server's reply comes back as its answer; messages
// the server starts itself (notifications) arrive as `mcp_message` requests from the caller
// (`receive`). reagent's MCP client runs over it unchanged, so the server's tools are ordinary
// `mcp__<server>__<tool>` tools behind the same hooks and permission gate as every other tool.
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { errorMessage } from "../util/index.js";
import type { ControlChannel } from "./channel.js";

export class SdkMcpTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;

  constructor(
    readonly serverName: string,
    private readonly channel: ControlChannel,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error(`the SDK MCP server "${this.serverName}" is closed`);
    const isRequest = "method" in message && "id" in message && message.id !== undefined;
    const reply = this.channel.request("mcp_message", { server_name: this.serverName, message });
    if (!isRequest) {
      // Notifications and responses get an empty acknowledgement; failures only matter as errors.
      reply.catch((error) => this.onerror?.(new Error(errorMessage(error))));
      return;
    }
    let answer: Record<string, unknown>;
    try {
      answer = await reply;
    } catch (error) {
      this.fail(message, `the program driving reagent could not answer (${errorMessage(error)})`);
      return;
    }
    const response = answer.mcp_response as JSONRPCMessage | undefined;
    if (!response || typeof response !== "object") {
      this.fail(message, "the answer carried no mcp_response");
      return;
    }
    // Some SDK versions answer without echoing the request id; the client matches on it.
    this.onmessage?.({ ...response, id: message.id } as JSONRPCMessage);
  }

  /** A message the server sent on its own (through an `mcp_message` request from the caller). */
  receive(message: JSONRPCMessage): void {
    if (!this.closed) this.onmessage?.(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  /** A request that got no usable answer is answered locally with a JSON-RPC error. */
  private fail(request: JSONRPCMessage, reason: string): void {
    if (!("id" in request) || request.id === undefined) return;
    this.onmessage?.({
      jsonrpc: "2.0",
      id: request.id,
      error: { code: -32603, message: `SDK MCP server "${this.serverName}": ${reason}` },
    } as JSONRPCMessage);
  }
}
