// The WebFetch tool (Claude Code's shape: `url`, `prompt`): fetches a page through the SSRF guard
// (fetch-page.ts), converts it by content type (page-content.ts), caches it for 15 minutes per URL and
// answers the prompt about it through a side request to the model (condense-page.ts). Network
// access asks for permission like a write tool; `WebFetch(domain:…)` rules allow or deny hosts.
import { z } from "zod";
import type { ModelClient } from "../../model/index.js";
import { firstPart } from "../../util/index.js";
import { defineTool, fail, ok, type Tool, type ToolResult } from "../tool.js";
import { condensePage } from "./condense-page.js";
import { type Connector, createConnector } from "./connector.js";
import { FETCH_CACHE_TTL_MS, FetchCache } from "./fetch-cache.js";
import { fetchPage, parseWebUrl } from "./fetch-page.js";
import { type Resolver, systemResolver } from "./host-guard.js";
import { imageResult } from "./image-result.js";
import { type PageContent, pageContent } from "./page-content.js";

export type WebFetchOptions = {
  /** The client for the condensing side request (a small, fast model when configured). */
  condenser: () => ModelClient;
  /** Whether the session's current model reads images (fetched images are attached only then). */
  acceptsImages?: () => boolean;
  /** settings `webFetch.allowPrivateNetwork`: loopback, private, unique-local and CGNAT addresses. */
  allowPrivateNetwork: boolean;
  resolver?: Resolver;
  connector?: Connector;
  userAgent?: string;
  now?: () => number;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
};

const WEB_FETCH_LIMITS = { maxBytes: 10 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 10 };
/** Raw page text shown when condensing fails. */
const RAW_FALLBACK_CHARS = 30_000;

