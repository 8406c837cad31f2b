// A WHATWG `fetch` for the provider SDKs built on node:http / node:https: loading Node's bundled
// undici and compiling its llhttp WebAssembly on the first `fetch` costs a headless run ~90 ms of
// CPU; node:http is part of the runtime already. Keep-alive sockets are reused across requests and
// `preconnect` opens the connection (TCP, and TLS for https) while the caller assembles its first
// request. Bodies other than text or bytes (streams, forms, blobs) go to the global fetch.
// node:https/tls and node:zlib load only when an https origin or a compressed body needs them.
import http, { type IncomingMessage } from "node:http";
import net, { type Socket } from "node:net";
import type { Readable } from "node:stream";
import { HttpResponse } from "./http-response.js";
import { type BodyPart, takeBodyParts } from "./json-body.js";
import { WebHeaders } from "./web-headers.js";

export type HttpFetch = typeof fetch & {
  /** Opens a connection to `url`'s origin now; the next request there uses it. Never throws. */
  preconnect(url: string): void;
};

type FetchInput = Parameters<typeof fetch>[0];
type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

const MAX_REDIRECTS = 20;
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** An Agent that hands out a connection opened ahead of time (by `preconnect`) before dialling anew. */
function warmAgent<T extends http.Agent>(agent: T): { agent: T; warm: Map<string, Socket> } {
  const warm = new Map<string, Socket>();
  const create = agent.createConnection.bind(agent) as (...args: unknown[]) => Socket;
  agent.createConnection = ((options: { host?: string; port?: number | string }, ...rest: unknown[]) => {
    const key = `${options.host}:${options.port}`;
    const socket = warm.get(key);
    warm.delete(key);
    if (socket && !socket.destroyed && !socket.readableEnded) {
      socket.removeAllListeners("error");
      socket.ref();
      return socket;
    }
    socket?.destroy();
    return create(options, ...rest);
  }) as T["createConnection"];
  return { agent, warm };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

function headerPairs(headers: FetchInit["headers"]): Array<[string, string]> {
  if (headers === undefined || headers === null) return [];
  if (Array.isArray(headers)) return headers.map(([name, value]) => [String(name), String(value)]);
  if (typeof (headers as Headers).forEach === "function") {
    const pairs: Array<[string, string]> = [];
    (headers as Headers).forEach((value, name) => {
      pairs.push([name, value]);
    });
    return pairs;
  }
  return Object.entries(headers as Record<string, string>).map(([name, value]) => [name, String(value)]);
}

/** The body to send (text as it is: the socket encodes it, so a large request is not copied into a
 *  Buffer first), or undefined when only the global fetch can send it. */
function bodyBytes(body: FetchInit["body"]): string | Buffer | null | undefined {
  if (body === undefined || body === null) return null;
  if (typeof body === "string") return body;
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return undefined;
}

async function decoded(response: IncomingMessage): Promise<Readable> {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  if (!["gzip", "x-gzip", "deflate", "br"].includes(encoding)) return response;
  const { createBrotliDecompress, createGunzip, createInflate } = await import("node:zlib");
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) return response;
  response.on("error", (error) => decoder.destroy(error));
  // An abort or a cancelled body destroys the decoder; the response under it must go too, or its
  // socket stays open (and out of the pool) until the server ends the body.
  decoder.once("close", () => {
    if (!response.complete) response.destroy();
  });
  return response.pipe(decoder);
}

async function toResponse(
  response: IncomingMessage,
  method: string,
  signal: AbortSignal | undefined,
  at: { url: URL; redirected: boolean },
): Promise<HttpResponse> {
  const headers = new WebHeaders();
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index];
    const value = raw[index + 1];
    if (name !== undefined && value !== undefined) headers.append(name, value);
  }
  const status = response.statusCode ?? 0;
  const init = {
    status,
    statusText: response.statusMessage ?? "",
    headers,
    url: at.url.href,
    redirected: at.redirected,
  };
  if (method === "HEAD" || NULL_BODY_STATUSES.has(status)) {
    response.resume();
    return new HttpResponse(null, init);
  }
  const source = await decoded(response);
  if (signal) {
    const onAbort = () => source.destroy(abortReason(signal) as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    response.once("close", () => signal.removeEventListener("abort", onAbort));
  }
  return new HttpResponse(source, init);
}

function redirected(status: number, method: string): string | undefined {
  if (status === 307 || status === 308) return method;
  if (status === 303 && method === "HEAD") return method;
  if (status === 303 || ((status === 301 || status === 302) && method === "POST")) return "GET";
  if (status === 301 || status === 302) return method;
  return undefined;
}

type Pool = {
  request: typeof http.request;
  agent: http.Agent;
  warm: Map<string, Socket>;
  /** Opens a connection ahead of the first request. */
  dial(host: string, port: number): Socket;
};

function plainPool(): Pool {
  return {
    ...warmAgent(new http.Agent({ keepAlive: true })),
    request: http.request,
    dial: (host, port) => net.connect(port, host),
  };
}

async function securePool(ca: string | undefined): Promise<Pool> {
  const [https, tls] = await Promise.all([import("node:https"), import("node:tls")]);
  return {
    ...warmAgent(new https.Agent({ keepAlive: true, ...(ca ? { ca } : {}) })),
    request: https.request,
    dial: (host, port) =>
      tls.connect({
        host,
        port,
        ...(net.isIP(host) === 0 ? { servername: host } : {}),
        ALPNProtocols: ["http/1.1"],
        ...(ca ? { ca } : {}),
      }),
  };
}

