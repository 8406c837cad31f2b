// The node:http fetch the provider SDKs use, against real local HTTP servers: streaming as bytes
// arrive, keep-alive reuse, preconnect, aborts before and during the body, refused connections,
// dropped streams, compressed bodies, redirects (and the ones it refuses), header shapes and the
// global-fetch fallback.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createSecureServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { after, test } from "node:test";
import { gzipSync } from "node:zlib";
import { createHttpFetch } from "../../src/providers/http-fetch.js";
import { asciiJson, createJsonBodyBuilder } from "../../src/providers/json-body.js";

const TLS_FIXTURES = new URL("../fixtures/tls/", import.meta.url);
const CERT = readFileSync(new URL("localhost-cert.pem", TLS_FIXTURES), "utf8");
const KEY = readFileSync(new URL("localhost-key.pem", TLS_FIXTURES), "utf8");

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;
type Local = { url: string; connections: Socket[]; requests: Array<{ method: string; url: string }> };

const servers: Server[] = [];
after(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Handler, secure = false): Promise<Local> {
  const local: Local = { url: "", connections: [], requests: [] };
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    local.requests.push({ method: request.method ?? "", url: request.url ?? "" });
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => handler(request, response, body));
  };
  const server = secure ? createSecureServer({ cert: CERT, key: KEY }, listener) : createServer(listener);
  server.on(secure ? "secureConnection" : "connection", (socket: Socket) => local.connections.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  local.url = `${secure ? "https" : "http"}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return local;
}

/** The agent takes a socket back into its pool in the ticks after the body ends; one turn of the
 *  event loop later the next request finds it there. */
const socketReleased = () => new Promise((resolve) => setImmediate(resolve));

/** Resolves once `check` holds, polling the event loop (no fixed sleeps). */
async function until(check: () => boolean): Promise<void> {
  for (let attempt = 0; !check(); attempt++) {
    if (attempt > 2000) throw new Error("condition never held");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

test("a text body with characters beyond ASCII is sent as UTF-8 with its byte length", async () => {
  const text = JSON.stringify({ prompt: "café — 日本語 🙂", pad: "x".repeat(70_000) });
  const local = await serve((request, response, body) => {
    response.writeHead(200, { "x-length": String(request.headers["content-length"]) });
    response.end(body === text ? "same" : "different");
  });
  const response = await createHttpFetch()(`${local.url}/v1/messages`, { method: "POST", body: text });
  assert.equal(response.headers.get("x-length"), String(Buffer.byteLength(text, "utf8")));
  assert.notEqual(Buffer.byteLength(text, "utf8"), text.length);
  assert.equal(await response.text(), "same");
});

test("a POST's text body and headers arrive; the answer streams chunk by chunk before it ends", async () => {
  let finish: (() => void) | undefined;
  const local = await serve((request, response, body) => {
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "x-echo": `${request.headers["x-api-key"]}|${body}`,
    });
    response.write("data: one\n\n");
    finish = () => response.end("data: two\n\n");
  });
  const http = createHttpFetch();
  const response = await http(`${local.url}/v1/messages`, {
    method: "POST",
    headers: new Headers({ "x-api-key": "k1", "content-type": "application/json" }),
    body: '{"a":1}',
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("x-echo"), 'k1|{"a":1}');
  const reader = response.body!.getReader();
  const first = await reader.read();
  assert.equal(Buffer.from(first.value!).toString(), "data: one\n\n", "the first chunk came before the end");
  finish!();
  const second = await reader.read();
  assert.equal(Buffer.from(second.value!).toString(), "data: two\n\n");
  assert.equal((await reader.read()).done, true);
});

test("requests reuse one keep-alive connection; preconnect opens it before the first request", async () => {
  const local = await serve((_request, response) => response.end("ok"));
  const http = createHttpFetch();
  http.preconnect(`${local.url}/v1`);
  await until(() => local.connections.length === 1);
  assert.equal(local.requests.length, 0, "preconnect sends no request");
  for (const headers of [{ a: "1" }, [["b", "2"]] as [string, string][]]) {
    const response = await http(`${local.url}/x`, { method: "POST", headers, body: "{}" });
    assert.equal(await response.text(), "ok");
    assert.equal(local.connections.length, 1, "the request went over the preconnected socket");
    await socketReleased();
  }
  assert.equal(local.requests.length, 2);
  assert.equal(local.connections.length, 1, "both requests went over the preconnected socket");
});

test("https: preconnect completes the TLS handshake; requests stream over it; unknown certificates fail", async () => {
  const local = await serve((_request, response, body) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(`data: ${body}\n\n`);
  }, true);
  const http = createHttpFetch({ ca: CERT });
  http.preconnect(local.url);
  await until(() => local.connections.length === 1);
  assert.equal(local.requests.length, 0);
  for (const body of ["one", "two"]) {
    const response = await http(`${local.url}/v1/messages`, { method: "POST", body });
    assert.equal(await response.text(), `data: ${body}\n\n`);
    assert.equal(local.connections.length, 1, "the request went over the preconnected socket");
    await socketReleased();
  }
  assert.equal(local.connections.length, 1, "both requests used the preconnected TLS socket");
  await assert.rejects(
    createHttpFetch()(local.url, { method: "POST", body: "{}" }),
    (error: Error & { cause?: { code?: string } }) =>
      error instanceof TypeError && /SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/.test(String(error.cause?.code)),
  );
});

test("an abort before the answer rejects with AbortError and closes the request", async () => {
  const local = await serve(() => {});
  const http = createHttpFetch();
  const controller = new AbortController();
  const pending = http(local.url, { method: "POST", body: "{}", signal: controller.signal });
  await until(() => local.requests.length === 1);
  controller.abort();
  await assert.rejects(pending, (error: Error) => error.name === "AbortError");
  await assert.rejects(
    http(local.url, { signal: AbortSignal.abort() }),
    (error: Error) => error.name === "AbortError",
  );
});

test("an abort while the body streams errors the body with AbortError", async () => {
  const local = await serve((_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.write("data: one\n\n");
  });
  const http = createHttpFetch();
  const controller = new AbortController();
  const response = await http(local.url, { method: "POST", body: "{}", signal: controller.signal });
  const reader = response.body!.getReader();
  await reader.read();
  controller.abort();
  await assert.rejects(reader.read(), (error: Error) => error.name === "AbortError");
});

test("a refused connection is a TypeError whose cause carries the errno code, like undici's", async () => {
  const local = await serve(() => {});
  const port = new URL(local.url).port;
  const server = servers.pop()!;
  await new Promise((resolve) => server.close(resolve));
  const http = createHttpFetch();
  await assert.rejects(
    http(`http://127.0.0.1:${port}/`, { method: "POST", body: "{}" }),
    (error: Error & { cause?: { code?: string } }) =>
      error instanceof TypeError && error.message === "fetch failed" && error.cause?.code === "ECONNREFUSED",
  );
});