const schema = z.strictObject({
  url: z.string().describe("http(s) URL; http is upgraded to https for public hosts"),
  prompt: z.string().min(1).describe("What to extract or answer from the page"),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as webFetchSchema };

type Input = z.infer<typeof schema>;
type Fetched = {
  url: string;
  status: number;
  mediaType: string;
  bytes: number;
  truncated: boolean;
  content: PageContent;
};

const DESCRIPTION = `Fetches a web page and answers a prompt about it: a fast model reads the page (HTML as Markdown) and you get its answer, not the raw page; an image is shown to you.
- Public addresses only, unless the user allowed private networks.
- A redirect to another host is not followed: the result names the URL to fetch instead.
- Pages are cached for 15 minutes. Read-only. Prefer an MCP tool for a site when there is one (private or authenticated pages need one).`;

function size(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type Limits = typeof WEB_FETCH_LIMITS;
type TextContent = Extract<PageContent, { kind: "text" }>;
type FetchData = { url: string; finalUrl: string; status: number; contentType: string; bytes: number };

export function createWebFetchTool(options: WebFetchOptions): Tool<Input> {
  const limits = { ...WEB_FETCH_LIMITS, ...definedLimits(options) };
  const load = createPageLoader(options, limits);
  return defineTool<Input>({
    name: "WebFetch",
    description: DESCRIPTION,
    schema,
    isReadOnly: () => false,
    summary: (input) => input.url,
    async execute(input, context) {
      const parsed = parseWebUrl(input.url);
      if (!parsed.ok) return fail("invalid_url", `${parsed.message}.`);
      const loaded = await load(parsed.url, context.signal);
      if ("isError" in loaded) return loaded;
      const { content } = loaded;
      const header = `Fetched ${loaded.url} (HTTP ${loaded.status}, ${loaded.mediaType}, ${size(loaded.bytes)})`;
      const data: FetchData = {
        url: parsed.url.href,
        finalUrl: loaded.url,
        status: loaded.status,
        contentType: loaded.mediaType,
        bytes: loaded.bytes,
      };
      if (content.kind === "unsupported")
        return fail("unsupported_content_type", `${header}: ${content.reason}.`, data);
      if (content.kind === "image") {
        if (loaded.truncated)
          return fail(
            "response_too_large",
            `${header}: the image is larger than ${size(limits.maxBytes)}.`,
            data,
          );
        return imageResult(header, content, data, options.acceptsImages?.() ?? true);
      }
      return answerFromText({ header, data, loaded, content }, input.prompt, context.signal, options, limits);
    },
  });
}

/** Fetches a URL through the SSRF guard, or takes it from the 15-minute cache, and converts it by content type. */
function createPageLoader(
  options: WebFetchOptions,
  limits: Limits,
): (url: URL, signal: AbortSignal) => Promise<Fetched | ToolResult> {
  const resolver = options.resolver ?? systemResolver;
  const connector = options.connector ?? createConnector();
  const cache = new FetchCache<Fetched>({
    ttlMs: FETCH_CACHE_TTL_MS,
    maxEntries: 64,
    maxBytes: 50 * 1024 * 1024,
    now: options.now ?? Date.now,
  });

  return async function load(url, signal) {
    const cached = cache.get(url.href);
    if (cached) return cached;
    const result = await fetchPage(url, {
      resolver,
      connector,
      allowPrivateNetwork: options.allowPrivateNetwork,
      maxBytes: limits.maxBytes,
      maxRedirects: limits.maxRedirects,
      timeoutMs: limits.timeoutMs,
      userAgent: options.userAgent ?? "reagent-WebFetch",
      signal,
    });
    if (result.kind === "error") return fail(result.code, result.message, { url: url.href });
    if (result.kind === "redirect")
      return ok(
        `${result.from} redirected (HTTP ${result.status}) to a different host: ${result.to}\n` +
          `The redirect was not followed. To fetch it, call WebFetch again with url "${result.to}".`,
        { url: url.href, redirect: result },
      );
    const { response } = result;
    const contentType = response.headers["content-type"];
    const content = await pageContent(response.body, contentType, result.url);
    const mediaType = firstPart(contentType ?? "", ";").trim() || "unknown type";
    if (response.status >= 400) {
      const excerpt = content.kind === "text" ? `\n${content.text.slice(0, 1000)}` : "";
      return fail("http_error", `HTTP ${response.status} from ${result.url}.${excerpt}`, {
        url: url.href,
        status: response.status,
      });
    }
    const fetched: Fetched = {
      url: result.url,
      status: response.status,
      mediaType,
      bytes: response.body.length,
      truncated: response.truncated,
      content,
    };
    if (content.kind !== "unsupported") cache.set(url.href, fetched, response.body.length);
    return fetched;
  };
}

/** A text page: the condensing model's answer to the prompt, or the raw text when condensing fails. */
async function answerFromText(
  page: { header: string; data: FetchData; loaded: Fetched; content: TextContent },
  prompt: string,
  signal: AbortSignal,
  options: WebFetchOptions,
  limits: Limits,
): Promise<ToolResult> {
  const { header, data, loaded, content } = page;
  if (content.text.trim() === "")
    return ok(
      `${header}: the page has no readable text (it may be built by JavaScript, which WebFetch does not run).`,
      { ...data, condensed: false },
    );
  const cut = loaded.truncated
    ? `\n(The response was larger than ${size(limits.maxBytes)}; only the first part was read.)`
    : "";
  const condenser = options.condenser();
  const condensed = await condensePage(
    condenser,
    { url: loaded.url, title: content.title, text: content.text },
    prompt,
    signal,
  );
  if (condensed.ok)
    return {
      ...ok(`${header}${cut}\n\n${condensed.text}`, { ...data, condensed: true }),
      usage: [{ model: condenser.model, usage: condensed.usage }],
    };
  if (signal.aborted) return fail("aborted", "The fetch was interrupted.");
  const raw =
    content.text.length > RAW_FALLBACK_CHARS
      ? `${content.text.slice(0, RAW_FALLBACK_CHARS)}\n[… cut at ${RAW_FALLBACK_CHARS} characters]`
      : content.text;
  return ok(
    `${header}${cut}\nThe page could not be condensed (${condensed.error}); its ${content.format === "markdown" ? "Markdown" : "text"} follows.\n\n${raw}`,
    { ...data, condensed: false },
  );
}

function definedLimits(options: WebFetchOptions) {
  const out: Partial<typeof WEB_FETCH_LIMITS> = {};
  if (options.maxBytes !== undefined) out.maxBytes = options.maxBytes;
  if (options.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  if (options.maxRedirects !== undefined) out.maxRedirects = options.maxRedirects;
  return out;
}
