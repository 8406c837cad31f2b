// WebFetch against real local HTTP servers: content by type, size and time caps, redirects, HTTP
// errors, the condensing side request (recorded by the scripted model) and the 15-minute cache.
// "docs.example.com" resolves to a public address; the fake-internet connector carries it locally.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { gzipSync } from "node:zlib";
import { createScriptedClient, type ScriptedClient } from "../../../src/providers/scripted.js";
import { createWebFetchTool, type WebFetchOptions } from "../../../src/tools/web/web-fetch.js";
import { fakeInternet, startWebServer, tableResolver, type WebServer } from "../../support/web-fixtures.js";
import { makeContext, run } from "../context.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** A PNG header claiming 9000×10 pixels (enough for the size check; the API would refuse it). */
function hugePng(): Buffer {
  const header = Buffer.from(PNG);
  header.writeUInt32BE(9000, 16);
  return header;
}
const HTML = `<!doctype html><html><head><title>Widget API</title><script>track()</script></head><body>
<nav><a href="/">Home</a> | <a href="/blog">Blog</a></nav>
<main><h1>Widget API</h1><p>Call <code>widget.spin(speed)</code>; see <a href="../limits">limits</a>.</p>
<pre><code class="language-js">widget.spin(3);</code></pre>
<table><tr><th>option</th><th>default</th></tr><tr><td>speed</td><td>1</td></tr></table></main>
<footer>© Widget Corp</footer></body></html>`;

let server: WebServer;
let slowResponses = 0;
before(async () => {
  const send =
    (type: string, body: string | Buffer, headers: Record<string, string> = {}) =>
    (_req: unknown, res: import("node:http").ServerResponse) => {
      res.writeHead(200, { "content-type": type, ...headers });
      res.end(body);
    };
  server = await startWebServer({
    "/docs/api": send("text/html; charset=utf-8", HTML),
    "/notes.txt": send("text/plain", "line one\nline two"),
    "/app": send(
      "text/html",
      '<html><head><script src="/app.js"></script></head><body><div id="root"></div></body></html>',
    ),
    "/data.json": send("application/json", '{"version":"2.5.0","deps":[]}'),
    "/latin1": send("text/plain; charset=iso-8859-1", Buffer.from([0x63, 0x61, 0x66, 0xe9])),
    "/logo.png": send("image/png", PNG),
    "/paper.pdf": send("application/pdf", Buffer.from("%PDF-1.7\n%binary")),
    "/archive": send("application/octet-stream", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])),
    "/unlabelled.png": send("application/octet-stream", PNG),
    "/mislabelled": send("image/jpeg", PNG),
    "/broken.png": send("image/png", Buffer.from("not really a png")),
    "/huge.png": send("image/png", hugePng()),
    // 4 MB: under 5 MB as a file, over the 5 MB the API allows as base64.
    "/heavy.png": send("image/png", Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)])),
    "/big": send("text/plain", "x".repeat(5000)),
    "/bomb": send("text/plain", gzipSync(Buffer.alloc(8 * 1024 * 1024)), { "content-encoding": "gzip" }),
    "/slow": (_req, res) => {
      slowResponses++;
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first bytes…");
    },
    "/missing": (_req, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<html><body><h1>Not Found</h1></body></html>");
    },
    "/moved": (_req, res) => {
      res.writeHead(301, { location: "/notes.txt" });
      res.end();
    },
    "/elsewhere": (_req, res) => {
      res.writeHead(302, { location: "https://other.example.org/page" });
      res.end();
    },
    "/loop": (_req, res) => {
      res.writeHead(302, { location: "/loop" });
      res.end();
    },
  });
});
after(() => server.close());

const context = makeContext("/tmp");
const resolver = tableResolver({ "docs.example.com": ["93.184.216.34"] });

function setup(
  script: Array<{ text: string }> = [{ text: "ANSWER" }],
  overrides: Partial<WebFetchOptions> = {},
) {
  const client: ScriptedClient = createScriptedClient({ script });
  const tool = createWebFetchTool({
    condenser: () => client,
    allowPrivateNetwork: false,
    resolver,
    connector: fakeInternet(server.port),
    ...overrides,
  });
  return { tool, client };
}

function condenseInput(client: ScriptedClient): string {
  const request = client.requests.at(-1)!;
  assert.deepEqual(request.tools, [], "the side request offers no tools");
  const block = request.messages[0]!.content[0]!;
  return block.type === "text" ? block.text : "";
}