function partsLength(parts: BodyPart[]): number {
  let total = 0;
  for (const part of parts) total += part.length;
  return total;
}

/** Sends one request on `pool`'s agent; resolves with the response head (the body not read yet). */
function sendRequest(
  pool: Pool,
  url: URL,
  method: string,
  pairs: Array<[string, string]>,
  body: string | Buffer | null,
  signal?: AbortSignal,
) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    // The signal may have fired while the https pool loaded or a redirect was drained; an
    // "abort" listener added now would never hear it.
    if (signal?.aborted) return reject(abortReason(signal));
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of pairs) {
      const key = name.toLowerCase();
      const existing = headers[key];
      headers[key] = existing === undefined ? value : [...[existing].flat(), value];
    }
    if (headers.accept === undefined) headers.accept = "*/*";
    if (headers["accept-encoding"] === undefined) headers["accept-encoding"] = "gzip, deflate, br";
    // A body json-body.ts made goes part by part (ASCII text and bytes: the text's length is its size).
    const parts = typeof body === "string" ? takeBodyParts(body) : undefined;
    if (parts) headers["content-length"] = String(partsLength(parts));
    else if (body !== null) headers["content-length"] = String(Buffer.byteLength(body));
    const request = pool.request(url, { method, headers, agent: pool.agent });
    const onAbort = () => {
      if (signal) request.destroy(abortReason(signal) as Error);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    request.once("response", (response) => {
      signal?.removeEventListener("abort", onAbort);
      resolve(response);
    });
    request.once("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      if (signal?.aborted) reject(abortReason(signal));
      else reject(new TypeError("fetch failed", { cause: error }));
    });
    // Headers first: given a string body with the headers unsent, node would join the two into one
    // more conversation-sized string before writing.
    if (typeof body === "string") request.flushHeaders();
    if (parts) {
      for (const part of parts) request.write(part, "latin1");
      request.end();
    } else request.end(body ?? undefined);
  });
}

/** Why a redirect to `next` is not followed, or undefined when it is. */
function redirectRefusal(mode: FetchInit["redirect"], hops: number, next: URL): string | undefined {
  if (mode === "error") return `the request's redirect mode is "error"`;
  if (hops >= MAX_REDIRECTS) return `more than ${MAX_REDIRECTS} redirects in a row; check the base URL`;
  if (next.protocol !== "http:" && next.protocol !== "https:")
    return "only http and https redirects are followed";
  return undefined;
}

/** Opens a connection to `target`'s origin in its pool unless one is waiting there already. */
function preconnect(poolFor: (url: URL) => Pool | Promise<Pool>, target: string): void {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return;
  }
  const isHttps = url.protocol === "https:";
  if (!isHttps && url.protocol !== "http:") return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port || (isHttps ? 443 : 80));
  const key = `${host}:${port}`;
  const warm = (pool: Pool) => {
    if (pool.warm.has(key)) return;
    const socket = pool.dial(host, port);
    socket.on("error", () => socket.destroy());
    socket.unref();
    pool.warm.set(key, socket);
  };
  const pool = poolFor(url);
  if (pool instanceof Promise) pool.then(warm, () => {});
  else warm(pool);
}

/** `ca`: certificates to trust instead of Node's default set (PEM). */
export function createHttpFetch(options: { ca?: string } = {}): HttpFetch {
  const plain = plainPool();
  let secure: Promise<Pool> | undefined;
  const poolFor = (url: URL): Pool | Promise<Pool> => {
    if (url.protocol !== "https:") return plain;
    secure ??= securePool(options.ca);
    return secure;
  };

  const httpFetch = async (input: FetchInput, init: FetchInit = {}): Promise<Response | HttpResponse> => {
    const body = bodyBytes(init.body);
    if (typeof input !== "string" && !(input instanceof URL)) return fetch(input, init);
    let url = new URL(input);
    if (body === undefined || (url.protocol !== "http:" && url.protocol !== "https:"))
      return fetch(input, init);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw abortReason(signal);
    let method = (init.method ?? "GET").toUpperCase();
    let pairs = headerPairs(init.headers);
    let payload = body;
    for (let hops = 0; ; hops++) {
      const response = await sendRequest(await poolFor(url), url, method, pairs, payload, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      const nextMethod = redirected(status, method);
      if (init.redirect === "manual" || nextMethod === undefined || location === undefined)
        return toResponse(response, method, signal, { url, redirected: hops > 0 });
      response.resume();
      const next = new URL(location, url);
      const refusal = redirectRefusal(init.redirect, hops, next);
      if (refusal)
        throw new TypeError("fetch failed", {
          cause: new Error(`redirect to ${next.href} not followed: ${refusal}`),
        });
      if (next.origin !== url.origin)
        pairs = pairs.filter(([name]) => !/^(authorization|x-api-key|cookie)$/i.test(name));
      if (nextMethod !== method) {
        payload = null;
        pairs = pairs.filter(([name]) => !/^content-/i.test(name));
      }
      method = nextMethod;
      url = next;
    }
  };

  return Object.assign(httpFetch as typeof fetch, {
    preconnect: (target: string) => preconnect(poolFor, target),
  });
}
