// Recognises a provider's "the request is larger than the context window" rejection, so the
// session can compact and retry once. Adapters classify most of these as `context_length`;
// the message patterns catch servers (vLLM, llama.cpp, proxies) that only say it in prose.
import type { ModelError } from "../model/index.js";

const CONTEXT_LENGTH_PATTERNS: readonly RegExp[] = [
  /prompt is too long/i,
  /input is too long/i,
  /context[ _-]length/i,
  /context[ _-]window/i,
  /context size/i,
  /maximum context/i,
  /max(imum)?[ _-]model[ _-]len/i,
  /exceeds? the (model'?s? )?(maximum|max|context)/i,
  /reduce the length of the (messages|prompt|input)/i,
  /too many (input )?tokens in (the )?(prompt|request|input)/i,
  /request too large/i,
];

/** Kinds that are never about request size, whatever their message says (e.g. tokens-per-minute limits). */
const UNRELATED_KINDS = new Set<ModelError["kind"]>([
  "auth",
  "rate_limit",
  "overloaded",
  "network",
  "aborted",
]);

export function isContextLengthError(error: ModelError): boolean {
  if (error.kind === "context_length") return true;
  if (UNRELATED_KINDS.has(error.kind)) return false;
  if (error.status === 413) return true;
  return CONTEXT_LENGTH_PATTERNS.some((pattern) => pattern.test(error.message));
}
