// One HTTP request over a socket opened to an already checked address (connector.ts), with a cap on the
// decoded body size (gzip, deflate and brotli are decoded while counting, so a compressed bomb stops
// at the cap) and cancellation by signal. Redirects are not followed here: fetch-page.ts decides.
import { type IncomingHttpHeaders, request } from "node:http";
import type { Socket } from "node:net";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { errorMessage } from "../../util/index.js";
import type { Connector } from "./connector.js";
import type { ResolvedAddress } from "./host-guard.js";

export type HttpResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body was longer than the cap and was cut there. */
  truncated: boolean;
};

type HttpRequestOptions = {
  url: URL;
  addresses: ResolvedAddress[];
  connector: Connector;
  maxBytes: number;
  userAgent: string;
  accept: string;
  signal: AbortSignal;
  /** GET by default; POST sends `body`. */
  method?: "GET" | "POST";
  body?: string;
  /** Extra request headers (e.g. an API key); never logged. */
  headers?: Record<string, string>;
};

/** Connects to the first address that answers (each was checked by the guard). */
async function connectAny(options: HttpRequestOptions): Promise<Socket> {
  const { url } = options;
  const port = url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  const servername = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  let lastError: unknown;
  for (const address of options.addresses) {
    try {
      return await options.connector(
        { ...address, host: servername, port, tls: url.protocol === "https:" ? { servername } : null },
        options.signal,
      );
    } catch (error) {
      if (options.signal.aborted) throw error;
      lastError = error;
    }
  }
  throw lastError ?? new Error("no address to connect to");
}

function decoded(response: Readable, encoding: string | undefined): Readable {
  const name = (encoding ?? "").trim().toLowerCase();
  if (name === "gzip" || name === "x-gzip") return response.pipe(createGunzip());
  if (name === "deflate") return response.pipe(createInflate());
  if (name === "br") return response.pipe(createBrotliDecompress());
  return response;
}

export async function httpRequest(options: HttpRequestOptions): Promise<HttpResponse> {
  const socket = await connectAny(options);
  const { url } = options;
  return new Promise<HttpResponse>((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const req = request({
      method: options.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      headers: {
        ...options.headers,
        host: url.host,
        "user-agent": options.userAgent,
        accept: options.accept,
        "accept-encoding": "gzip, deflate, br",
        ...(body ? { "content-length": String(body.length) } : {}),
      },
      createConnection: () => socket,
      signal: options.signal,
    });
    req.once("error", (error) => {
      socket.destroy();
      reject(error);
    });
    req.once("response", (response) => {
      const status = response.statusCode ?? 0;
      // Redirects and errors need no body beyond a short one; skip decoding for them.
      const stream = decoded(response, response.headers["content-encoding"] as string | undefined);
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        socket.destroy();
        resolve({ status, headers: response.headers, body: Buffer.concat(chunks), truncated });
      };
      stream.on("data", (chunk: Buffer) => {
        if (truncated) return;
        const room = options.maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          stream.destroy();
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.once("end", () => {
        if (!truncated) finish();
      });
      stream.once("error", (error) => {
        if (truncated) return;
        socket.destroy();
        reject(new Error(`reading the response failed: ${errorMessage(error)}`));
      });
      response.once("error", (error) => {
        if (!truncated) reject(error);
      });
      response.once("aborted", () => {
        if (!truncated) reject(new Error("the server closed the connection mid-response"));
      });
    });
    req.end(body);
  });
}