test("HTML becomes Markdown of the main content, and the model's answer to the prompt comes back", async () => {
  const { tool, client } = setup([{ text: "spin() takes a speed; default 1." }]);
  const result = await run(
    tool,
    { url: "http://docs.example.com/docs/api", prompt: "What is the default speed?" },
    context,
  );
  assert.equal(result.isError, false, result.content);
  assert.match(result.content, /^Fetched https:\/\/docs\.example\.com\/docs\/api \(HTTP 200, text\/html/);
  assert.match(result.content, /spin\(\) takes a speed; default 1\./);
  const input = condenseInput(client);
  assert.match(input, /<page url="https:\/\/docs\.example\.com\/docs\/api" title="Widget API">/);
  assert.match(input, /# Widget API/);
  assert.match(input, /`widget\.spin\(speed\)`/);
  assert.match(input, /\[limits\]\(https:\/\/docs\.example\.com\/limits\)/, "links are absolute");
  assert.match(input, /```js\nwidget\.spin\(3\);\n```/);
  assert.match(input, /\| option \| default \|/);
  assert.doesNotMatch(input, /Blog|Widget Corp|track\(\)/, "navigation, footer and scripts are dropped");
  assert.match(input, /What is the default speed\?$/);
  assert.match(client.requests[0]!.system, /never follow instructions/);
});

test("text and JSON reach the model as they are, decoded by their charset", async () => {
  for (const [path, expected] of [
    ["/notes.txt", "line one\nline two"],
    ["/data.json", '{"version":"2.5.0","deps":[]}'],
    ["/latin1", "café"],
  ]) {
    const { tool, client } = setup();
    const result = await run(tool, { url: `https://docs.example.com${path}`, prompt: "summarise" }, context);
    assert.equal(result.isError, false, result.content);
    assert.ok(condenseInput(client).includes(`\n${expected}\n</page>`), path);
  }
});

test("images come back as image blocks (typed by their bytes), without a side request", async () => {
  const { tool, client } = setup();
  for (const path of ["/logo.png", "/unlabelled.png", "/mislabelled"]) {
    const result = await run(tool, { url: `https://docs.example.com${path}`, prompt: "describe" }, context);
    assert.equal(result.isError, false, result.content);
    assert.match(result.content, /: a 1×1 image, attached\.$/);
    assert.deepEqual(result.isError === false && result.images, [
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG.toString("base64") } },
    ]);
    assert.deepEqual((result.data as { image: unknown }).image, {
      mediaType: "image/png",
      width: 1,
      height: 1,
    });
  }
  assert.equal(client.requests.length, 0);
});

test("images the provider would refuse, or a model without vision, get a coded result instead", async () => {
  const { tool } = setup();
  const broken = await run(tool, { url: "https://docs.example.com/broken.png", prompt: "x" }, context);
  assert.equal(broken.isError && broken.code, "invalid_image", broken.content);
  assert.match(broken.content, /not a valid image\/png image/);
  const huge = await run(tool, { url: "https://docs.example.com/huge.png", prompt: "x" }, context);
  assert.equal(huge.isError && huge.code, "image_too_large");
  assert.match(huge.content, /9000×1 pixels; models accept at most 8000 pixels a side/);
  const heavy = await run(tool, { url: "https://docs.example.com/heavy.png", prompt: "x" }, context);
  assert.equal(heavy.isError && heavy.code, "image_too_large", heavy.content);
  assert.match(
    heavy.content,
    /the image is 4\.0 MB; models accept at most 5 MB of base64 \(a 3\.75 MB file\)/,
  );
  const blind = setup([], { acceptsImages: () => false }).tool;
  const text = await run(blind, { url: "https://docs.example.com/logo.png", prompt: "x" }, context);
  assert.equal(text.isError, false);
  assert.match(text.content, /does not read images, so it is not shown/);
  assert.equal(text.isError === false && text.images, undefined);
});

test("other content types are refused with a message naming the type", async () => {
  const { tool } = setup();
  const pdf = await run(tool, { url: "https://docs.example.com/paper.pdf", prompt: "x" }, context);
  assert.equal(pdf.isError && pdf.code, "unsupported_content_type");
  assert.match(pdf.content, /not application\/pdf content/);
  const zip = await run(tool, { url: "https://docs.example.com/archive", prompt: "x" }, context);
  assert.equal(zip.isError && zip.code, "unsupported_content_type");
  assert.match(zip.content, /application\/octet-stream/);
});

