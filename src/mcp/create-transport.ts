// Builds the transport for one server spec: stdio (a child process started through the process
// launcher — environment filter, sandbox for a folder's servers when it is on — with its stderr piped
// to the caller), Streamable HTTP, or legacy HTTP+SSE. Owns nothing else; the connection decides lifetimes.

import {
  type FetchLike,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { LaunchedStdioTransport } from "./stdio-transport.js";
import type { McpProcesses, McpServerSpec } from "./types.js";

export type TransportOptions = {
  /** Working directory for stdio servers without their own `cwd`. */
  cwd: string;
  /** The parent's environment (unset variables are left out); the server's `env` is laid over it. */
  baseEnv?: Record<string, string | undefined>;
  /** How stdio servers start (environment filter, sandbox); without it a stdio server is refused. */
  processes?: McpProcesses;
  /** The transport to a server of type `sdk` (inside the program driving reagent), by its name;
   *  undefined while no such program is listening. */
  sdkTransport?: (serverName: string) => Transport | undefined;
};

export type CreatedTransport =
  | { kind: "stdio"; transport: LaunchedStdioTransport }
  | { kind: "remote"; transport: Transport };

export function createTransport(spec: McpServerSpec, options: TransportOptions): CreatedTransport {
  if (spec.type === "stdio") {
    const { processes } = options;
    if (!processes) throw new Error("a stdio server cannot start here: no process launcher was given");
    const placement = processes.placement(spec);
    const launch = processes.launcher.prepare(
      {
        file: spec.command,
        args: spec.args,
        cwd: spec.cwd ?? options.cwd,
        env: { ...options.baseEnv, ...spec.env },
        pass: placement.passConfiguredEnv ? Object.keys(spec.env) : [],
      },
      placement.containment,
    );
    if (launch.kind === "refused") throw new Error(`the sandbox refused to start it: ${launch.reason}`);
    return { kind: "stdio", transport: new LaunchedStdioTransport(launch) };
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
