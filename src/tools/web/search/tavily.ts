// Tavily search backend: POST /search with a JSON body and `Authorization: Bearer <key>`; domain
// lists go to include_domains / exclude_domains (and are applied to the results again).
import { apiFailure, type BackendTransport, requestJson } from "./backend-request.js";
import { filterHits, type SearchBackend, toHit } from "./search-backend.js";

const DEFAULT_TAVILY_BASE_URL = "https://api.tavily.com";

type TavilyResult = { title?: unknown; url?: unknown; content?: unknown; published_date?: unknown };

export function createTavilyBackend(options: {
  apiKey: string;
  baseUrl?: string;
  transport: BackendTransport;
}): SearchBackend {
  const label = "Tavily";
  return {
    name: "tavily",
    label,
    async search(request) {
      if (request.query.length > 400)
        return {
          ok: false,
          code: "invalid_query",
          message: `${label} accepts at most 400 characters per query; shorten it.`,
        };
      const body: Record<string, unknown> = { query: request.query, max_results: 10, search_depth: "basic" };
      if (request.allowedDomains.length > 0) body.include_domains = request.allowedDomains;
      if (request.blockedDomains.length > 0) body.exclude_domains = request.blockedDomains;
      const base = options.baseUrl ?? DEFAULT_TAVILY_BASE_URL;
      const url = new URL(`${base.replace(/\/+$/, "")}/search`);
      const response = await requestJson(
        url,
        {
          method: "POST",
          headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        },
        options.transport,
        request.signal,
        label,
      );
      if (!response.ok) return response;
      // Tavily answers 432/433 when a plan's or a key's limit is reached.
      const failed = apiFailure(response, label, "TAVILY_API_KEY", [429, 432, 433]);
      if (failed) return failed;
      const results = (response.json as { results?: unknown }).results;
      const hits = (Array.isArray(results) ? (results as TavilyResult[]) : []).flatMap(
        (result) => toHit(result.url, result.title, result.content, result.published_date) ?? [],
      );
      return { ok: true, hits: filterHits(hits, request), searches: 1 };
    },
  };
}
