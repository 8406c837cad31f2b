// The SSRF guard through the real WebFetch tool: numeric host tricks, names resolving to internal
// addresses (injected resolver), DNS rebinding, redirects into private space, and a real loopback
// server that must stay unreachable without the opt-in. Public addresses are only ever "reached"
// through the fake-internet connector, which carries the connection to a local server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createScriptedClient } from "../../../src/providers/scripted.js";
import type { ConnectTarget } from "../../../src/tools/web/connector.js";
import { createWebFetchTool, type WebFetchOptions } from "../../../src/tools/web/web-fetch.js";
import {
  fakeInternet,
  rebindingResolver,
  startWebServer,
  tableResolver,
  type WebServer,
} from "../../support/web-fixtures.js";
import { makeContext, run } from "../context.js";

let server: WebServer;
before(async () => {
  server = await startWebServer({
    "/": (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("hello from the page");
    },
    "/same-host": (_req, res) => {
      res.writeHead(302, { location: "/" });
      res.end();
    },
    "/to-metadata": (_req, res) => {
      res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    },
  });
});
after(() => server.close());

const context = makeContext("/tmp");
const condenser = () => createScriptedClient({ script: [{ text: "condensed" }, { text: "condensed" }] });

function tool(overrides: Partial<WebFetchOptions> = {}) {
  return createWebFetchTool({
    condenser,
    allowPrivateNetwork: false,
    resolver: tableResolver({}),
    ...overrides,
  });
}

const numericLoopback = [
  "http://127.0.0.1/",
  "http://0x7f.1/",
  "http://0x7f000001/",
  "http://2130706433/",
  "http://0177.0.0.1/",
  "http://017700000001/",
  "http://127.1/",
  "http://127.0.1/",
  "http://%31%32%37.0.0.1/",
  "http://127.0.0.1./",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[0:0:0:0:0:ffff:7f00:1]/",
  "http://[::ffff:7f00:1]:8080/x",
  "http://[64:ff9b::127.0.0.1]/",
  "http://[2002:7f00:1::]/",
  "http://0/",
  "http://0.0.0.0/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[fd00:ec2::254]/latest/meta-data/",
  "http://0xa9.0xfe.0xa9.0xfe/",
  "http://2852039166/",
  "http://①②⑦.0.0.1/",
];

for (const url of numericLoopback) {
  test(`refuses ${url} before any DNS lookup or connection`, async () => {
    const lookups: string[] = [];
    const targets: ConnectTarget[] = [];
    const result = await run(
      tool({ resolver: tableResolver({}, lookups), connector: fakeInternet(server.port, targets) }),
      { url, prompt: "x" },
      context,
    );
    assert.equal(result.isError, true);
    assert.equal(result.isError && result.code, "blocked_address", result.content);
    assert.deepEqual(lookups, [], "IP literals need no lookup");
    assert.deepEqual(targets, [], "nothing was connected");
  });
}

const internalAnswers: Array<[string, string[]]> = [
  ["127.0.0.1", ["127.0.0.1"]],
  ["169.254.169.254", ["169.254.169.254"]],
  ["::1", ["::1"]],
  ["::ffff:10.0.0.1", ["::ffff:10.0.0.1"]],
  ["one private among public answers", ["93.184.216.34", "10.0.0.5"]],
  ["a private IPv6 among public answers", ["2606:2800:220:1::1", "fd00::1"]],
];

