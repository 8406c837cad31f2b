// Anthropic's server-side web search through the real adapter and the wire-level fake server: the
// tool definition sent, server_tool_use / web_search_tool_result blocks and citations parsed, a paused
// turn continued with those blocks sent back unchanged (the fake server checks their signed fields),
// error results, and usage.server_tool_use.web_search_requests counted.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createAnthropicClient } from "../../src/providers/anthropic.js";
import { createOpenAIChatClient } from "../../src/providers/openai-chat.js";
import type { ToolResult } from "../../src/tools/tool.js";
import { createAnthropicSearchBackend } from "../../src/tools/web/search/anthropic-search.js";
import { createWebSearchTool } from "../../src/tools/web/web-search.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { encryptedContent } from "../support/fake-web-search.js";
import { makeContext, run } from "../tools/context.js";

/** Web searches counted over the side requests a result reports. */
const searchesOf = (result: ToolResult) =>
  (result.usage ?? []).reduce(
    (sum, spent) => sum + (spent.usage.server_tool_use?.web_search_requests ?? 0),
    0,
  );

type Body = {
  tools?: Array<Record<string, unknown>>;
  messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
};

const results = [
  {
    title: "Node.js 22 release",
    url: "https://nodejs.org/en/blog/release/v22.0.0",
    page_age: "April 24, 2024",
  },
  { title: "Node.js releases", url: "https://nodejs.org/en/about/previous-releases" },
];

async function searchWith(
  script: Parameters<typeof startFakeModelServer>[0],
  input: Record<string, unknown>,
) {
  const server = await startFakeModelServer(script);
  try {
    const client = createAnthropicClient({
      apiKey: "test-key",
      baseURL: server.anthropicBaseURL,
      model: "claude-sonnet-4-5",
      maxRetries: 0,
    });
    const tool = createWebSearchTool(createAnthropicSearchBackend({ model: () => client }));
    const result = await run(tool, input, makeContext("/tmp"));
    return {
      result,
      bodies: server.requests.map((request) => request.body as Body),
      refusals: server.refusals,
    };
  } finally {
    await server.close();
  }
}

test("one search: the server tool is declared, results listed, cited sentences marked, the search counted", async () => {
  const { result, bodies, refusals } = await searchWith(
    [
      {
        web_search: { query: "latest node.js version", results },
        text: "Node.js 22 was released in April 2024.",
        citations: [
          { url: results[0]!.url, title: results[0]!.title, cited_text: "Node.js 22 is now available" },
        ],
      },
    ],
    { query: "latest node.js version", allowed_domains: ["nodejs.org"] },
  );
  assert.deepEqual(refusals, []);
  assert.equal(result.isError, false, result.content);
  assert.deepEqual(bodies[0]!.tools, [
    { type: "web_search_20250305", name: "web_search", max_uses: 5, allowed_domains: ["nodejs.org"] },
  ]);
  assert.match(
    result.content,
    /\(Anthropic web search \(server tool\)\):\n\n1\. Node\.js 22 release\n {3}https:\/\/nodejs\.org\/en\/blog\/release\/v22\.0\.0 \(April 24, 2024\)\n2\. Node\.js releases/,
  );
  assert.match(
    result.content,
    /Answer from the search \(\[n\] = result number\):\nNode\.js 22 was released in April 2024\.\[1\]/,
  );
  assert.equal(searchesOf(result), 1);
});

test("a paused turn is continued with the server blocks sent back unchanged; both searches count", async () => {
  const { result, bodies, refusals } = await searchWith(
    [
      { web_search: { query: "node 22 release date", results }, stop_reason: "pause_turn" },
      {
        web_search: {
          query: "node 22 lts date",
          results: [{ title: "LTS schedule", url: "https://github.com/nodejs/release" }],
        },
        text: "Node.js 22 became LTS in October 2024.",
      },
    ],
    { query: "when did node 22 become LTS" },
  );
  assert.deepEqual(refusals, [], "the fake server accepted the blocks sent back");
  assert.equal(bodies.length, 2);
  const replayed = bodies[1]!.messages[1]!;
  assert.equal(replayed.role, "assistant");
  assert.deepEqual(
    replayed.content.map((block) => block.type),
    ["server_tool_use", "web_search_tool_result"],
  );
  const sentBack = replayed.content[1]!.content as Array<Record<string, unknown>>;
  assert.equal(sentBack[0]!.encrypted_content, encryptedContent(results[0]!.url));
  assert.match(result.content, /3\. LTS schedule/);
  assert.equal(searchesOf(result), 2);
  assert.equal(result.usage?.length, 2, "each request's usage on its own");
});

test("a search error code comes back as a coded failure", async () => {
  const { result } = await searchWith([{ web_search: { query: "x", error_code: "max_uses_exceeded" } }], {
    query: "xy",
  });
  assert.equal(result.isError && result.code, "search_failed");
  assert.match(result.content, /max_uses_exceeded/);
});

test("the fake server refuses what the real API refuses: both domain lists, tampered results, unanswered server calls", async () => {
  const server = await startFakeModelServer([]);
  try {
    const post = (body: Record<string, unknown>) =>
      fetch(`${server.anthropicBaseURL}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
        body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: 100, stream: true, ...body }),
      }).then(async (response) => ({ status: response.status, text: await response.text() }));
    const both = await post({
      tools: [
        {
          type: "web_search_20250305",
          name: "web_search",
          allowed_domains: ["a.com"],
          blocked_domains: ["b.com"],
        },
      ],
      messages: [{ role: "user", content: "hi" }],
    });
    assert.equal(both.status, 400);
    assert.match(both.text, /Cannot specify both allowed_domains and blocked_domains/);
    const search = { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "q" } };
    const tampered = await post({
      tools: [{ type: "web_search_20250305", name: "web_search" }],
      messages: [
        { role: "user", content: "hi" },
        {
          role: "assistant",
          content: [
            search,
            {
              type: "web_search_tool_result",
              tool_use_id: "srvtoolu_1",
              content: [
                { type: "web_search_result", url: "https://a.com/", title: "A", encrypted_content: "forged" },
              ],
            },
          ],
        },
      ],
    });
    assert.equal(tampered.status, 400);
    assert.match(tampered.text, /Invalid `encrypted_content`/);
    const unanswered = await post({
      tools: [{ type: "web_search_20250305", name: "web_search" }],
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: [search] },
      ],
    });
    assert.equal(unanswered.status, 400);
    assert.match(unanswered.text, /has no web_search_tool_result/);
  } finally {
    await server.close();
  }
});

test("the OpenAI-compatible adapter refuses provider-run tools instead of dropping them silently", async () => {
  const server = await startFakeModelServer([{ text: "never" }]);
  try {
    const client = createOpenAIChatClient({
      apiKey: "k",
      baseURL: server.openaiBaseURL,
      model: "gpt-4.1-mini",
      maxRetries: 0,
    });
    const events = [];
    for await (const event of client.stream({
      system: "",
      messages: [{ role: "user", content: [{ type: "text", text: "search" }] }],
      tools: [],
      serverTools: [{ type: "web_search_20250305", name: "web_search" }],
      signal: new AbortController().signal,
    }))
      events.push(event);
    const last = events.at(-1);
    assert.equal(last?.type, "error");
    assert.match(last?.type === "error" ? last.error.message : "", /only on the Anthropic API/);
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});
