// WebSearch with each HTTP backend against a fake of its API that enforces the real request shape
// and authentication: results, domain lists, auth failures, query limits and SearXNG's JSON switch.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createConnector } from "../../../src/tools/web/connector.js";
import { systemResolver } from "../../../src/tools/web/host-guard.js";
import type { BackendTransport } from "../../../src/tools/web/search/backend-request.js";
import { createBraveBackend } from "../../../src/tools/web/search/brave.js";
import { createSearxngBackend } from "../../../src/tools/web/search/searxng.js";
import { createTavilyBackend } from "../../../src/tools/web/search/tavily.js";
import { createWebSearchTool } from "../../../src/tools/web/web-search.js";
import {
  type FakeSearchApi,
  type SearchFixture,
  startFakeBrave,
  startFakeSearxng,
  startFakeTavily,
} from "../../support/fake-search-apis.js";
import { makeContext, run } from "../context.js";

const fixtures: SearchFixture[] = [
  {
    title: "Node.js 20 release notes",
    url: "https://nodejs.org/en/blog/release/v20.0.0",
    text: "Node.js 20 ships a stable test runner.",
    age: "2 years ago",
  },
  {
    title: "node:test docs",
    url: "https://nodejs.org/api/test.html",
    text: "The node:test module facilitates the creation of JavaScript tests.",
  },
  {
    title: "A blog post",
    url: "https://blog.example.com/node-test",
    text: "My thoughts on the test runner.",
  },
];
const transport: BackendTransport = {
  resolver: systemResolver,
  connector: createConnector(),
  userAgent: "reagent-test",
  timeoutMs: 5000,
};
const context = makeContext("/tmp");
let brave: FakeSearchApi;
let tavily: FakeSearchApi;
let searx: FakeSearchApi;
let searxOff: FakeSearchApi;
let searxLogin: FakeSearchApi;

before(async () => {
  [brave, tavily, searx, searxOff, searxLogin] = await Promise.all([
    startFakeBrave("brave-key", fixtures),
    startFakeTavily("tvly-key", fixtures),
    startFakeSearxng({ fixtures, jsonEnabled: true }),
    startFakeSearxng({ fixtures, jsonEnabled: false }),
    startFakeSearxng({ fixtures, jsonEnabled: true, login: "ada:s3cret" }),
  ]);
});
after(() => Promise.all([brave, tavily, searx, searxOff, searxLogin].map((api) => api.close())));

test("Brave: the key goes in X-Subscription-Token; titles, URLs and snippets come back as a numbered list", async () => {
  const tool = createWebSearchTool(
    createBraveBackend({ apiKey: "brave-key", baseUrl: brave.origin, transport }),
  );
  const result = await run(tool, { query: "node test runner" }, context);
  assert.equal(result.isError, false, result.content);
  assert.match(result.content, /^Web search results for "node test runner" \(Brave Search API\):/);
  assert.match(
    result.content,
    /1\. Node\.js 20 release notes\n {3}https:\/\/nodejs\.org\/en\/blog\/release\/v20\.0\.0 \(2 years ago\)\n {3}Node\.js 20 ships a stable test runner\./,
  );
  assert.doesNotMatch(result.content, /<strong>/, "Brave's highlight markup is removed");
  assert.match(result.content, /Cite the sources you use as Markdown links/);
  const request = brave.requests.at(-1)!;
  assert.equal(request.method, "GET");
  assert.match(request.path, /^\/res\/v1\/web\/search\?q=node\+test\+runner&count=10$/);
  assert.equal((result.data as { results: unknown[] }).results.length, 3);
});

test("Brave: domain lists become site: operators and filter the results; a bad key is named", async () => {
  const tool = createWebSearchTool(
    createBraveBackend({ apiKey: "brave-key", baseUrl: brave.origin, transport }),
  );
  const only = await run(tool, { query: "node test", allowed_domains: ["nodejs.org"] }, context);
  assert.match(decodeURIComponent(brave.requests.at(-1)!.path), /q=node\+test\+site:nodejs\.org/);
  assert.doesNotMatch(only.content, /blog\.example\.com/);
  const without = await run(tool, { query: "node test", blocked_domains: ["example.com"] }, context);
  assert.match(decodeURIComponent(brave.requests.at(-1)!.path), /-site:example\.com/);
  assert.doesNotMatch(without.content, /blog\.example\.com/);
  const wrongKey = createWebSearchTool(
    createBraveBackend({ apiKey: "nope", baseUrl: brave.origin, transport }),
  );
  const denied = await run(wrongKey, { query: "node test" }, context);
  assert.equal(denied.isError && denied.code, "search_auth");
  assert.match(
    denied.content,
    /HTTP 401: The provided subscription token is invalid\.\); check BRAVE_API_KEY/,
  );
  const long = await run(tool, { query: "word ".repeat(60) }, context);
  assert.equal(long.isError && long.code, "invalid_query");
});

