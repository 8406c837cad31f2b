// Tavily search backend: POST /search with a JSON body and `Authorization: Bearer <key>`; domain
// lists go to include_domains / exclude_domains (and are applied to the results again).
import { type BackendTransport, errorDetail, requestJson } from "./backend-request.js";
import { filterHits, type SearchBackend, type SearchHit } from "./search-backend.js";

export const DEFAULT_TAVILY_BASE_URL = "https://api.tavily.com";

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
      if (response.status === 401 || response.status === 403)
        return {
          ok: false,
          code: "search_auth",
          message: `${label} refused the key (HTTP ${response.status}: ${errorDetail(response.json, response.text)}); check TAVILY_API_KEY.`,
        };
      if (response.status === 429 || response.status === 432 || response.status === 433)
        return {
          ok: false,
          code: "rate_limited",
          message: `${label}: ${errorDetail(response.json, response.text)} (HTTP ${response.status}).`,
        };
      if (response.status !== 200 || typeof response.json !== "object" || response.json === null)
        return {
          ok: false,
          code: "search_failed",
          message: `${label} answered HTTP ${response.status}: ${errorDetail(response.json, response.text)}`,
        };
      const results = (response.json as { results?: unknown }).results;
      const hits: SearchHit[] = (Array.isArray(results) ? (results as TavilyResult[]) : []).flatMap(
        (result) => {
          if (typeof result.url !== "string") return [];
          const age = typeof result.published_date === "string" ? result.published_date : undefined;
          return [
            {
              title: typeof result.title === "string" && result.title !== "" ? result.title : result.url,
              url: result.url,
              snippet: typeof result.content === "string" ? result.content : "",
              ...(age ? { age } : {}),
            },
          ];
        },
      );
      return { ok: true, hits: filterHits(hits, request), searches: 1 };
    },
  };
}
