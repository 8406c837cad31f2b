// The caller's in-process MCP servers in a stream-json run (type `sdk`: those --mcp-config declares and
// those `initialize` names): connected once over the control channel, their tools offered to the
// model, the messages they send on their own delivered, their transports closed at the end.
import type { App } from "../../app/index.js";
import type { ControlChannel } from "../../control/index.js";
import { SdkMcpTransport } from "../../control/index.js";
import type { McpManager } from "../../mcp/index.js";
import { loadMcpManager } from "../../mcp/index.js";

export type SdkMcpServers = ReturnType<typeof createSdkMcpServers>;

export function createSdkMcpServers(runtime: App, channel: ControlChannel, say: (line: string) => void) {
  const transports = new Map<string, SdkMcpTransport>();
  let connected: Promise<void> | undefined;
  /** The manager made here when the run had no MCP servers of its own (closed with the servers). */
  let ownManager: McpManager | undefined;

  async function connectOnce(names: readonly string[]): Promise<void> {
    if (!runtime.mcp) {
      const createMcpManager = await loadMcpManager();
      runtime.mcp = ownManager = createMcpManager({
        servers: {},
        cwd: runtime.cwd,
        tracer: runtime.tracer,
      });
    }
    const mcp = runtime.mcp;
    const failures = await mcp.connectSdkServers((name) => {
      const transport = new SdkMcpTransport(name, channel);
      transports.set(name, transport);
      return transport;
    }, names);
    for (const failure of failures)
      say(`reagent: warning: MCP server "${failure.server}" failed: ${failure.reason}`);
    const registry = runtime.session.options.registry;
    const known = new Set(registry.list().map((tool) => tool.name));
    registry.add(mcp.tools().filter((tool) => !known.has(tool.name)));
  }

  return {
    /** Connects the servers (once: those of --mcp-config with type `sdk` and those initialize names)
     *  and offers their tools to the model; nothing to do when there are none. */
    connect(names: readonly string[] = []): Promise<void> {
      const declared = runtime.mcp?.status().some((server) => server.transport === "sdk") ?? false;
      if (!declared && names.length === 0) return Promise.resolve();
      connected ??= connectOnce(names);
      return connected;
    },
    /** A message one of the caller's own servers sends on its own (a notification). */
    receive(server: string, message: Record<string, unknown>): void {
      const transport = transports.get(server);
      if (!transport) throw new Error(`no SDK MCP server named "${server}" is connected`);
      transport.receive(message as Parameters<SdkMcpTransport["receive"]>[0]);
    },
    /** For an MCP tool (`mcp__server__tool`): its server and where it was configured. */
    serverOf(toolName: string): { name: string; source: string } | undefined {
      const server = (runtime.mcp?.status() ?? []).find((entry) =>
        toolName.startsWith(`mcp__${entry.name}__`),
      );
      return server
        ? { name: server.name, source: server.transport === "sdk" ? "sdk" : (server.source ?? "dynamic") }
        : undefined;
    },
    async close(): Promise<void> {
      for (const transport of transports.values()) await transport.close();
      await ownManager?.close();
    },
  };
}