test("a stream dropped by the server errors the body instead of ending it quietly", async () => {
  const local = await serve((_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.write("data: one\n\n", () => response.socket?.destroy());
  });
  const response = await createHttpFetch()(local.url, { method: "POST", body: "{}" });
  await assert.rejects(response.text());
});

test("gzip bodies are decoded; 204 has no body; error statuses come back as responses", async () => {
  const local = await serve((request, response) => {
    if (request.url === "/gzip") {
      response.writeHead(200, { "content-encoding": "gzip", "content-type": "application/json" });
      response.end(gzipSync('{"zipped":true}'));
    } else if (request.url === "/empty") {
      response.writeHead(204).end();
    } else {
      response.writeHead(529, { "retry-after": "2" }).end('{"error":{"type":"overloaded_error"}}');
    }
  });
  const http = createHttpFetch();
  assert.deepEqual(await (await http(`${local.url}/gzip`)).json(), { zipped: true });
  const empty = await http(`${local.url}/empty`, { method: "DELETE" });
  assert.equal(empty.status, 204);
  assert.equal(empty.body, null);
  const overloaded = await http(`${local.url}/busy`, { method: "POST", body: "{}" });
  assert.equal(overloaded.status, 529);
  assert.equal(overloaded.headers.get("retry-after"), "2");
  assert.match(await overloaded.text(), /overloaded_error/);
});

