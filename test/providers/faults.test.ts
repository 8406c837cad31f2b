// Failure handling of both adapters against the fake server: transient statuses retried with
// backoff honouring retry-after, auth and bad requests not retried, cut and malformed streams,
// refused connections, and aborts. Delays are scripted tiny.
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, describe, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import {
  collect,
  endMessage,
  errorOf,
  makeClient,
  providerNames,
  recordingTracer,
} from "./provider-harness.js";

const servers: FakeModelServer[] = [];
async function serve(script: Script): Promise<FakeModelServer> {
  const server = await startFakeModelServer(script);
  servers.push(server);
  return server;
}
after(() => Promise.all(servers.map((server) => server.close())));

async function closedPortURL(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

for (const provider of providerNames) {
  describe(`${provider} faults`, () => {
    test("429 with retry-after is retried after the server's delay, then succeeds", async () => {
      const server = await serve([{ fault: { status: 429, retry_after: 0.02 } }, { text: "ok" }]);
      const tracer = recordingTracer();
      const events = await collect(makeClient(provider, server, { tracer }));
      const retries = events.filter((event) => event.type === "retry");
      assert.equal(retries.length, 1);
      assert.deepEqual(
        { attempt: retries[0]?.attempt, delayMs: retries[0]?.delayMs },
        { attempt: 1, delayMs: 20 },
        "retry-after: 0.02 s is honoured",
      );
      assert.match(retries[0]?.reason ?? "", /429/);
      assert.equal(endMessage(events).message.content[0]?.type, "text");
      assert.equal(server.requests.length, 2);
      const traced = tracer.lines.filter((line) => line.event === "model.retry");
      assert.equal(traced.length, 1);
      assert.equal(traced[0]?.fields.attempt, 1);
      assert.equal(traced[0]?.fields.delay_ms, 20);
    });

    test("500 and 529 are retried; each retry is one event", async () => {
      const server = await serve([
        { fault: { status: 500 } },
        { fault: { status: 529 } },
        { text: "recovered" },
      ]);
      const events = await collect(makeClient(provider, server));
      const retries = events.filter((event) => event.type === "retry");
      assert.deepEqual(
        retries.map((event) => event.attempt),
        [1, 2],
      );
      assert.match(retries[0]?.reason ?? "", /500/);
      assert.match(retries[1]?.reason ?? "", /529/);
      endMessage(events);
      assert.equal(server.requests.length, 3);
    });

    test("gives up after maxRetries with the last error", async () => {
      const server = await serve([
        { fault: { status: 503 } },
        { fault: { status: 503 } },
        { fault: { status: 503 } },
      ]);
      const events = await collect(makeClient(provider, server, { maxRetries: 2 }));
      assert.equal(events.filter((event) => event.type === "retry").length, 2);
      const error = errorOf(events);
      assert.equal(error.kind, "server");
      assert.equal(error.status, 503);
      assert.match(error.message, /gave up after 3 attempts/);
      assert.equal(server.requests.length, 3);
    });

    test("401 is not retried and names the variable to check", async () => {
      const server = await serve([
        { fault: { status: 401, body: '{"error":{"message":"invalid x-api-key"}}' } },
      ]);
      const events = await collect(makeClient(provider, server));
      assert.equal(events.filter((event) => event.type === "retry").length, 0);
      const error = errorOf(events);
      assert.equal(error.kind, "auth");
      assert.equal(error.status, 401);
      assert.match(error.message, provider === "anthropic" ? /ANTHROPIC_API_KEY/ : /OPENAI_API_KEY/);
      assert.match(error.message, /invalid x-api-key/);
      assert.equal(server.requests.length, 1);
    });

    test("other 4xx is a bad request with the server's message; too-long prompts are context_length", async () => {
      const server = await serve([
        { fault: { status: 400, body: '{"error":{"message":"tools.0.name: bad name"}}' } },
        {
          fault: { status: 400, body: '{"error":{"message":"prompt is too long: 210000 tokens > 200000"}}' },
        },
      ]);
      const client = makeClient(provider, server);
      const first = errorOf(await collect(client));
      assert.equal(first.kind, "bad_request");
      assert.match(first.message, /tools\.0\.name: bad name/);
      const second = errorOf(await collect(client));
      assert.equal(second.kind, "context_length");
      assert.equal(server.requests.length, 2);
    });

    test("a stream dropped mid-way is stream_cut, not retried, with no message-end", async () => {
      const server = await serve([
        { text: "this reply will be cut", fault: { drop_after_chunks: 4, chunk_delay_ms: 5 } },
        { text: "x" },
      ]);
      const events = await collect(makeClient(provider, server));
      assert.equal(events.filter((event) => event.type === "message-end").length, 0);
      const error = errorOf(events);
      assert.equal(error.kind, "stream_cut");
      assert.match(error.message, /nothing was added to history/);
      assert.equal(server.requests.length, 1);
    });

    test("a connection reset before the first byte is retried", async () => {
      const server = await serve([{ fault: { drop_after_chunks: 0 } }, { text: "second time lucky" }]);
      const events = await collect(makeClient(provider, server));
      const retries = events.filter((event) => event.type === "retry");
      assert.equal(retries.length, 1);
      assert.match(retries[0]?.reason ?? "", /no response from .*UND_ERR_SOCKET|ECONNRESET/);
      assert.equal(endMessage(events).message.content[0]?.type, "text");
      assert.equal(server.requests.length, 2);
    });

    test("a malformed event ends the stream with a clear error", async () => {
      const server = await serve([{ text: "hello there", fault: { malformed_event: true } }]);
      const events = await collect(makeClient(provider, server));
      const error = errorOf(events);
      assert.match(error.message, /malformed stream event/);
      assert.equal(server.requests.length, 1);
    });

    test("a refused connection is retried, then reported as a network error", async () => {
      const url = await closedPortURL();
      const events = await collect(
        makeClient(provider, { anthropicBaseURL: url, openaiBaseURL: `${url}/v1` }, { maxRetries: 2 }),
      );
      assert.equal(events.filter((event) => event.type === "retry").length, 2);
      const error = errorOf(events);
      assert.equal(error.kind, "network");
      assert.match(error.message, /ECONNREFUSED/);
    });

    test("an abort during a slow stream ends with aborted, without message-end", async () => {
      const server = await serve([{ text: "a slow reply in many pieces", fault: { chunk_delay_ms: 50 } }]);
      const controller = new AbortController();
      const events = await collect(makeClient(provider, server), { signal: controller.signal }, (event) => {
        if (event.type === "text-delta") controller.abort();
      });
      assert.equal(events.filter((event) => event.type === "message-end").length, 0);
      assert.equal(errorOf(events).kind, "aborted");
    });

    test("an abort during the backoff wait ends with aborted", async () => {
      const server = await serve([{ fault: { status: 429, retry_after: 30 } }, { text: "never" }]);
      const controller = new AbortController();
      const events = await collect(makeClient(provider, server), { signal: controller.signal }, (event) => {
        if (event.type === "retry") controller.abort();
      });
      assert.equal(errorOf(events).kind, "aborted");
      assert.equal(server.requests.length, 1);
    });

    test("an exhausted script answers 500 with a clear body", async () => {
      const server = await serve([]);
      const error = errorOf(await collect(makeClient(provider, server, { maxRetries: 0 })));
      assert.equal(error.status, 500);
      assert.match(error.message, /script exhausted/);
    });
  });
}
