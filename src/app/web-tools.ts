// Builds the web tools from settings and environment: WebFetch (its SSRF guard opt-in, proxies, the
// model that condenses pages) and, when a search backend is configured, WebSearch (web-search-backend.ts).
import type { Config, EnvSnapshot } from "../config/index.js";
import type { ModelClient } from "../model/index.js";
import type { ModelClients } from "../providers/index.js";
import type { ModelSlot } from "../session/index.js";
import type { Tool } from "../tools/index.js";
import {
  chooseWebSearch,
  createConnector,
  createProxyChoice,
  createWebFetchTool,
  createWebSearchTool,
  proxyWarning,
  systemResolver,
} from "../tools/index.js";
import { packageVersion } from "../util/index.js";

export type WebToolsOptions = {
  settings: Config;
  env: EnvSnapshot;
  /** The session's current model (it may change with /model). */
  model: ModelSlot;
  clients: ModelClients;
  warnings: string[];
};

/** The client that condenses fetched pages: `webFetch.model`, else ANTHROPIC_SMALL_FAST_MODEL on
 *  Anthropic, else the session's own model (read at each fetch: it follows /model). */
async function condenserFor(options: WebToolsOptions): Promise<() => ModelClient> {
  const current = options.model.current;
  const configured =
    options.settings.merged.webFetch?.model ??
    (current.provider === "anthropic" ? options.env.smallFastModel : undefined);
  if (!configured) return () => options.model.current;
  const client = await options.clients.forTask(configured, current);
  return client === current ? () => options.model.current : () => client;
}

export type WebTools = { tools: Tool[]; webSearchStatus: string };

/** `webFetch.allowPrivateNetwork` from your own settings only (user, local, --settings): a shared
 *  project file, which comes with a cloned repository, cannot open the private network to the model;
 *  one that tries is named in a warning. The last layer that sets it wins. */
export function allowPrivateNetwork(settings: Config, warnings: string[]): boolean {
  let allowed = false;
  for (const layer of settings.layers) {
    const value = layer.data.webFetch?.allowPrivateNetwork;
    if (typeof value !== "boolean") continue;
    if (layer.scope === "project") {
      if (value)
        warnings.push(
          `${layer.source}: webFetch.allowPrivateNetwork is ignored in a shared project file; set it in .claude/settings.local.json, .agents/settings.local.json or your user settings`,
        );
      continue;
    }
    allowed = value;
  }
  return allowed;
}

export async function createWebTools(options: WebToolsOptions): Promise<WebTools> {
  const { env } = options;
  const proxies = { httpsProxy: env.httpsProxy, httpProxy: env.httpProxy, noProxy: env.noProxy };
  const warning = proxyWarning(proxies);
  if (warning) options.warnings.push(warning);
  const connector = createConnector({ proxy: createProxyChoice(proxies) });
  const userAgent = `reagent/${packageVersion()}`;
  const webFetch = createWebFetchTool({
    condenser: await condenserFor(options),
    allowPrivateNetwork: allowPrivateNetwork(options.settings, options.warnings),
    acceptsImages: () => options.model.current.acceptsImages !== false,
    connector,
    userAgent: `${userAgent} (WebFetch)`,
  });
  const search = chooseWebSearch({
    settings: options.settings.merged.webSearch,
    env,
    provider: options.model.current.provider,
    sessionModel: () => options.model.current,
    transport: {
      resolver: systemResolver,
      connector,
      userAgent: `${userAgent} (WebSearch)`,
      timeoutMs: 20_000,
    },
  });
  if (search.warning) options.warnings.push(search.warning);
  const tools: Tool[] = [webFetch as Tool];
  if (search.backend) tools.push(createWebSearchTool(search.backend) as Tool);
  return { tools, webSearchStatus: search.status };
}
