// One JSON request to a search API the user configured (Brave, Tavily, a SearXNG URL): through the
// same resolver, connector and proxies as WebFetch, with private addresses allowed (a self-hosted
// SearXNG usually is one) but link-local and metadata addresses still refused; size and time capped.
import { errorMessage } from "../../../util/errors.js";
import type { Connector } from "../connector.js";
import { guardHost, type Resolver } from "../host-guard.js";
import { httpRequest } from "../http-request.js";

export type BackendTransport = {
  resolver: Resolver;
  connector: Connector;
  userAgent: string;
  timeoutMs: number;
};

export type JsonResponse =
  | { ok: true; status: number; json: unknown; text: string }
  | { ok: false; code: string; message: string };

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
