// Opens the socket for one web request to an address the guard already checked: a TCP connection to
// that IP (TLS with the URL's host name as SNI and for certificate checks), or a CONNECT tunnel
// through a configured proxy to that same IP, so the proxy never resolves the name again.
import { request as httpRequest } from "node:http";
import { isIP, connect as netConnect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import type { ResolvedAddress } from "./host-guard.js";

export type ConnectTarget = ResolvedAddress & {
  /** The URL's host name (for NO_PROXY and messages); never resolved again. */
  host: string;
  port: number;
  /** TLS over the connection, with this name for SNI and certificate verification. */
  tls: { servername: string } | null;
};

/** Opens a connected socket (TLS handshake done) to the target, or rejects with a readable error. */
export type Connector = (target: ConnectTarget, signal: AbortSignal) => Promise<Socket>;

type ConnectorOptions = {
  /** Extra certificate authorities (tests use a self-signed one); the system roots otherwise. */
  ca?: string;
  /** An HTTP proxy URL for tunnelling (from HTTPS_PROXY / HTTP_PROXY), already chosen for this target. */
  proxy?: (target: ConnectTarget) => URL | undefined;
};

function settle(socket: Socket, event: "connect" | "secureConnect", signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      socket.destroy();
      reject(signal.reason ?? new Error("aborted"));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    socket.once(event, () => {
      signal.removeEventListener("abort", onAbort);
      resolve(socket);
    });
    socket.once("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      reject(error);
    });
  });
}

function secure(
  socket: Socket | undefined,
  target: ConnectTarget,
  servername: string,
  options: ConnectorOptions,
  signal: AbortSignal,
) {
  // The certificate is checked against `servername` (the URL's host); an IP literal (no SNI) is
  // checked against `host`, which is then that same literal.
  const tlsSocket = tlsConnect({
    ...(socket ? { socket } : {}),
    host: target.address,
    port: target.port,
    ...(isIP(servername) ? {} : { servername }),
    ALPNProtocols: ["http/1.1"],
    ...(options.ca ? { ca: options.ca } : {}),
  });
  return settle(tlsSocket, "secureConnect", signal);
}

function tunnel(proxy: URL, target: ConnectTarget, signal: AbortSignal): Promise<Socket> {
  const authority = `${target.family === 6 ? `[${target.address}]` : target.address}:${target.port}`;
  const headers: Record<string, string> = { host: authority };
  if (proxy.username !== "") {
    const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers["proxy-authorization"] = `Basic ${Buffer.from(credentials).toString("base64")}`;
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: proxy.hostname.replace(/^\[|\]$/g, ""),
      port: proxy.port === "" ? 80 : Number(proxy.port),
      method: "CONNECT",
      path: authority,
      headers,
      signal,
    });
    request.once("connect", (response, socket) => {
      if (response.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new Error(`the proxy ${proxy.host} refused the tunnel: HTTP ${response.statusCode}`));
    });
    request.once("error", (error) => reject(new Error(`the proxy ${proxy.host} failed: ${error.message}`)));
    request.end();
  });
}

export function createConnector(options: ConnectorOptions = {}): Connector {
  return async (target, signal) => {
    const proxy = options.proxy?.(target);
    if (proxy) {
      const socket = await tunnel(proxy, target, signal);
      return target.tls ? secure(socket, target, target.tls.servername, options, signal) : socket;
    }
    if (target.tls) return secure(undefined, target, target.tls.servername, options, signal);
    return settle(netConnect({ host: target.address, port: target.port }), "connect", signal);
  };
}
