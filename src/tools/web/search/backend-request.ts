// One JSON request to a search API the user configured (Brave, Tavily, a SearXNG URL): through the
// same resolver, connector and proxies as WebFetch, with private addresses allowed (a self-hosted
// SearXNG usually is one) but link-local and metadata addresses still refused; size and time capped.
import { errorMessage } from "../../../util/index.js";
import type { ToolErrorCode } from "../../tool-error-code.js";
import type { Connector } from "../connector.js";
import { guardHost, type Resolver } from "../host-guard.js";
import { httpRequest } from "../http-request.js";

export type BackendTransport = {
  resolver: Resolver;
  connector: Connector;
  userAgent: string;
  timeoutMs: number;
};

type JsonResponse =
  | { ok: true; status: number; json: unknown; text: string }
  | { ok: false; code: ToolErrorCode; message: string };

const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export async function requestJson(
  url: URL,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  transport: BackendTransport,
  signal: AbortSignal,
  label: string,
): Promise<JsonResponse> {
  const timeout = AbortSignal.timeout(transport.timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  const guard = await guardHost(url.hostname, {
    resolver: transport.resolver,
    allowPrivateNetwork: true,
    signal: combined,
  });
  if (!guard.ok) return { ok: false, code: guard.code, message: `${label}: ${guard.message}` };
  try {
    const response = await httpRequest({
      url,
      addresses: guard.addresses,
      connector: transport.connector,
      maxBytes: MAX_RESPONSE_BYTES,
      userAgent: transport.userAgent,
      accept: "application/json",
      signal: combined,
      method: init.method,
      headers: init.headers,
      body: init.body,
    });
    const text = response.body.toString("utf8");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { ok: true, status: response.status, json, text };
  } catch (error) {
    if (signal.aborted) return { ok: false, code: "aborted", message: "The search was interrupted." };
    if (timeout.aborted)
      return {
        ok: false,
        code: "timeout",
        message: `${label} did not answer within ${transport.timeoutMs / 1000} s.`,
      };
    return {
      ok: false,
      code: "search_failed",
      message: `${label} could not be reached: ${errorMessage(error)}.`,
    };
  }
}

/** The readable part of an API's error body: common JSON shapes, else the start of the text. */
export function errorDetail(json: unknown, text: string): string {
  const value = json as Record<string, unknown> | undefined;
  const candidates = [
    (value?.error as Record<string, unknown> | undefined)?.detail,
    (value?.error as Record<string, unknown> | undefined)?.message,
    (value?.detail as Record<string, unknown> | undefined)?.error,
    value?.detail,
    value?.message,
    value?.error,
  ];
  const found = candidates.find((candidate) => typeof candidate === "string" && candidate.trim() !== "");
  return typeof found === "string"
    ? found
    : text
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 200);
}

/** The coded failure for a key-authenticated API's answer, or undefined for a usable 200 with JSON:
 *  401/403 name the key's variable, rate limits say to wait, anything else quotes the API's error. */
export function apiFailure(
  response: Extract<JsonResponse, { ok: true }>,
  label: string,
  keyVariable: string,
  rateLimitStatuses: number[] = [429],
): { ok: false; code: ToolErrorCode; message: string } | undefined {
  const detail = () => errorDetail(response.json, response.text);
  if (response.status === 401 || response.status === 403)
    return {
      ok: false,
      code: "search_auth",
      message: `${label} refused the key (HTTP ${response.status}: ${detail()}); check ${keyVariable}.`,
    };
  if (rateLimitStatuses.includes(response.status))
    return {
      ok: false,
      code: "rate_limited",
      message: `${label}: rate limited (HTTP ${response.status}: ${detail()}); try again later.`,
    };
  if (response.status !== 200 || typeof response.json !== "object" || response.json === null)
    return {
      ok: false,
      code: "search_failed",
      message: `${label} answered HTTP ${response.status}: ${detail()}`,
    };
  return undefined;
}
