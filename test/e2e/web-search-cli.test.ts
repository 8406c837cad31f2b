// End-to-end: WebSearch through the built CLI — on Anthropic through the provider's server-side search
// (counted in the JSON result's usage), on an OpenAI-compatible server through a fake Brave API, and
// not offered at all when no backend is configured.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { type FakeSearchApi, startFakeBrave } from "../support/fake-search-apis.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace({});
let brave: FakeSearchApi;
before(async () => {
  brave = await startFakeBrave("brave-key", [
    {
      title: "Vitest 3 migration guide",
      url: "https://vitest.dev/guide/migration",
      text: "How to migrate to Vitest 3.",
    },
  ]);
});
after(async () => {
  await brave.close();
  space.cleanup();
});

type Body = {
  tools?: Array<{ name?: string; type?: string; function?: { name: string } }>;
  messages: Array<{ content: unknown }>;
};

test("Anthropic: WebSearch runs the provider's web search in a side request and the search is counted in usage", async () => {
  const server = await startFakeModelServer([
    { tool_calls: [{ id: "s1", name: "WebSearch", input: { query: "vitest 3 breaking changes" } }] },
    {
      web_search: {
        query: "vitest 3 breaking changes",
        results: [{ title: "Vitest 3", url: "https://vitest.dev/blog/vitest-3" }],
      },
      text: "Vitest 3 changed the default pool.",
      citations: [
        { url: "https://vitest.dev/blog/vitest-3", title: "Vitest 3", cited_text: "the default pool" },
      ],
    },
    { text: "summary done" },
  ]);
  try {
    const run = await runCli(
      ["-p", "what changed in vitest 3?", "--output-format", "json", "--allowedTools", "WebSearch"],
      {
        cwd: space.dir,
        env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
      },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(server.refusals, []);
    const bodies = server.requests.map((request) => request.body as Body);
    assert.ok(bodies[0]!.tools!.some((tool) => tool.name === "WebSearch"));
    assert.deepEqual(bodies[1]!.tools, [{ type: "web_search_20250305", name: "web_search", max_uses: 5 }]);
    const toolResult = JSON.stringify(bodies[2]!.messages.at(-1)!.content);
    assert.match(toolResult, /1\. Vitest 3\\n {3}https:\/\/vitest\.dev\/blog\/vitest-3/);
    assert.match(toolResult, /Vitest 3 changed the default pool\.\[1\]/);
    const output = JSON.parse(run.stdout);
    assert.equal(output.result, "summary done");
    assert.equal(output.usage.server_tool_use.web_search_requests, 1);
  } finally {
    await server.close();
  }
});

test("OpenAI-compatible provider with BRAVE_API_KEY: WebSearch asks the Brave API", async () => {
  const server = await startFakeModelServer([
    { tool_calls: [{ id: "s1", name: "WebSearch", input: { query: "vitest migration" } }] },
    { text: "found it" },
  ]);
  try {
    const run = await runCli(["-p", "search", "--provider", "openai", "--allowedTools", "WebSearch"], {
      cwd: space.dir,
      env: cleanEnv({
        OPENAI_API_KEY: "test-key",
        OPENAI_BASE_URL: server.openaiBaseURL,
        BRAVE_API_KEY: "brave-key",
        BRAVE_SEARCH_BASE_URL: brave.origin,
      }),
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(brave.requests.at(-1)!.headers["x-subscription-token"], "brave-key");
    const last = JSON.stringify((server.requests[1]!.body as Body).messages);
    assert.match(last, /\(Brave Search API\)/);
    assert.match(last, /https:\/\/vitest\.dev\/guide\/migration/);
  } finally {
    await server.close();
  }
});

test("without a backend WebSearch is not offered; a provider named without its key warns", async () => {
  const server = await startFakeModelServer([{ text: "ok" }, { text: "ok" }]);
  try {
    const env = cleanEnv({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: server.openaiBaseURL });
    const plain = await runCli(["-p", "hi", "--provider", "openai"], { cwd: space.dir, env });
    assert.equal(plain.code, 0, plain.stderr);
    const names = (server.requests[0]!.body as Body).tools!.map((tool) => tool.function?.name);
    assert.ok(names.includes("WebFetch"));
    assert.ok(!names.includes("WebSearch"));
    const named = await runCli(
      ["-p", "hi", "--provider", "openai", "--settings", '{"webSearch":{"provider":"tavily"}}'],
      { cwd: space.dir, env },
    );
    assert.equal(named.code, 0, named.stderr);
    assert.match(named.stderr, /WebSearch is off: webSearch\.provider "tavily" needs TAVILY_API_KEY/);
  } finally {
    await server.close();
  }
});