test("Tavily: POST /search with a Bearer key and a JSON body; include_domains passed through", async () => {
  const tool = createWebSearchTool(
    createTavilyBackend({ apiKey: "tvly-key", baseUrl: tavily.origin, transport }),
  );
  const result = await run(tool, { query: "node test runner", allowed_domains: ["nodejs.org"] }, context);
  assert.equal(result.isError, false, result.content);
  const request = tavily.requests.at(-1)!;
  assert.equal(request.headers.authorization, "Bearer tvly-key");
  assert.deepEqual(JSON.parse(request.body), {
    query: "node test runner",
    max_results: 10,
    search_depth: "basic",
    include_domains: ["nodejs.org"],
  });
  assert.match(result.content, /\(Tavily\):\n\n1\. Node\.js 20 release notes/);
  assert.doesNotMatch(result.content, /blog\.example\.com/);
  const wrongKey = createWebSearchTool(
    createTavilyBackend({ apiKey: "tvly-wrong", baseUrl: tavily.origin, transport }),
  );
  const denied = await run(wrongKey, { query: "node" + "s".repeat(3) }, context);
  assert.equal(denied.isError && denied.code, "search_auth");
  assert.match(denied.content, /Unauthorized: missing or invalid API key\..*TAVILY_API_KEY/);
});

test("SearXNG: GET /search?format=json; unresponsive engines are noted; a login in the URL is sent as basic auth", async () => {
  const tool = createWebSearchTool(createSearxngBackend({ baseUrl: `${searx.origin}/`, transport }));
  const result = await run(tool, { query: "node test runner" }, context);
  assert.equal(result.isError, false, result.content);
  assert.match(searx.requests.at(-1)!.path, /^\/search\?q=node\+test\+runner&format=json$/);
  assert.match(result.content, /\(SearXNG\):/);
  assert.match(result.content, /Note: 1 search engine\(s\) of the SearXNG instance did not answer\./);
  const login = createWebSearchTool(
    createSearxngBackend({ baseUrl: searxLogin.origin.replace("http://", "http://ada:s3cret@"), transport }),
  );
  assert.equal((await run(login, { query: "node" }, context)).isError, false);
  const noLogin = createWebSearchTool(createSearxngBackend({ baseUrl: searxLogin.origin, transport }));
  const refused = await run(noLogin, { query: "node" }, context);
  assert.equal(refused.isError && refused.code, "search_auth");
});

test("SearXNG without JSON output enabled: the error says which setting to change", async () => {
  const tool = createWebSearchTool(createSearxngBackend({ baseUrl: searxOff.origin, transport }));
  const result = await run(tool, { query: "node" }, context);
  assert.equal(result.isError && result.code, "search_failed");
  assert.match(result.content, /add "json" to search\.formats in its settings\.yml/);
});

test("input checks: both domain lists, URLs as domains, an unreachable backend", async () => {
  const tool = createWebSearchTool(
    createBraveBackend({ apiKey: "brave-key", baseUrl: brave.origin, transport }),
  );
  const both = await run(
    tool,
    { query: "x y", allowed_domains: ["a.com"], blocked_domains: ["b.com"] },
    context,
  );
  assert.equal(both.isError && both.code, "invalid_input");
  const url = await run(tool, { query: "x y", allowed_domains: ["https://a.com/"] }, context);
  assert.equal(url.isError && url.code, "invalid_input");
  const gone = createWebSearchTool(
    createBraveBackend({ apiKey: "k", baseUrl: "http://127.0.0.1:9", transport }),
  );
  const unreachable = await run(gone, { query: "x y" }, context);
  assert.equal(unreachable.isError && unreachable.code, "search_failed");
  assert.match(unreachable.content, /Brave Search API could not be reached: .*ECONNREFUSED/);
  const metadata = createWebSearchTool(
    createSearxngBackend({ baseUrl: "http://169.254.169.254/", transport }),
  );
  const blocked = await run(metadata, { query: "x y" }, context);
  assert.equal(blocked.isError && blocked.code, "blocked_address");
});
