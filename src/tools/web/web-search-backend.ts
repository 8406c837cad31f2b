// Chooses WebSearch's backend from settings (`webSearch.provider`, `webSearch.searxngUrl`) and the
// environment (BRAVE_API_KEY, TAVILY_API_KEY, SEARXNG_URL): an explicit provider wins; otherwise
// Anthropic's server-side search on Anthropic models, then Brave, Tavily, SearXNG — whichever is set.
// Without one the tool is not offered, and the status line says how to turn it on.
import type { ModelClient } from "../../model/index.js";
import { present } from "../../util/index.js";
import { createAnthropicSearchBackend } from "./search/anthropic-search.js";
import type { BackendTransport } from "./search/backend-request.js";
import { createBraveBackend } from "./search/brave.js";
import type { SearchBackend } from "./search/search-backend.js";
import { createSearxngBackend } from "./search/searxng.js";
import { createTavilyBackend } from "./search/tavily.js";

const WEB_SEARCH_HELP =
  'set BRAVE_API_KEY, TAVILY_API_KEY or SEARXNG_URL (or "webSearch": {"provider": …} in settings); on Anthropic models the provider\'s own web search is used';

/** Settings `webSearch` as the configuration merged it. */
type WebSearchSettings = { provider?: string; searxngUrl?: string };

/** The environment variables that name search backends. */
type WebSearchEnv = {
  braveApiKey?: string;
  braveBaseUrl?: string;
  tavilyApiKey?: string;
  tavilyBaseUrl?: string;
  searxngUrl?: string;
};

type WebSearchChoice = { backend: SearchBackend | undefined; status: string; warning?: string };

function httpUrl(value: string | undefined, variable: string): { url?: string; warning?: string } {
  if (value === undefined) return {};
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return { url: value };
  } catch {
    // reported below
  }
  return { warning: `${variable}=${value} is not an http(s) URL; WebSearch does not use it` };
}

export function chooseWebSearch(options: {
  settings: WebSearchSettings | undefined;
  env: WebSearchEnv;
  provider: string;
  sessionModel: () => ModelClient;
  transport: BackendTransport;
}): WebSearchChoice {
  const { env, transport } = options;
  const configured = options.settings;
  const searx = httpUrl(
    configured?.searxngUrl ?? env.searxngUrl,
    configured?.searxngUrl ? "webSearch.searxngUrl" : "SEARXNG_URL",
  );
  const make: Record<string, () => SearchBackend | string> = {
    anthropic: () =>
      options.provider === "anthropic"
        ? createAnthropicSearchBackend({ model: options.sessionModel })
        : `webSearch.provider "anthropic" needs the Anthropic provider (this run uses ${options.provider})`,
    brave: () =>
      env.braveApiKey
        ? createBraveBackend({ apiKey: env.braveApiKey, baseUrl: env.braveBaseUrl, transport })
        : 'webSearch.provider "brave" needs BRAVE_API_KEY',
    tavily: () =>
      env.tavilyApiKey
        ? createTavilyBackend({ apiKey: env.tavilyApiKey, baseUrl: env.tavilyBaseUrl, transport })
        : 'webSearch.provider "tavily" needs TAVILY_API_KEY',
    searxng: () =>
      searx.url
        ? createSearxngBackend({ baseUrl: searx.url, transport })
        : 'webSearch.provider "searxng" needs SEARXNG_URL or webSearch.searxngUrl',
  };
  const describe = (backend: SearchBackend): WebSearchChoice => ({
    backend,
    status: backend.label,
    ...(searx.warning ? { warning: searx.warning } : {}),
  });
  const explicit = configured?.provider;
  if (explicit === "off") return { backend: undefined, status: 'off (webSearch.provider is "off")' };
  if (explicit) {
    const made = present(make[explicit], "settings validation lets only known webSearch providers through")();
    if (typeof made === "string")
      return { backend: undefined, status: `off: ${made}`, warning: `WebSearch is off: ${made}` };
    return describe(made);
  }
  const order = [
    ...(options.provider === "anthropic" ? ["anthropic"] : []),
    ...(env.braveApiKey ? ["brave"] : []),
    ...(env.tavilyApiKey ? ["tavily"] : []),
    ...(searx.url ? ["searxng"] : []),
  ];
  for (const name of order) {
    const made = present(make[name], "the order names only backends of the table")();
    if (typeof made !== "string") return describe(made);
  }
  return {
    backend: undefined,
    status: `off: ${WEB_SEARCH_HELP}`,
    ...(searx.warning ? { warning: searx.warning } : {}),
  };
}
