// The MCP client manager: owns one ServerConnection per configured server, connects them in parallel
// under a per-server time limit, reports failures in one line each, exposes the connected servers'
// tools (adapted to `mcp__<server>__<tool>`) plus the resource tools, resource mentions, prompts, and
// ends every child process on close() or when the reagent process exits.
import type { Implementation, Transport } from "@modelcontextprotocol/client";
import type { Tool } from "../tools/index.js";
import { noopTracer, type Tracer } from "../util/index.js";
import { callMcpTool } from "./call-tool.js";
import { expandServerPrompt, promptsOf } from "./prompts.js";
import { DEFAULT_MAX_OUTPUT_CHARS } from "./render-result.js";
import { createResourceTools } from "./resource-tools.js";
import {
  attachMentionedResources,
  listResourcesTool,
  readResourceTool,
  unknownServerMessage,
} from "./resources.js";
import { ServerConnection } from "./server-connection.js";
import { adaptMcpTool } from "./tool-adapter.js";
import { mcpToolName } from "./tool-names.js";
import type {
  McpAttachResult,
  McpProcesses,
  McpPromptExpansion,
  McpPromptInfo,
  McpServerFailure,
  McpServerSpec,
  McpServerStatus,
} from "./types.js";

export type McpManagerOptions = {
  servers: Record<string, McpServerSpec>;
  /** Working directory for stdio servers without their own `cwd` (the project directory). */
  cwd: string;
  /** Environment for stdio servers (the app passes the run's), before the environment filter. */
  baseEnv?: Record<string, string | undefined>;
  /** How stdio servers start (launcher; containment and env pass-through per server); absent, a
   *  stdio server is refused (a manager for the SDK's in-process servers needs none). */
  processes?: McpProcesses;
  connectTimeoutMs?: number;
  callTimeoutMs?: number;
  maxOutputChars?: number;
  /** Servers' stderr goes to `<logDir>/mcp-<server>.log`; without it stderr is dropped. */
  logDir?: string;
  clientInfo?: Implementation;
  tracer?: Tracer;
  /** Called once per server that fails to connect. */
  onServerFailed?: (failure: McpServerFailure) => void;
  /** Install a process "exit" listener that kills remaining children (default true). */
  killChildrenOnExit?: boolean;
  /** connectAll() leaves servers of type `sdk` for connectSdkServers() (a stream-json run connects
   *  them once the program that declared them is listening). */
  deferSdkServers?: boolean;
};

