// The OpenAI Responses API end to end: the built CLI against the fake server's /v1/responses, which
// refuses what the real API refuses (a function call sent back without its reasoning item, unknown
// fields, reasoning parameters for a model that does not reason). A three-step tool loop with
// parallel calls passes the encrypted reasoning back, also after --resume; effort, caching and its
// price, retries of HTTP and in-stream errors, images in tool output, and how the route is chosen.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const workspace = scopedWorkspace({ "a.txt": "alpha\n", "b.txt": "beta\n", "c.txt": "gamma\n" });
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);
writeFileSync(join(workspace.dir, "shot.png"), png);

const loop: Script = [
  { thinking: "Read a first.", tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
  {
    thinking: "Now b and c together.",
    tool_calls: [
      { name: "Read", input: { file_path: "b.txt" } },
      { name: "Read", input: { file_path: "c.txt" } },
    ],
  },
  { thinking: "All read.", text: "alpha, beta and gamma" },
];

type Item = Record<string, unknown> & { type?: string };
type Body = Record<string, unknown> & { input: Item[]; reasoning?: Record<string, unknown> };
const bodies = (server: FakeModelServer) => server.requests.map((request) => request.body as Body);
const env = (server: FakeModelServer, extra: Record<string, string> = {}) =>
  cleanEnv({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: server.openaiBaseURL, ...extra });

test("a codex model takes the Responses API: a three-step loop passes its encrypted reasoning back", async () => {
  const server = await serveScoped([...loop, { thinking: "Again.", text: "still alpha" }]);
  const runEnv = env(server);
  const run = await runCli(
    [
      "-p",
      "read them",
      "--model",
      "gpt-5-codex",
      "--effort",
      "high",
      "--output-format",
      "stream-json",
      "--verbose",
    ],
    { cwd: workspace.dir, env: runEnv },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  assert.deepEqual(
    server.requests.map((request) => request.path),
    ["/v1/responses", "/v1/responses", "/v1/responses"],
  );
  const [first, , third] = bodies(server);
  assert.equal(first!.store, false);
  assert.deepEqual(first!.include, ["reasoning.encrypted_content"]);
  assert.deepEqual(first!.reasoning, { summary: "auto", effort: "high" });
  assert.equal(first!.previous_response_id, undefined);
  const types = third!.input.map((item) => item.type);
  assert.deepEqual(types, [
    "message",
    "reasoning",
    "function_call",
    "function_call_output",
    "reasoning",
    "function_call",
    "function_call",
    "function_call_output",
    "function_call_output",
  ]);
  const reasoning = third!.input.filter((item) => item.type === "reasoning");
  assert.deepEqual(reasoning[1]!.summary, [{ type: "summary_text", text: "Now b and c together." }]);
  assert.match(String(reasoning[0]!.encrypted_content), /^gAAAAA/);
  assert.match(run.stdout, /"thinking":"Read a first\."/, "stream-json shows the reasoning summary");
  assert.match(run.stdout, /alpha, beta and gamma/);
  // The transcript keeps the reasoning items: a resumed session sends them back unchanged.
  const resumed = await runCli(["-p", "-c", "and again", "--model", "gpt-5-codex"], {
    cwd: workspace.dir,
    env: runEnv,
  });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(server.refusals, []);
  const last = bodies(server)
    .at(-1)!
    .input.filter((item) => item.type === "reasoning");
  assert.deepEqual(last.slice(0, 2), reasoning);
  assert.equal(last.length, 3, "the final answer's reasoning item is kept too");
});

test("the fake refuses a function call sent back without its reasoning item, as the real API does", async () => {
  const server = await serveScoped(loop);
  await runCli(["-p", "read", "--model", "gpt-5-codex", "--max-turns", "1"], {
    cwd: workspace.dir,
    env: env(server),
  });
  const sent = bodies(server)[0]!;
  const call = { type: "function_call", call_id: "call_fake_0_0", name: "Read", arguments: "{}" };
  const output = { type: "function_call_output", call_id: "call_fake_0_0", output: "alpha" };
  const response = await fetch(`${server.openaiBaseURL}/responses`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...sent, input: [...sent.input, call, output] }),
  });
  assert.equal(response.status, 400);
  const body = (await response.json()) as { error: { message: string; type: string } };
  assert.equal(body.error.type, "invalid_request_error");
  assert.match(body.error.message, /without its required 'reasoning' item: 'rs_fake_0'/);
});

test("cached input is read from input_tokens_details and priced at the cached rate", async () => {
  const server = await serveScoped(loop);
  const run = await runCli(["-p", "read them", "--model", "gpt-5-codex", "--output-format", "json"], {
    cwd: workspace.dir,
    env: env(server),
  });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout) as {
    usage: { input_tokens: number; output_tokens: number; cache_read_input_tokens: number };
    modelUsage: Record<string, { costUSD: number }>;
  };
  assert.ok(result.usage.cache_read_input_tokens > 0, "the second and third requests read the cached prefix");
  const { input_tokens, output_tokens, cache_read_input_tokens } = result.usage;
  const expected = (input_tokens * 1.25 + output_tokens * 10 + cache_read_input_tokens * 0.125) / 1e6;
  const cost = result.modelUsage["gpt-5-codex"]!.costUSD;
  assert.ok(Math.abs(cost - expected) < 1e-9, `${cost} vs ${expected}`);
});