for (const [label, answers] of internalAnswers) {
  test(`refuses a public-looking name resolving to ${label}`, async () => {
    const targets: ConnectTarget[] = [];
    const result = await run(
      tool({
        resolver: tableResolver({ "docs.example.com": answers }),
        connector: fakeInternet(server.port, targets),
      }),
      { url: "https://docs.example.com/guide", prompt: "x" },
      context,
    );
    assert.equal(result.isError && result.code, "blocked_address", result.content);
    assert.match(result.content, /docs\.example\.com \(resolves to /);
    // The opt-in is suggested only where it would help; metadata addresses stay closed anyway.
    assert.equal(/allowPrivateNetwork/.test(result.content), !answers.includes("169.254.169.254"));
    assert.deepEqual(targets, []);
  });
}

test("userinfo cannot smuggle a host: http://a@b connects to b, and URLs with credentials are refused", async () => {
  const result = await run(tool(), { url: "http://docs.example.com@127.0.0.1/", prompt: "x" }, context);
  assert.equal(result.isError && result.code, "invalid_url");
  assert.match(result.content, /user name or password/);
});

test("a name that rebinds to loopback on the second lookup: the connection uses the first, checked answer", async () => {
  const lookups: string[] = [];
  const targets: ConnectTarget[] = [];
  const result = await run(
    tool({
      resolver: rebindingResolver(["93.184.216.34"], ["127.0.0.1"], lookups),
      connector: fakeInternet(server.port, targets),
    }),
    { url: "http://rebind.example.com/", prompt: "x" },
    context,
  );
  assert.equal(result.isError, false, result.content);
  assert.deepEqual(lookups, ["rebind.example.com"], "exactly one lookup");
  assert.equal(targets.length, 1);
  assert.equal(targets[0]!.address, "93.184.216.34");
  // http:// was upgraded to https:// for the public host; the TLS name is the URL's host.
  assert.deepEqual(targets[0]!.tls, { servername: "rebind.example.com" });
  assert.equal(targets[0]!.port, 443);
  assert.equal(server.hits.at(-1)!.host, "rebind.example.com");
});

test("every redirect hop is checked again: a same-host redirect whose name now rebinds to loopback is refused", async () => {
  const lookups: string[] = [];
  const targets: ConnectTarget[] = [];
  const result = await run(
    tool({
      resolver: rebindingResolver(["93.184.216.34"], ["127.0.0.1"], lookups),
      connector: fakeInternet(server.port, targets),
    }),
    { url: "https://rebind.example.com/same-host", prompt: "x" },
    context,
  );
  assert.equal(result.isError && result.code, "blocked_address", result.content);
  assert.deepEqual(lookups, ["rebind.example.com", "rebind.example.com"]);
  assert.equal(targets.length, 1, "the second hop never connected");
});

test("a redirect to the metadata address is reported, not followed", async () => {
  const targets: ConnectTarget[] = [];
  const result = await run(
    tool({
      resolver: tableResolver({ "docs.example.com": ["93.184.216.34"] }),
      connector: fakeInternet(server.port, targets),
    }),
    { url: "https://docs.example.com/to-metadata", prompt: "x" },
    context,
  );
  assert.equal(result.isError, false);
  assert.match(
    result.content,
    /redirected \(HTTP 301\) to a different host: http:\/\/169\.254\.169\.254\/latest\/meta-data\//,
  );
  assert.match(result.content, /not followed/);
  assert.equal(targets.length, 1);
  // Fetching the notice's URL is then refused by the guard.
  const next = await run(tool(), { url: "http://169.254.169.254/latest/meta-data/", prompt: "x" }, context);
  assert.equal(next.isError && next.code, "blocked_address");
});

test("loopback is refused without the opt-in: a real local server receives no request", async () => {
  const before = server.hits.length;
  const result = await run(
    createWebFetchTool({ condenser, allowPrivateNetwork: false }),
    { url: `${server.origin}/`, prompt: "x" },
    context,
  );
  assert.equal(result.isError && result.code, "blocked_address");
  assert.match(result.content, /loopback/);
  const byName = await run(
    createWebFetchTool({ condenser, allowPrivateNetwork: false }),
    { url: `http://localhost:${server.port}/`, prompt: "x" },
    context,
  );
  assert.equal(byName.isError && byName.code, "blocked_address", byName.content);
  assert.equal(server.hits.length, before);
});

test("with allowPrivateNetwork the same local server is fetched over plain http (no upgrade for private hosts)", async () => {
  const result = await run(
    createWebFetchTool({ condenser, allowPrivateNetwork: true }),
    { url: `http://localhost:${server.port}/`, prompt: "x" },
    context,
  );
  assert.equal(result.isError, false, result.content);
  assert.match(result.content, /^Fetched http:\/\/localhost:\d+\/ \(HTTP 200, text\/plain/);
  assert.match(result.content, /condensed/);
});

test("DNS failures are coded results", async () => {
  const result = await run(tool(), { url: "https://no-such-host.example/", prompt: "x" }, context);
  assert.equal(result.isError && result.code, "dns_failed");
  assert.match(result.content, /ENOTFOUND/);
});

test("non-http schemes and malformed URLs are refused", async () => {
  for (const url of [
    "file:///etc/passwd",
    "ftp://example.com/",
    "gopher://127.0.0.1:25/",
    "javascript:alert(1)",
    "example.com/no-scheme",
    "http://",
  ]) {
    const result = await run(tool(), { url, prompt: "x" }, context);
    assert.equal(result.isError && result.code, "invalid_url", url);
  }
});