export interface McpManager {
  /** Connects every server in parallel; resolves within about connectTimeoutMs with the failures. */
  connectAll(): Promise<McpServerFailure[]>;
  /** Connects the servers of type `sdk` through `transport` (the control channel to the program that
   *  declared them); resolves with their failures. */
  connectSdkServers(
    transport: (serverName: string) => Transport,
    /** Servers the program declared only by name (the SDK's initialize request), added as `sdk`. */
    names?: readonly string[],
  ): Promise<McpServerFailure[]>;
  status(): McpServerStatus[];
  /** Adapted tools of the connected servers, plus ListMcpResources/ReadMcpResource when any has resources. */
  tools(): Tool[];
  attachResources(prompt: string, signal?: AbortSignal): Promise<McpAttachResult>;
  listPrompts(): McpPromptInfo[];
  expandPrompt(
    server: string,
    prompt: string,
    argsText: string,
    signal?: AbortSignal,
  ): Promise<McpPromptExpansion>;
  /** Pids of live stdio server processes (for diagnostics and tests). */
  childPids(): number[];
  close(): Promise<void>;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_CALL_TIMEOUT_MS = 120_000;

export function createMcpManager(options: McpManagerOptions): McpManager {
  const limits = {
    callTimeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    maxChars: options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS,
  };
  const pids = new Set<number>();
  const connections = new Map<string, ServerConnection>();
  let sdkTransport: ((serverName: string) => Transport) | undefined;
  const settings = connectionSettings(options, pids, (serverName) => sdkTransport?.(serverName));
  const connect = (name: string, spec: McpServerSpec) =>
    connections.set(name, new ServerConnection(name, spec, settings));
  for (const [name, spec] of Object.entries(options.servers)) connect(name, spec);
  const list = () => [...connections.values()];
  const lookup = (server: string) => connections.get(server);

  const killOnExit = () => killChildren(pids);
  const exitHook = options.killChildrenOnExit !== false && connections.size > 0;
  if (exitHook) process.on("exit", killOnExit);

  let toolCache: Tool[] | undefined;
  const connectEach = (targets: ServerConnection[]) => {
    toolCache = undefined;
    return connectAndReport(targets, options.onServerFailed);
  };

  return {
    connectAll() {
      return connectEach(
        list().filter((connection) => !(options.deferSdkServers && connection.spec.type === "sdk")),
      );
    },

    connectSdkServers(transport, names = []) {
      sdkTransport = transport;
      for (const name of names)
        if (!connections.has(name)) connect(name, { type: "sdk", name, source: "sdk" });
      return connectEach(list().filter((connection) => connection.spec.type === "sdk"));
    },

    status() {
      return list().map((connection) => ({
        name: connection.name,
        transport: connection.spec.type,
        source: connection.spec.source,
        state: connection.status(),
      }));
    },

    tools() {
      toolCache ??= connectedTools(list, lookup, limits);
      return toolCache;
    },

    attachResources(prompt, signal) {
      return attachMentionedResources(prompt, list(), lookup, limits.maxChars, signal);
    },

    listPrompts() {
      return list().flatMap(promptsOf);
    },

    async expandPrompt(server, prompt, argsText, signal) {
      const connection = lookup(server);
      if (!connection)
        return { ok: false, code: "mcp_unknown_server", message: unknownServerMessage(server, list()) };
      return expandServerPrompt(connection, prompt, argsText, limits.maxChars, signal);
    },

    childPids() {
      return [...pids];
    },

    async close() {
      await Promise.all(list().map((connection) => connection.close()));
      if (exitHook) process.off("exit", killOnExit);
    },
  };
}

type ConnectionSettings = ConstructorParameters<typeof ServerConnection>[2];

/** What every server connection shares: client identity, time limit, where stdio servers run and
 *  log, and the pid bookkeeping close() and the exit listener use. */
function connectionSettings(
  options: McpManagerOptions,
  pids: Set<number>,
  sdkTransport: (serverName: string) => Transport | undefined,
): ConnectionSettings {
  return {
    clientInfo: options.clientInfo ?? { name: "reagent", version: "0.1.0" },
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    cwd: options.cwd,
    baseEnv: options.baseEnv,
    processes: options.processes,
    logDir: options.logDir,
    tracer: options.tracer ?? noopTracer,
    sdkTransport,
    onChildProcess: (pid, alive) => (alive ? pids.add(pid) : pids.delete(pid)),
  };
}

/** The process is exiting: every stdio server still running gets SIGTERM. */
function killChildren(pids: ReadonlySet<number>): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** Connects `targets` in parallel; one failure per server that did not connect, each reported. */
async function connectAndReport(
  targets: ServerConnection[],
  onServerFailed: McpManagerOptions["onServerFailed"],
): Promise<McpServerFailure[]> {
  await Promise.all(targets.map((connection) => connection.connect()));
  const failures: McpServerFailure[] = [];
  for (const connection of targets) {
    const reason = connection.failureReason();
    if (reason === undefined) continue;
    const failure = { server: connection.name, reason };
    failures.push(failure);
    onServerFailed?.(failure);
  }
  return failures;
}

/** The connected servers' tools as `mcp__<server>__<tool>` (a clash gets `_2`, `_3` …), plus the
 *  resource tools when any server has resources. */
function connectedTools(
  list: () => ServerConnection[],
  lookup: (server: string) => ServerConnection | undefined,
  limits: { callTimeoutMs: number; maxChars: number },
): Tool[] {
  const tools: Tool[] = [];
  const used = new Set<string>();
  for (const connection of list()) {
    for (const tool of connection.catalog?.tools ?? []) {
      let name = mcpToolName(connection.name, tool.name);
      for (let suffix = 2; used.has(name); suffix++)
        name = `${mcpToolName(connection.name, tool.name)}_${suffix}`;
      used.add(name);
      tools.push(
        adaptMcpTool(connection.name, name, tool, (args, context) =>
          callMcpTool(connection, tool.name, args, {
            signal: context.signal,
            timeoutMs: limits.callTimeoutMs,
            maxOutputChars: limits.maxChars,
            acceptsImages: context.acceptsImages === true,
          }),
        ),
      );
    }
  }
  const withResources = list().filter((connection) => (connection.catalog?.resources.length ?? 0) > 0);
  if (withResources.length > 0) {
    tools.push(
      ...createResourceTools({
        serverNames: () => withResources.map((connection) => connection.name),
        listResources: (server, signal) => listResourcesTool(list(), lookup, server, signal),
        readResource: (server, uri, signal) =>
          readResourceTool(list(), lookup, server, uri, limits.maxChars, signal),
      }),
    );
  }
  return tools;
}
