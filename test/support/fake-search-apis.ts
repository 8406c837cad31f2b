// Fake search APIs on 127.0.0.1 that enforce the real request shapes and authentication:
// Brave (GET /res/v1/web/search, X-Subscription-Token, q ≤ 400 chars and 50 words, count ≤ 20),
// Tavily (POST /search, JSON body, Authorization: Bearer, query ≤ 400 chars, max_results ≤ 20) and
// SearXNG (GET /search?format=json, 403 unless JSON is enabled, optional basic auth). Each records
// the requests it received.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type SearchFixture = { title: string; url: string; text: string; age?: string };
export type Recorded = { method: string; path: string; headers: IncomingMessage["headers"]; body: string };
export type FakeSearchApi = { origin: string; requests: Recorded[]; close(): Promise<void> };

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<FakeSearchApi> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

function braveError(res: ServerResponse, status: number, code: string, detail: string): void {
  json(res, status, {
    type: "ErrorResponse",
    error: { id: "fake", status, code, detail, meta: {} },
    time: 1,
  });
}

export function startFakeBrave(key: string, fixtures: SearchFixture[]): Promise<FakeSearchApi> {
  return serve((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method !== "GET" || url.pathname !== "/res/v1/web/search")
      return braveError(res, 404, "NOT_FOUND", "Resource not found");
    if (req.headers["x-subscription-token"] !== key)
      return braveError(
        res,
        401,
        "SUBSCRIPTION_TOKEN_INVALID",
        "The provided subscription token is invalid.",
      );
    const q = url.searchParams.get("q") ?? "";
    const count = Number(url.searchParams.get("count") ?? "20");
    if (q.trim() === "" || q.length > 400 || q.trim().split(/\s+/).length > 50)
      return braveError(res, 422, "VALIDATION", "Unable to validate request parameter(s): q");
    if (!Number.isInteger(count) || count < 1 || count > 20)
      return braveError(res, 422, "VALIDATION", "Unable to validate request parameter(s): count");
    const results = fixtures.slice(0, count).map((fixture) => ({
      type: "search_result",
      title: fixture.title.replace(/(\w+)/, "<strong>$1</strong>"),
      url: fixture.url,
      description: fixture.text,
      ...(fixture.age ? { age: fixture.age } : {}),
    }));
    json(res, 200, { type: "search", query: { original: q }, web: { type: "search", results } });
  });
}

export function startFakeTavily(key: string, fixtures: SearchFixture[]): Promise<FakeSearchApi> {
  return serve((req, res, body) => {
    if (req.method !== "POST" || req.url !== "/search") return json(res, 404, { detail: "Not Found" });
    if (req.headers.authorization !== `Bearer ${key}`)
      return json(res, 401, { detail: { error: "Unauthorized: missing or invalid API key." } });
    if (!String(req.headers["content-type"]).startsWith("application/json"))
      return json(res, 400, { detail: { error: "Content-Type must be application/json" } });
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body);
    } catch {
      return json(res, 400, { detail: { error: "Invalid JSON body" } });
    }
    if (typeof request.query !== "string" || request.query.trim() === "")
      return json(res, 400, { detail: { error: "Query is missing." } });
    if (request.query.length > 400)
      return json(res, 400, { detail: { error: "Query is too long. Max query length is 400 characters." } });
    const max = request.max_results ?? 5;
    if (typeof max !== "number" || max < 0 || max > 20)
      return json(res, 400, { detail: { error: "max_results must be between 0 and 20" } });
    const include = (request.include_domains as string[] | undefined) ?? [];
    const results = fixtures
      .filter(
        (fixture) =>
          include.length === 0 || include.some((domain) => new URL(fixture.url).hostname.endsWith(domain)),
      )
      .slice(0, max)
      .map((fixture, index) => ({
        title: fixture.title,
        url: fixture.url,
        content: fixture.text,
        score: 1 - index / 10,
        raw_content: null,
      }));
    json(res, 200, { query: request.query, answer: null, images: [], results, response_time: 0.5 });
  });
}

export function startFakeSearxng(options: {
  fixtures: SearchFixture[];
  jsonEnabled: boolean;
  login?: string;
}): Promise<FakeSearchApi> {
  return serve((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (
      options.login &&
      req.headers.authorization !== `Basic ${Buffer.from(options.login).toString("base64")}`
    ) {
      res.writeHead(401, { "www-authenticate": 'Basic realm="searxng"' });
      return res.end("Unauthorized");
    }
    if (url.pathname !== "/search") {
      res.writeHead(404);
      return res.end();
    }
    if (url.searchParams.get("format") === "json" && !options.jsonEnabled) {
      res.writeHead(403, { "content-type": "text/html" });
      return res.end("<html><body><h1>403 Forbidden</h1></body></html>");
    }
    if (url.searchParams.get("format") !== "json") {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("<html>results page</html>");
    }
    const q = url.searchParams.get("q") ?? "";
    if (q === "") return json(res, 400, { error: "search query is missing" });
    const results = options.fixtures.map((fixture) => ({
      url: fixture.url,
      title: fixture.title,
      content: fixture.text,
      engine: "duckduckgo",
      engines: ["duckduckgo"],
      score: 1,
      category: "general",
      ...(fixture.age ? { publishedDate: fixture.age } : {}),
    }));
    json(res, 200, {
      query: q,
      number_of_results: results.length,
      results,
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [["brave", "timeout"]],
    });
  });
}
