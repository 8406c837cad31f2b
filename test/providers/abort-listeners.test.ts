// A turn's abort signal serves every request of the turn (hundreds in a long headless run). The SDKs
// add an abort listener to the signal a request is given and never remove it; through it an aborted
// request kept its whole request and response alive. Each attempt gets a signal of its own, so the
// turn's signal ends every request with the listeners it had before.
import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { after, test } from "node:test";
import type { ModelClient } from "../../src/model/types.js";
import { createOpenAIResponsesClient } from "../../src/providers/openai-responses.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { collect, endMessage, makeClient } from "./provider-harness.js";

const servers: FakeModelServer[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

const clients: Record<string, (server: FakeModelServer) => ModelClient> = {
  anthropic: (server) => makeClient("anthropic", server),
  "openai chat": (server) => makeClient("openai", server),
  "openai responses": (server) =>
    createOpenAIResponsesClient({
      apiKey: "k",
      baseURL: server.openaiBaseURL,
      model: "gpt-4.1",
      retryBaseDelayMs: 1,
    }),
};

for (const [name, make] of Object.entries(clients))
  test(`${name}: requests, a retried one among them, leave no listener on the turn's signal, and its abort still ends one`, async () => {
    const requests = 5;
    // The first request is refused once as overloaded and retried: a failed attempt lets go too.
    const server = await startFakeModelServer([
      { fault: { status: 529 } },
      ...Array.from({ length: requests }, () => ({ text: "ok" })),
      { text: `${"slow ".repeat(200)}`, fault: { chunk_delay_ms: 50 } },
    ]);
    servers.push(server);
    const client = make(server);
    const turn = new AbortController();
    for (let index = 0; index < requests; index++) endMessage(await collect(client, { signal: turn.signal }));
    assert.equal(server.turnsServed(), requests + 1, "the refused attempt was retried");
    assert.equal(getEventListeners(turn.signal, "abort").length, 0);
    // The turn's abort reaches a request in flight through the attempt's own signal.
    const events = await collect(client, { signal: turn.signal }, (event) => {
      if (event.type === "text-delta") turn.abort();
    });
    const end = events.at(-1);
    assert.equal(end?.type, "error");
    assert.equal(getEventListeners(turn.signal, "abort").length, 0);
  });
