// Fetches one URL safely: parses it (http/https only, no credentials), checks every address of every
// hop with the guard before connecting to exactly those addresses, upgrades http to https for public
// hosts, follows redirects on the same host up to a limit and reports a redirect to another host
// instead of following it. Caps the body size and the total time. Never throws.
import { errorMessage } from "../../util/index.js";
import type { ToolErrorCode } from "../tool-error-code.js";
import type { Connector } from "./connector.js";
import { bareHost, guardHost, type Resolver } from "./host-guard.js";
import { type HttpResponse, httpRequest } from "./http-request.js";

type FetchPageOptions = {
  resolver: Resolver;
  connector: Connector;
  allowPrivateNetwork: boolean;
  maxBytes: number;
  maxRedirects: number;
  timeoutMs: number;
  userAgent: string;
  signal: AbortSignal;
};

type FetchPageResult =
  | { kind: "page"; url: string; response: HttpResponse }
  | { kind: "redirect"; from: string; to: string; status: number }
  | { kind: "error"; code: ToolErrorCode; message: string };

const ACCEPT =
  "text/markdown, text/html;q=0.9, application/json;q=0.9, text/plain;q=0.8, image/*;q=0.7, */*;q=0.1";

/** Parses and normalises a URL the model gave (WHATWG rules: `0x7f.1`, `2130706433`, `%31` hosts are decoded here). */
export function parseWebUrl(text: string): { ok: true; url: URL } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return {
      ok: false,
      message: `"${text}" is not a valid URL; give a full URL such as https://example.com/page`,
    };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, message: `${url.protocol} URLs are not fetched; only http and https` };
  if (url.username !== "" || url.password !== "")
    return { ok: false, message: "URLs with a user name or password are not fetched" };
  if (bareHost(url.hostname) === "") return { ok: false, message: `"${text}" has no host` };
  url.hash = "";
  return { ok: true, url };
}

function defaultPort(url: URL): string {
  return url.port !== "" ? url.port : url.protocol === "https:" ? "443" : "80";
}

/** A redirect stays on the same host when the host matches and the port matches (an http→https move of
 *  the default ports counts as the same). */
function sameHost(from: URL, to: URL): boolean {
  if (bareHost(from.hostname) !== bareHost(to.hostname)) return false;
  if (from.port === "" && to.port === "") return true;
  return defaultPort(from) === defaultPort(to);
}

export async function fetchPage(start: URL, options: FetchPageOptions): Promise<FetchPageResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  const failed = (error: unknown): FetchPageResult => {
    if (options.signal.aborted)
      return { kind: "error", code: "aborted", message: "The fetch was interrupted." };
    if (timeout.aborted)
      return {
        kind: "error",
        code: "timeout",
        message: `The fetch of ${start.href} did not finish within ${options.timeoutMs / 1000} s.`,
      };
    return {
      kind: "error",
      code: "fetch_failed",
      message: `Fetching ${start.href} failed: ${errorMessage(error)}.`,
    };
  };
  let url = new URL(start.href);
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    const guard = await guardHost(url.hostname, {
      resolver: options.resolver,
      allowPrivateNetwork: options.allowPrivateNetwork,
      signal,
    });
    if (signal.aborted) return failed(undefined);
    if (!guard.ok) return { kind: "error", code: guard.code, message: guard.message };
    // Public hosts are always fetched over https (an explicit non-default port is left alone).
    if (url.protocol === "http:" && !guard.private && url.port === "") url.protocol = "https:";
    let response: HttpResponse;
    try {
      response = await httpRequest({
        url,
        addresses: guard.addresses,
        connector: options.connector,
        maxBytes: options.maxBytes,
        userAgent: options.userAgent,
        accept: ACCEPT,
        signal,
      });
    } catch (error) {
      return failed(error);
    }
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || typeof location !== "string")
      return { kind: "page", url: url.href, response };
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return {
        kind: "error",
        code: "bad_redirect",
        message: `${url.href} redirects to an invalid URL: ${location}`,
      };
    }
    next.hash = "";
    const parsed = parseWebUrl(next.href);
    if (!parsed.ok || !sameHost(url, next))
      return { kind: "redirect", from: url.href, to: next.href, status: response.status };
    url = parsed.url;
  }
  return {
    kind: "error",
    code: "too_many_redirects",
    message: `${start.href} redirected more than ${options.maxRedirects} times; stopped at ${url.href}.`,
  };
}
