// The shared retry policy: retry-after parsing (seconds, HTTP date, milliseconds), exponential
// backoff with cap and jitter, and the status classification both adapters rely on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { backoffDelay, defaultRetryPolicy, parseRetryAfter } from "../../src/providers/retry.js";
import { classifyHttpStatus, type ProviderLabels } from "../../src/providers/retry-classify.js";

const headers = (values: Record<string, string>) => new Headers(values);

test("retry-after in seconds, as an HTTP date, and retry-after-ms", () => {
  assert.equal(parseRetryAfter(headers({ "retry-after": "3" })), 3000);
  assert.equal(parseRetryAfter(headers({ "retry-after": "0.5" })), 500);
  const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
  assert.equal(parseRetryAfter(headers({ "retry-after": "Wed, 21 Oct 2026 07:28:07 GMT" }), now), 7000);
  assert.equal(parseRetryAfter(headers({ "retry-after": "Wed, 21 Oct 2026 07:27:00 GMT" }), now), 0);
  assert.equal(parseRetryAfter(headers({ "retry-after-ms": "250", "retry-after": "9" })), 250);
  assert.equal(parseRetryAfter(headers({ "retry-after": "soon" })), undefined);
  assert.equal(parseRetryAfter(headers({})), undefined);
});

test("backoff doubles from the base, is capped, jittered down by at most a quarter", () => {
  const policy = { ...defaultRetryPolicy, random: () => 0 };
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7].map((retry) => backoffDelay(retry, policy)),
    [500, 1000, 2000, 4000, 8000, 16000, 20000],
  );
  const jittered = backoffDelay(2, { ...defaultRetryPolicy, random: () => 0.999 });
  assert.ok(jittered >= 750 && jittered < 1000);
  assert.equal(backoffDelay(3, policy, 1234), 1234, "retry-after wins over the computed delay");
  assert.equal(backoffDelay(1, policy, 3_600_000), 500, "an hour-long retry-after falls back to backoff");
});

test("status classification: transient, auth, bad request, context length", () => {
  const labels: ProviderLabels = {
    name: "Anthropic",
    apiKeyVariable: "ANTHROPIC_API_KEY",
    baseUrlVariable: "ANTHROPIC_BASE_URL",
    baseURL: "http://127.0.0.1:1",
  };
  const kinds = [429, 500, 502, 529, 408, 401, 403, 400, 404, 422].map((status) => {
    const failure = classifyHttpStatus(status, "msg", undefined, labels);
    return [status, failure.error.kind, failure.retryable];
  });
  assert.deepEqual(kinds, [
    [429, "rate_limit", true],
    [500, "server", true],
    [502, "server", true],
    [529, "overloaded", true],
    [408, "network", true],
    [401, "auth", false],
    [403, "auth", false],
    [400, "bad_request", false],
    [404, "bad_request", false],
    [422, "bad_request", false],
  ]);
  const tooLong = classifyHttpStatus(
    400,
    "This model's maximum context length is 8192 tokens",
    undefined,
    labels,
  );
  assert.equal(tooLong.error.kind, "context_length");
  const limited = classifyHttpStatus(429, "slow down", headers({ "retry-after": "2" }), labels);
  assert.equal(limited.retryAfterMs, 2000);
});
