// Builds the SDK transport for one server spec: stdio (child process with its stderr piped to the
// caller), Streamable HTTP, or legacy HTTP+SSE. Owns nothing else; the connection decides lifetimes.

import type { ChildProcess } from "node:child_process";
import {
  type FetchLike,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { McpServerSpec } from "./types.js";

export type TransportOptions = {
  /** Working directory for stdio servers without their own `cwd`. */
  cwd: string;
  /** Base environment for stdio servers; the server's `env` is laid over it. */
  /** The parent's environment (unset variables are left out). */
  baseEnv?: Record<string, string | undefined>;
  /** The transport to a server of type `sdk` (inside the program driving reagent), by its name;
   *  undefined while no such program is listening. */
  sdkTransport?: (serverName: string) => Transport | undefined;
};

/** The SDK's stdio transport, telling its owner the child's pid as soon as it is spawned (so a server
 *  stuck in initialize can still be ended when reagent exits). */
export class TrackedStdioTransport extends StdioClientTransport {
  onspawn?: (pid: number) => void;
  /** The child's pid, kept after it exits (the SDK's `pid` becomes null then). */
  spawnedPid: number | null = null;
  /** How the child ended, once it has (recorded on its `exit` event, before the SDK reports the close). */
  exit?: ChildExit;

  override async start(): Promise<void> {
    await super.start();
    this.spawnedPid = this.pid;
    // The SDK keeps the child private; its `exit` event is the only place the exit code is known.
    const child = (this as unknown as { _process?: ChildProcess })._process;
    child?.once("exit", (code, signal) => {
      this.exit = { code, signal };
    });
    if (this.pid !== null) this.onspawn?.(this.pid);
  }
}

export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };

export type CreatedTransport =
  | { kind: "stdio"; transport: TrackedStdioTransport }
  | { kind: "remote"; transport: Transport };

export function createTransport(spec: McpServerSpec, options: TransportOptions): CreatedTransport {
  if (spec.type === "stdio") {
    const inherited = Object.entries(options.baseEnv ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    const env = options.baseEnv ? { ...Object.fromEntries(inherited), ...spec.env } : spec.env;
    const transport = new TrackedStdioTransport({
      command: spec.command,
      args: spec.args,
      env,
      cwd: spec.cwd ?? options.cwd,
      stderr: "pipe",
    });
    return { kind: "stdio", transport };
  }
  if (spec.type === "sdk") {
    const transport = options.sdkTransport?.(spec.name);
    if (!transport)
      throw new Error(
        `server "${spec.name}" has type "sdk": it lives inside the program that drives reagent and is reachable only in a stream-json run started by that program (the Agent SDK)`,
      );
    return { kind: "remote", transport };
  }
  const url = new URL(spec.url);
  const requestInit: RequestInit = { headers: spec.headers };
  if (spec.type === "http") {
    return { kind: "remote", transport: new StreamableHTTPClientTransport(url, { requestInit }) };
  }
  const withHeaders: FetchLike = (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [key, value] of Object.entries(spec.headers)) if (!headers.has(key)) headers.set(key, value);
    return fetch(input, { ...init, headers });
  };
  return {
    kind: "remote",
    transport: new SSEClientTransport(url, { requestInit, eventSourceInit: { fetch: withHeaders } }),
  };
}
