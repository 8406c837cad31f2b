// Both adapters against the wire-level fake server: text and tool-call assembly, broken
// arguments, usage, stop reasons, and the events around them.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { collect, endMessage, makeClient, providerNames, recordingTracer } from "./provider-harness.js";

const servers: FakeModelServer[] = [];
async function serve(script: Script): Promise<FakeModelServer> {
  const server = await startFakeModelServer(script);
  servers.push(server);
  return server;
}
after(() => Promise.all(servers.map((server) => server.close())));

for (const provider of providerNames) {
  describe(`${provider} streaming`, () => {
    test("streams text in several deltas and ends with one message", async () => {
      const server = await serve([{ text: "Hello from the fake model" }]);
      const events = await collect(makeClient(provider, server));
      assert.equal(events[0]?.type, "message-start");
      const deltas = events.filter((event) => event.type === "text-delta");
      assert.ok(deltas.length >= 2, "text arrives in more than one delta");
      assert.equal(deltas.map((event) => event.text).join(""), "Hello from the fake model");
      const end = endMessage(events);
      assert.deepEqual(end.message, {
        role: "assistant",
        content: [{ type: "text", text: "Hello from the fake model" }],
      });
      assert.equal(end.stopReason, "end_turn");
      assert.equal(server.requests.length, 1);
    });

    test("assembles several tool calls of one message from fragments", async () => {
      const server = await serve([
        {
          text: "Reading two files.",
          tool_calls: [
            { id: "call_a", name: "Read", input: { file_path: "src/a.ts", limit: 20 } },
            { id: "call_b", name: "Grep", input: { pattern: "TODO", "-i": true, glob: ["*.ts", "*.md"] } },
            { name: "Bash", input: {} },
          ],
        },
      ]);
      const events = await collect(makeClient(provider, server));
      const announced = events.filter((event) => event.type === "tool-call-delta");
      assert.deepEqual(
        announced.map((event) => event.name),
        ["Read", "Grep", "Bash"],
      );
      const end = endMessage(events);
      assert.equal(end.stopReason, "tool_use");
      const [text, read, grep, bash] = end.message.content;
      assert.deepEqual(text, { type: "text", text: "Reading two files." });
      assert.deepEqual(read, {
        type: "tool_use",
        id: "call_a",
        name: "Read",
        input: { file_path: "src/a.ts", limit: 20 },
      });
      assert.deepEqual(grep, {
        type: "tool_use",
        id: "call_b",
        name: "Grep",
        input: { pattern: "TODO", "-i": true, glob: ["*.ts", "*.md"] },
      });
      assert.equal(bash?.type, "tool_use");
      assert.ok(bash?.type === "tool_use" && bash.id.length > 0 && bash.name === "Bash");
      assert.deepEqual(bash?.type === "tool_use" && bash.input, {});
    });

    test("broken arguments become an empty input with an inputError naming the raw text", async () => {
      const server = await serve([
        {
          tool_calls: [
            { id: "bad_1", name: "Edit", raw_arguments: '{"file_path": "x.ts", "old_string": ' },
            { id: "bad_2", name: "Edit", raw_arguments: "[1, 2]" },
            { id: "good", name: "Read", raw_arguments: '{"file_path":"ok.ts"}' },
          ],
        },
      ]);
      const end = endMessage(await collect(makeClient(provider, server)));
      const [first, second, third] = end.message.content;
      assert.ok(first?.type === "tool_use" && second?.type === "tool_use" && third?.type === "tool_use");
      assert.deepEqual(first.input, {});
      assert.match(first.inputError ?? "", /not valid JSON/);
      assert.match(first.inputError ?? "", /"old_string": /);
      assert.deepEqual(second.input, {});
      assert.match(second.inputError ?? "", /must be a JSON object, got an array/);
      assert.deepEqual(third.input, { file_path: "ok.ts" });
      assert.equal(third.inputError, undefined);
    });

    test("reports usage and maps stop reasons", async () => {
      const server = await serve([
        { text: "cut", stop_reason: "max_tokens", usage: { input_tokens: 1234, output_tokens: 56 } },
        { text: "done", usage: { input_tokens: 7, output_tokens: 3 } },
      ]);
      const client = makeClient(provider, server);
      const first = endMessage(await collect(client));
      assert.equal(first.stopReason, "max_tokens");
      assert.equal(first.usage.input_tokens, 1234);
      assert.equal(first.usage.output_tokens, 56);
      const second = endMessage(await collect(client));
      assert.equal(second.stopReason, "end_turn");
      assert.deepEqual([second.usage.input_tokens, second.usage.output_tokens], [7, 3]);
    });

    test("traces model.request and model.response with tokens and ms", async () => {
      const server = await serve([{ text: "hi", usage: { input_tokens: 11, output_tokens: 2 } }]);
      const tracer = recordingTracer();
      endMessage(await collect(makeClient(provider, server, { tracer })));
      const request = tracer.lines.find((line) => line.event === "model.request");
      assert.deepEqual(request?.fields, { provider, model: "test-model", messages: 1, tools: 0 });
      const response = tracer.lines.find((line) => line.event === "model.response");
      assert.equal(response?.fields.input_tokens, 11);
      assert.equal(response?.fields.output_tokens, 2);
      assert.equal(typeof response?.fields.ms, "number");
    });
  });
}
