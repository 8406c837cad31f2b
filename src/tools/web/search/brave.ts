// Brave Search API backend: GET /res/v1/web/search with the key in X-Subscription-Token. Brave takes
// at most 400 characters and 50 words per query and up to 20 results; domain lists become `site:` /
// `-site:` operators and are applied to the results again.
import { apiFailure, type BackendTransport, requestJson } from "./backend-request.js";
import { filterHits, type SearchBackend, type SearchHit } from "./search-backend.js";

const DEFAULT_BRAVE_BASE_URL = "https://api.search.brave.com";
const RESULT_COUNT = 10;

type BraveResult = {
  title?: unknown;
  url?: unknown;
  description?: unknown;
  age?: unknown;
  extra_snippets?: unknown;
};

/** Brave marks matched words with <strong>; the model gets plain text. */
function plain(text: unknown): string {
  return typeof text === "string"
    ? text
        .replace(/<\/?strong>/g, "")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
    : "";
}

function braveQuery(query: string, allowed: string[], blocked: string[]): string {
  const parts = [query.trim()];
  if (allowed.length === 1) parts.push(`site:${allowed[0]}`);
  for (const domain of blocked) parts.push(`-site:${domain}`);
  return parts.join(" ");
}

export function createBraveBackend(options: {
  apiKey: string;
  baseUrl?: string;
  transport: BackendTransport;
}): SearchBackend {
  const label = "Brave Search API";
  return {
    name: "brave",
    label,
    async search(request) {
      const query = braveQuery(request.query, request.allowedDomains, request.blockedDomains);
      if (query.length > 400 || query.split(/\s+/).length > 50)
        return {
          ok: false,
          code: "invalid_query",
          message: `${label} accepts at most 400 characters and 50 words per query; shorten it.`,
        };
      const url = new URL("/res/v1/web/search", options.baseUrl ?? DEFAULT_BRAVE_BASE_URL);
      url.searchParams.set("q", query);
      url.searchParams.set("count", String(RESULT_COUNT));
      const response = await requestJson(
        url,
        { method: "GET", headers: { "x-subscription-token": options.apiKey } },
        options.transport,
        request.signal,
        label,
      );
      if (!response.ok) return response;
      const failed = apiFailure(response, label, "BRAVE_API_KEY");
      if (failed) return failed;
      const web = (response.json as { web?: { results?: unknown } }).web;
      const results = Array.isArray(web?.results) ? (web.results as BraveResult[]) : [];
      const hits: SearchHit[] = results.flatMap((result) => {
        if (typeof result.url !== "string") return [];
        const extra = Array.isArray(result.extra_snippets)
          ? result.extra_snippets.map(plain).filter(Boolean)
          : [];
        const snippet = [plain(result.description), ...extra.slice(0, 2)].filter(Boolean).join(" … ");
        const age = typeof result.age === "string" ? result.age : undefined;
        return [
          { title: plain(result.title) || result.url, url: result.url, snippet, ...(age ? { age } : {}) },
        ];
      });
      return { ok: true, hits: filterHits(hits, request), searches: 1 };
    },
  };
}
