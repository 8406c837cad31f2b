// The production connector against real local servers: TLS with a self-signed certificate made by
// openssl for this run (the certificate is checked against the URL's host name, not the IP the
// connection goes to), and an HTTP CONNECT proxy that must be asked for the checked IP, never the name.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, connect } from "node:net";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { createScriptedClient } from "../../../src/providers/scripted.js";
import { createConnector } from "../../../src/tools/web/connector.js";
import { createProxyChoice } from "../../../src/tools/web/proxy-choice.js";
import { createWebFetchTool } from "../../../src/tools/web/web-fetch.js";
import { tempFolder } from "../../support/temp-folder.js";
import { tableResolver } from "../../support/web-fixtures.js";
import { makeContext, run } from "../context.js";

function makeCertificate(dir: string): { key: string; cert: string } | undefined {
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
        "-days",
        "1",
        "-subj",
        "/CN=secure.test",
        "-addext",
        "subjectAltName=DNS:secure.test,DNS:localhost",
      ],
      { stdio: "ignore" },
    );
    return {
      key: readFileSync(join(dir, "key.pem"), "utf8"),
      cert: readFileSync(join(dir, "cert.pem"), "utf8"),
    };
  } catch {
    return undefined;
  }
}

const dir = tempFolder("tls");
const pair = makeCertificate(dir);
const skip = pair ? false : "openssl is not available to make a test certificate";
let httpsServer: Server;
let proxy: Server;
let port = 0;
let proxyPort = 0;
const connects: Array<{ target: string; auth: string | undefined }> = [];

before(async () => {
  if (!pair) return;
  httpsServer = createHttpsServer(pair, (req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(`secure page for ${req.headers.host}`);
  });
  await new Promise<void>((resolve) => httpsServer.listen(0, "127.0.0.1", resolve));
  port = (httpsServer.address() as AddressInfo).port;
  proxy = createHttpServer((_req, res) => res.writeHead(405).end());
  proxy.on("connect", (req, client, head) => {
    connects.push({ target: req.url ?? "", auth: req.headers["proxy-authorization"] });
    const [host, targetPort] = (req.url ?? "").split(":");
    // The test proxy only ever tunnels to this machine.
    if (host !== "127.0.0.1") {
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = connect({ host, port: Number(targetPort) }, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
});
after(() => {
  httpsServer?.close();
  httpsServer?.closeAllConnections();
  proxy?.close();
  proxy?.closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
});

const context = makeContext("/tmp");
const condenser = () => createScriptedClient({ script: [{ text: "ok" }] });
const resolver = tableResolver({ "secure.test": ["127.0.0.1"], "wrong-name.test": ["127.0.0.1"] });

test("TLS: the certificate is verified against the URL's host name while connecting to the checked IP", {
  skip,
}, async () => {
  const tool = createWebFetchTool({
    condenser,
    allowPrivateNetwork: true,
    resolver,
    connector: createConnector({ ca: pair!.cert }),
  });
  const good = await run(tool, { url: `https://secure.test:${port}/`, prompt: "x" }, context);
  assert.equal(good.isError, false, good.content);
  const wrong = await run(tool, { url: `https://wrong-name.test:${port}/`, prompt: "x" }, context);
  assert.equal(wrong.isError && wrong.code, "fetch_failed");
  assert.match(wrong.content, /wrong-name\.test|altnames/i);
});

test("TLS: an unknown certificate authority is refused", { skip }, async () => {
  const tool = createWebFetchTool({
    condenser,
    allowPrivateNetwork: true,
    resolver,
    connector: createConnector(),
  });
  const result = await run(tool, { url: `https://secure.test:${port}/`, prompt: "x" }, context);
  assert.equal(result.isError && result.code, "fetch_failed");
  assert.match(result.content, /self[- ]signed/i);
});

test("HTTPS_PROXY: the proxy is asked to tunnel to the checked IP, with the proxy's credentials", {
  skip,
}, async () => {
  const choice = createProxyChoice({ httpsProxy: `http://user:p%40ss@127.0.0.1:${proxyPort}` });
  const tool = createWebFetchTool({
    condenser,
    allowPrivateNetwork: true,
    resolver,
    connector: createConnector({ ca: pair!.cert, proxy: choice }),
  });
  const result = await run(tool, { url: `https://secure.test:${port}/`, prompt: "x" }, context);
  assert.equal(result.isError, false, result.content);
  assert.deepEqual(connects.at(-1), {
    target: `127.0.0.1:${port}`,
    auth: `Basic ${Buffer.from("user:p@ss").toString("base64")}`,
  });
});

test("NO_PROXY hosts connect directly", { skip }, async () => {
  const before = connects.length;
  const choice = createProxyChoice({
    httpsProxy: `http://127.0.0.1:${proxyPort}`,
    noProxy: "localhost, .test",
  });
  const tool = createWebFetchTool({
    condenser,
    allowPrivateNetwork: true,
    resolver,
    connector: createConnector({ ca: pair!.cert, proxy: choice }),
  });
  const result = await run(tool, { url: `https://secure.test:${port}/`, prompt: "x" }, context);
  assert.equal(result.isError, false, result.content);
  assert.equal(connects.length, before);
});