test("redirects: 307 keeps the method and body, 303 turns into a GET; other origins lose the key", async () => {
  const target = await serve((request, response, body) =>
    response.end(`${request.method} ${request.url} ${body} key=${request.headers["x-api-key"] ?? "-"}`),
  );
  const local = await serve((request, response, body) => {
    if (request.url === "/307") response.writeHead(307, { location: "/final" }).end();
    else if (request.url === "/303") response.writeHead(303, { location: "/final" }).end();
    else if (request.url === "/away") response.writeHead(307, { location: `${target.url}/there` }).end();
    else response.end(`${request.method} ${request.url} ${body} key=${request.headers["x-api-key"] ?? "-"}`);
  });
  const http = createHttpFetch();
  const init = { method: "POST", body: "B", headers: { "x-api-key": "k" } };
  assert.equal(await (await http(`${local.url}/307`, init)).text(), "POST /final B key=k");
  assert.equal(await (await http(`${local.url}/303`, init)).text(), "GET /final  key=k");
  assert.equal(await (await http(`${local.url}/away`, init)).text(), "POST /there B key=-");
  const manual = await http(`${local.url}/307`, { ...init, redirect: "manual" });
  assert.equal(manual.status, 307);
});

test("a body json-body.ts built goes part by part, again as its text after a 307, and whole to any other fetch", async () => {
  const received: Array<{ url: string; length: string | undefined; body: string }> = [];
  const local = await serve((request, response, body) => {
    received.push({ url: request.url ?? "", length: request.headers["content-length"], body });
    if (request.url === "/307") response.writeHead(307, { location: "/final" }).end();
    else response.end("ok");
  });
  // Items of ~30,000 characters: the history is sent as sealed segments' bytes and the rest as text.
  const items = Array.from({ length: 6 }, (_, index) => ({ index, text: `résumé ${index} `.repeat(3000) }));
  const build = createJsonBodyBuilder();
  const history = { items, json: (item: unknown) => asciiJson(item) ?? "null" };
  build({ model: "m" }, "messages", history);
  const body = build({ model: "m" }, "messages", history);
  assert.ok(build.last.reused > 0, "the second body reuses the first one's segments");
  const init = { method: "POST", body, headers: { "content-type": "application/json" } };
  assert.equal(await (await createHttpFetch()(`${local.url}/307`, init)).text(), "ok");
  // Another fetch never sees the parts: the same body, from the string.
  assert.equal(await (await fetch(`${local.url}/other`, init)).text(), "ok");
  assert.deepEqual(
    received.map((request) => request.url),
    ["/307", "/final", "/other"],
  );
  for (const request of received) {
    assert.equal(request.body, body, request.url);
    assert.equal(request.length, String(body.length), request.url);
  }
  assert.deepEqual(JSON.parse(body), { messages: items, model: "m" });
});

test("bodies it does not send itself (streams) go to the global fetch", async () => {
  const local = await serve((_request, response, body) => response.end(`got ${body}`));
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("streamed"));
      controller.close();
    },
  });
  const response = await createHttpFetch()(local.url, {
    method: "POST",
    body: stream,
    duplex: "half",
  } as RequestInit);
  assert.equal(await response.text(), "got streamed");
});

test("an abort right after the call, before the request is sent, rejects and sends nothing", async () => {
  const local = await serve((_request, response) => response.end("answered"));
  const http = createHttpFetch();
  const controller = new AbortController();
  const pending = http(local.url, { method: "POST", body: "{}", signal: controller.signal });
  controller.abort();
  await assert.rejects(pending, (error: Error) => error.name === "AbortError");
  assert.equal(local.requests.length, 0, "the aborted request never went out");
});

