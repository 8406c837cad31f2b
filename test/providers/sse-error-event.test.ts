// Errors reported inside a 200 stream (Anthropic `event: error`, an OpenAI chunk with `error`):
// retried only while no content has reached the caller, otherwise reported without message-end.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, test } from "node:test";
import { collect, errorOf, makeClient } from "./provider-harness.js";

const servers: Server[] = [];
after(() => {
  for (const server of servers) server.close();
});

/** Serves the same raw SSE text to every request; counts requests. */
async function serveRaw(
  sse: string,
): Promise<{ anthropicBaseURL: string; openaiBaseURL: string; count: () => number }> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(sse);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { anthropicBaseURL: url, openaiBaseURL: `${url}/v1`, count: () => requests };
}

const anthropicError = (type: string, message: string) =>
  `event: error\ndata: ${JSON.stringify({ type: "error", error: { type, message } })}\n\n`;
const anthropicStart =
  'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}\n\n';
const anthropicText =
  'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"par"}}\n\n';

test("anthropic: an overloaded error event before any content is retried", async () => {
  const server = await serveRaw(anthropicStart + anthropicError("overloaded_error", "Overloaded"));
  const events = await collect(makeClient("anthropic", server, { maxRetries: 1 }));
  assert.equal(events.filter((event) => event.type === "retry").length, 1);
  const error = errorOf(events);
  assert.equal(error.kind, "overloaded");
  assert.match(error.message, /Overloaded/);
  assert.equal(server.count(), 2);
});

test("anthropic: an error event after text is reported once, not retried, no message-end", async () => {
  const server = await serveRaw(
    anthropicStart + anthropicText + anthropicError("api_error", "Internal error"),
  );
  const events = await collect(makeClient("anthropic", server, { maxRetries: 3 }));
  assert.ok(events.some((event) => event.type === "text-delta"));
  assert.equal(events.filter((event) => event.type === "retry").length, 0);
  assert.equal(errorOf(events).kind, "server");
  assert.equal(server.count(), 1);
});

test("anthropic: a stream that ends before message_stop is stream_cut", async () => {
  const server = await serveRaw(anthropicStart + anthropicText);
  const error = errorOf(await collect(makeClient("anthropic", server, { maxRetries: 3 })));
  assert.equal(error.kind, "stream_cut");
  assert.equal(server.count(), 1);
});

test("openai: an error chunk before any content is retried and reported with the server's message", async () => {
  const server = await serveRaw(
    `data: ${JSON.stringify({ error: { message: "upstream busy", type: "server_error" } })}\n\n`,
  );
  const events = await collect(makeClient("openai", server, { maxRetries: 1 }));
  assert.equal(events.filter((event) => event.type === "retry").length, 1);
  const error = errorOf(events);
  assert.equal(error.kind, "server");
  assert.match(error.message, /upstream busy/);
  assert.equal(server.count(), 2);
});
