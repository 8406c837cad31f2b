// The contract between the WebSearch tool and its backends (Anthropic's server-side search, Brave,
// Tavily, SearXNG): a query with optional domain lists in, titles/URLs/snippets (and the provider's
// cited answer, if any) out; failures are coded outcomes, never exceptions.
import type { SideUsage } from "../../../model/index.js";
import type { ToolErrorCode } from "../../tool-error-code.js";

export type SearchHit = { title: string; url: string; snippet: string; age?: string };

type SearchRequest = {
  query: string;
  allowedDomains: string[];
  blockedDomains: string[];
  signal: AbortSignal;
};

export type SearchOutcome =
  | {
      ok: true;
      hits: SearchHit[];
      /** A written answer with its sources marked (Anthropic's search), shown after the list. */
      answer?: string;
      /** Searches the provider ran (Anthropic may search more than once for one query). */
      searches?: number;
      /** Problems that did not stop the search (e.g. one of several searches failed). */
      notes?: string[];
      /** Model usage of the backend's own requests (Anthropic's server-side search). */
      usage?: SideUsage[];
    }
  | { ok: false; code: ToolErrorCode; message: string; usage?: SideUsage[] };

export interface SearchBackend {
  /** `anthropic`, `brave`, `tavily` or `searxng`. */
  readonly name: string;
  /** How /status and results name it, e.g. "Brave Search API". */
  readonly label: string;
  search(request: SearchRequest): Promise<SearchOutcome>;
}

/** Does `host` belong to `domain` (the domain itself or a subdomain)? Leading `*.` and dots are ignored. */
function hostInDomain(host: string, domain: string): boolean {
  const bare = domain
    .trim()
    .toLowerCase()
    .replace(/^\*?\./, "")
    .replace(/\.$/, "");
  const name = host.toLowerCase().replace(/\.$/, "");
  return bare !== "" && (name === bare || name.endsWith(`.${bare}`));
}

/** Applies the domain lists to results (backends that cannot filter server-side rely on this). */
export function filterHits(
  hits: SearchHit[],
  request: Pick<SearchRequest, "allowedDomains" | "blockedDomains">,
) {
  return hits.filter((hit) => {
    let host: string;
    try {
      host = new URL(hit.url).hostname;
    } catch {
      return false;
    }
    if (request.blockedDomains.some((domain) => hostInDomain(host, domain))) return false;
    return (
      request.allowedDomains.length === 0 ||
      request.allowedDomains.some((domain) => hostInDomain(host, domain))
    );
  });
}

/** A result from an API's loosely typed fields; undefined without a URL. */
export function toHit(url: unknown, title: unknown, snippet: unknown, age: unknown): SearchHit | undefined {
  if (typeof url !== "string") return undefined;
  return {
    title: typeof title === "string" && title !== "" ? title : url,
    url,
    snippet: typeof snippet === "string" ? snippet : "",
    ...(typeof age === "string" && age !== "" ? { age } : {}),
  };
}