test("redirects it will not follow fail with a cause that says why", async () => {
  const local = await serve((request, response) => {
    if (request.url === "/loop") response.writeHead(302, { location: "/loop" }).end();
    else if (request.url === "/ftp") response.writeHead(307, { location: "ftp://127.0.0.1/file" }).end();
    else if (request.url === "/head") response.writeHead(303, { location: "/final" }).end();
    else response.writeHead(200, { "x-method": request.method ?? "" }).end("final");
  });
  const http = createHttpFetch();
  const refused = (pattern: RegExp) => (error: Error & { cause?: Error }) =>
    error instanceof TypeError &&
    error.message === "fetch failed" &&
    pattern.test(String(error.cause?.message));
  await assert.rejects(
    http(`${local.url}/head`, { redirect: "error" }),
    refused(/\/final not followed: .*"error"/),
  );
  const before = local.requests.length;
  await assert.rejects(http(`${local.url}/loop`), refused(/more than 20 redirects/));
  assert.equal(local.requests.length - before, 21, "the first request and 20 redirects were sent, no more");
  await assert.rejects(http(`${local.url}/ftp`), refused(/ftp:.*only http and https/));
  const head = await http(`${local.url}/head`, { method: "HEAD" });
  assert.equal(head.headers.get("x-method"), "HEAD", "a 303 keeps HEAD as HEAD");
});

test("an abort or a cancel mid-way through a compressed body closes the connection under it", async () => {
  const closed: string[] = [];
  const local = await serve((request, response) => {
    response.writeHead(200, { "content-encoding": "gzip", "content-type": "text/event-stream" });
    response.write(gzipSync("data: one\n\n").subarray(0, 12));
    response.socket?.once("close", () => closed.push(request.url ?? ""));
  });
  const http = createHttpFetch();
  const controller = new AbortController();
  const aborted = await http(`${local.url}/abort`, { method: "POST", body: "{}", signal: controller.signal });
  const reading = aborted.text();
  controller.abort();
  await assert.rejects(reading, (error: Error) => error.name === "AbortError");
  await until(() => closed.includes("/abort"));
  const cancelled = await http(`${local.url}/cancel`, { method: "POST", body: "{}" });
  await cancelled.body!.cancel();
  await until(() => closed.includes("/cancel"));
});

test("the response is a WHATWG Response without the global one: url, redirected, one read, clone", async () => {
  const local = await serve((request, response) => {
    if (request.url === "/moved") response.writeHead(302, { location: "/doc" }).end();
    else
      response.writeHead(200, { "content-type": "text/plain", "set-cookie": ["a=1", "b=2"] }).end("\uFEFFhé");
  });
  const http = createHttpFetch();
  const response = await http(`${local.url}/moved`);
  assert.equal(response.url, `${local.url}/doc`);
  assert.equal(response.redirected, true);
  assert.equal(response.ok, true);
  assert.equal(response.statusText, "OK");
  assert.deepEqual(response.headers.getSetCookie(), ["a=1", "b=2"]);
  assert.equal(Object.prototype.toString.call(response.headers), "[object Headers]");
  const copy = response.clone();
  assert.equal(response.bodyUsed, false);
  assert.equal(await response.text(), "hé", "text() drops the byte order mark, as the standard's does");
  assert.equal(response.bodyUsed, true);
  await assert.rejects(response.text(), TypeError, "a body is read once");
  assert.throws(() => response.clone(), TypeError);
  assert.equal(Buffer.from(await copy.arrayBuffer()).toString("utf8"), "\uFEFFhé");
  const direct = await http(`${local.url}/doc`);
  assert.equal(direct.redirected, false);
  const blob = await direct.blob();
  assert.equal(blob.type, "text/plain");
  assert.equal(blob.size, Buffer.byteLength("\uFEFFhé"));
  const head = await http(`${local.url}/doc`, { method: "HEAD" });
  assert.equal(head.body, null);
  assert.equal(await head.text(), "");
});
