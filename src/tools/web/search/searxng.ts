// SearXNG backend (a self-hosted metasearch instance): GET <url>/search?q=…&format=json. The instance
// must list `json` under `search.formats` in its settings.yml, otherwise it answers 403; a user name
// and password in the URL become HTTP basic authentication (for instances behind a login).
import { type BackendTransport, errorDetail, requestJson } from "./backend-request.js";
import { filterHits, type SearchBackend, toHit } from "./search-backend.js";

type SearxResult = { title?: unknown; url?: unknown; content?: unknown; publishedDate?: unknown };

export function createSearxngBackend(options: {
  baseUrl: string;
  transport: BackendTransport;
}): SearchBackend {
  const label = "SearXNG";
  const base = new URL(options.baseUrl);
  const credentials =
    base.username !== ""
      ? `${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`
      : undefined;
  base.username = "";
  base.password = "";
  return {
    name: "searxng",
    label,
    async search(request) {
      const url = new URL(`${base.pathname.replace(/\/+$/, "")}/search`, base);
      const query = [
        request.query.trim(),
        ...(request.allowedDomains.length === 1 ? [`site:${request.allowedDomains[0]}`] : []),
      ].join(" ");
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      const headers: Record<string, string> = {};
      if (credentials) headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
      const response = await requestJson(
        url,
        { method: "GET", headers },
        options.transport,
        request.signal,
        `${label} at ${base.origin}`,
      );
      if (!response.ok) return response;
      if (response.status === 403)
        return {
          ok: false,
          code: "search_failed",
          message: `${label} at ${base.origin} refused JSON results (HTTP 403); add "json" to search.formats in its settings.yml.`,
        };
      if (response.status === 401)
        return {
          ok: false,
          code: "search_auth",
          message: `${label} at ${base.origin} needs a login (HTTP 401); put the user name and password in SEARXNG_URL.`,
        };
      if (response.status !== 200 || typeof response.json !== "object" || response.json === null)
        return {
          ok: false,
          code: "search_failed",
          message: `${label} at ${base.origin} answered HTTP ${response.status}: ${errorDetail(response.json, response.text)}`,
        };
      const json = response.json as { results?: unknown; unresponsive_engines?: unknown };
      const hits = (Array.isArray(json.results) ? (json.results as SearxResult[]) : []).flatMap(
        (result) => toHit(result.url, result.title, result.content, result.publishedDate) ?? [],
      );
      const failing = Array.isArray(json.unresponsive_engines) ? json.unresponsive_engines.length : 0;
      const notes =
        failing > 0 ? [`${failing} search engine(s) of the SearXNG instance did not answer.`] : [];
      return { ok: true, hits: filterHits(hits, request).slice(0, 10), searches: 1, notes };
    },
  };
}