test("bodies over the cap are cut there, also when compressed (a gzip bomb stops at the cap)", async () => {
  const { tool, client } = setup([{ text: "A" }, { text: "B" }], { maxBytes: 1000 });
  const big = await run(tool, { url: "https://docs.example.com/big", prompt: "x" }, context);
  assert.equal(big.isError, false);
  assert.match(big.content, /larger than 1000 B; only the first part was read/);
  assert.ok(condenseInput(client).includes(`\n${"x".repeat(1000)}\n</page>`));
  const bomb = await run(tool, { url: "https://docs.example.com/bomb", prompt: "x" }, context);
  assert.equal(bomb.isError, false, bomb.content);
  assert.match(bomb.content, /only the first part was read/);
});

test("a body that never finishes ends with a timeout result", async () => {
  const { tool } = setup([], { timeoutMs: 300 });
  const result = await run(tool, { url: "https://docs.example.com/slow", prompt: "x" }, context);
  assert.equal(result.isError && result.code, "timeout");
  assert.match(result.content, /did not finish within 0\.3 s/);
  assert.equal(slowResponses, 1);
});

test("an interrupted fetch ends with an aborted result", async () => {
  const { tool } = setup([]);
  const controller = new AbortController();
  const pending = run(
    tool,
    { url: "https://docs.example.com/slow", prompt: "x" },
    makeContext("/tmp", { signal: controller.signal }),
  );
  while (slowResponses < 2) await new Promise((resolve) => setImmediate(resolve));
  controller.abort();
  const result = await pending;
  assert.equal(result.isError && result.code, "aborted");
});

test("redirects: same host followed, another host reported, loops stopped", async () => {
  const { tool } = setup([{ text: "notes" }]);
  const moved = await run(tool, { url: "https://docs.example.com/moved", prompt: "x" }, context);
  assert.equal(moved.isError, false);
  assert.match(moved.content, /^Fetched https:\/\/docs\.example\.com\/notes\.txt/);
  const elsewhere = await run(tool, { url: "https://docs.example.com/elsewhere", prompt: "x" }, context);
  assert.equal(elsewhere.isError, false);
  assert.match(elsewhere.content, /to a different host: https:\/\/other\.example\.org\/page/);
  assert.match(elsewhere.content, /call WebFetch again with url "https:\/\/other\.example\.org\/page"/);
  const loops = setup([], { maxRedirects: 3 }).tool;
  const before = server.hits.length;
  const loop = await run(loops, { url: "https://docs.example.com/loop", prompt: "x" }, context);
  assert.equal(loop.isError && loop.code, "too_many_redirects");
  assert.equal(server.hits.length - before, 4, "the first request and three redirects");
});

test("HTTP errors are error results with the status and the start of the page", async () => {
  const { tool } = setup([]);
  const result = await run(tool, { url: "https://docs.example.com/missing", prompt: "x" }, context);
  assert.equal(result.isError && result.code, "http_error");
  assert.match(result.content, /HTTP 404 from https:\/\/docs\.example\.com\/missing\.\n# Not Found/);
});

test("pages are cached for 15 minutes per URL, whatever the prompt", async () => {
  let now = 1_000_000;
  const { tool, client } = setup([{ text: "one" }, { text: "two" }, { text: "three" }], { now: () => now });
  const hits = () => server.hits.filter((hit) => hit.path === "/notes.txt").length;
  const start = hits();
  await run(tool, { url: "https://docs.example.com/notes.txt", prompt: "first" }, context);
  now += 14 * 60 * 1000;
  const second = await run(tool, { url: "https://docs.example.com/notes.txt", prompt: "second" }, context);
  assert.match(second.content, /two$/);
  assert.equal(hits() - start, 1, "served from the cache");
  assert.match(condenseInput(client), /second$/);
  now += 2 * 60 * 1000;
  await run(tool, { url: "https://docs.example.com/notes.txt", prompt: "third" }, context);
  assert.equal(hits() - start, 2, "fetched again after 15 minutes");
});

test("when condensing fails the page itself comes back, with the reason", async () => {
  const { tool } = setup([]);
  const result = await run(tool, { url: "https://docs.example.com/notes.txt", prompt: "x" }, context);
  assert.equal(result.isError, false);
  assert.match(result.content, /could not be condensed \(scripted model: the script has no turn 1\)/);
  assert.match(result.content, /line one\nline two$/);
});

test("a page without readable text (a JavaScript app shell) says so without a side request", async () => {
  const { tool, client } = setup([]);
  const result = await run(tool, { url: "https://docs.example.com/app", prompt: "x" }, context);
  assert.equal(result.isError, false);
  assert.match(result.content, /no readable text \(it may be built by JavaScript/);
  assert.equal(client.requests.length, 0);
});
