// Test helpers for the web tools: a real HTTP server on 127.0.0.1 with scripted routes, resolvers
// that answer what a test says (including one that answers differently the second time), and a
// "fake internet" connector that carries connections meant for public addresses to the local server
// (recording which address and TLS name each was for), so no test ever sends traffic off this machine.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import type { Connector, ConnectTarget } from "../../src/tools/web/connector.js";
import type { ResolvedAddress, Resolver } from "../../src/tools/web/host-guard.js";

export type Route = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type WebServer = {
  port: number;
  origin: string;
  /** Paths requested, with their Host header, in order. */
  hits: Array<{ path: string; host: string | undefined; headers: IncomingMessage["headers"] }>;
  close(): Promise<void>;
};

export async function startWebServer(routes: Record<string, Route>): Promise<WebServer> {
  const hits: WebServer["hits"] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.push({ path, host: req.headers.host, headers: req.headers });
    const route = routes[path.split("?")[0]!];
    if (!route) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end(`no route ${path}`);
      return;
    }
    Promise.resolve(route(req, res)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A resolver answering from a table (name → addresses); unknown names fail like NXDOMAIN. */
export function tableResolver(table: Record<string, string[]>, calls: string[] = []): Resolver {
  return async (hostname) => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answers.map(toResolved);
  };
}

/** A DNS-rebinding resolver: the first lookup of a name gets `first`, every later one `then`. */
export function rebindingResolver(first: string[], then: string[], calls: string[] = []): Resolver {
  return async (hostname) => {
    calls.push(hostname);
    return (calls.filter((name) => name === hostname).length === 1 ? first : then).map(toResolved);
  };
}

function toResolved(address: string): ResolvedAddress {
  return { address, family: address.includes(":") ? 6 : 4 };
}

/** Routes every connection to the local server, recording the address and TLS name it was meant for. */
export function fakeInternet(port: number, targets: ConnectTarget[] = []): Connector {
  return (target) =>
    new Promise<Socket>((resolve, reject) => {
      targets.push(target);
      const socket = connect({ host: "127.0.0.1", port });
      socket.once("connect", () => resolve(socket));
      socket.once("error", reject);
    });
}