test("HTTP 500 and an in-stream server_error event are retried; the answer then arrives", async () => {
  const server = await serveScoped([
    { fault: { status: 500 } },
    { fault: { stream_error: "server_error" } },
    { text: "recovered" },
  ]);
  const run = await runCli(["-p", "hi", "--provider", "openai-responses", "--model", "gpt-5"], {
    cwd: workspace.dir,
    env: env(server),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "recovered");
  assert.match(run.stderr, /HTTP 500 server error.*retrying/);
  assert.match(run.stderr, /reported an error in the stream \(server_error\).*retrying/);
});

test("a 400 is not retried and names the server's message", async () => {
  const server = await serveScoped([
    {
      fault: {
        status: 400,
        body: JSON.stringify({ error: { message: "Invalid 'input[0]'", type: "invalid_request_error" } }),
      },
    },
  ]);
  const run = await runCli(["-p", "hi", "--provider", "openai-responses", "--model", "gpt-5"], {
    cwd: workspace.dir,
    env: env(server),
  });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /HTTP 400 bad request: Invalid 'input\[0\]'/);
  assert.equal(server.requests.length, 1);
});

test("a PNG read by a tool goes back as an input_image inside the function_call_output", async () => {
  const server = await serveScoped([
    { tool_calls: [{ name: "Read", input: { file_path: "shot.png" } }] },
    { text: "a pixel" },
  ]);
  const run = await runCli(["-p", "look", "--provider", "openai-responses", "--model", "gpt-4.1"], {
    cwd: workspace.dir,
    env: env(server),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const output = bodies(server)[1]!.input.find((item) => item.type === "function_call_output")!;
  const parts = output.output as Array<Record<string, unknown>>;
  assert.equal(parts[0]!.type, "input_text");
  assert.equal(parts[1]!.type, "input_image");
  assert.match(String(parts[1]!.image_url), /^data:image\/png;base64,iVBOR/);
});

test("a model that does not reason gets no reasoning parameters (settings provider openai-responses)", async () => {
  const server = await serveScoped(loop);
  const run = await runCli(
    [
      "-p",
      "read them",
      "--model",
      "gpt-4.1",
      "--effort",
      "high",
      "--settings",
      '{"provider":"openai-responses"}',
    ],
    { cwd: workspace.dir, env: env(server) },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const first = bodies(server)[0]!;
  assert.equal(first.reasoning, undefined);
  assert.equal(first.include, undefined);
  assert.ok(!bodies(server).some((body) => body.input.some((item) => item.type === "reasoning")));
});

test("gpt-5 on a compatible server stays on Chat Completions unless --provider openai-responses", async () => {
  const server = await serveScoped([{ text: "chat" }, { text: "responses" }]);
  const chat = await runCli(["-p", "hi", "--model", "gpt-5"], { cwd: workspace.dir, env: env(server) });
  assert.equal(chat.code, 0, chat.stderr);
  const forced = await runCli(["-p", "hi", "--model", "gpt-5", "--provider", "openai-responses"], {
    cwd: workspace.dir,
    env: env(server),
  });
  assert.equal(forced.code, 0, forced.stderr);
  assert.deepEqual(
    server.requests.map((request) => request.path),
    ["/v1/chat/completions", "/v1/responses"],
  );
});

test("after /compact the kept steps still carry their reasoning items before their calls", async () => {
  const server = await serveScoped([
    { thinking: "", text: `About the project. ${"It has many parts. ".repeat(600)}` },
    { thinking: "Look at a.", tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
    { thinking: "Got it.", text: "a says alpha" },
    { text: "Summary: the user asked about the project, then read a.txt (alpha)." },
    { thinking: "Answer from memory.", text: "still alpha" },
  ]);
  const runEnv = env(server, {
    CONTEXT_WINDOW_TOKENS: "20000",
    AUTOCOMPACT: "0",
    OPENAI_MODEL: "gpt-5-codex",
  });
  for (const args of [
    ["-p", "about the project"],
    ["-c", "-p", "read a"],
    ["-c", "-p", "/compact"],
    ["-c", "-p", "and?"],
  ]) {
    const run = await runCli(args, { cwd: workspace.dir, env: runEnv });
    assert.equal(run.code, 0, `${args.join(" ")}: ${run.stderr}`);
  }
  assert.deepEqual(server.refusals, []);
  const input = bodies(server).at(-1)!.input;
  const text = JSON.stringify(input);
  assert.match(text, /Summary: the user asked/, "the history was compacted");
  assert.doesNotMatch(text, /It has many parts/);
  const reasoning = input.findIndex((item) => item.type === "reasoning");
  assert.ok(reasoning >= 0, "the kept tool step kept its reasoning item");
  assert.equal(input[reasoning + 1]!.type, "function_call");
});
