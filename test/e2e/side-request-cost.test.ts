// End-to-end: requests made beside the conversation are counted and priced like the turns' — WebFetch's
// condensing request (under its own model), the Anthropic server-side web search (tokens and the
// per-search price), a compaction summary (`-c -p "/compact"`) and a subagent's side requests — in the
// JSON result's usage, total_cost_usd and modelUsage, and against --max-budget-usd.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { serveScoped } from "../support/scoped.js";
import { startWebServer, type WebServer } from "../support/web-fixtures.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace({});
let pages: WebServer;
before(async () => {
  pages = await startWebServer({
    "/guide": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body><main><h2>Install</h2><p>Run <code>make up</code>.</p></main></body></html>");
    },
  });
});
after(async () => {
  await pages.close();
  space.cleanup();
});

const env = (server: FakeModelServer, extra: Record<string, string> = {}) =>
  cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL, ...extra });
const usage = (input_tokens: number, output_tokens: number) => ({ input_tokens, output_tokens });
/** Dollars for tokens at a price per million. */
const dollars = (input: number, output: number, price: { input: number; output: number }) =>
  (input * price.input + output * price.output) / 1e6;
const SONNET = { input: 3, output: 15 };
const HAIKU = { input: 1, output: 5 };
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

const fetchCall = () => ({
  tool_calls: [
    { id: "f1", name: "WebFetch", input: { url: `${pages.origin}/guide`, prompt: "How do I install?" } },
  ],
});
/** A JSON run on Sonnet whose WebFetch may read the local page and condenses it with Haiku. */
const fetchRun = (server: FakeModelServer, prompt: string, allowed: string) =>
  runCli(
    [
      ...["-p", prompt, "--output-format", "json", "--model", "claude-sonnet-4-6"],
      ...[
        "--settings",
        JSON.stringify({ webFetch: { allowPrivateNetwork: true, model: "claude-haiku-4-5" } }),
      ],
      ...["--allowedTools", allowed],
    ],
    { cwd: space.dir, env: env(server) },
  );

test("WebFetch's condensing request is priced under its own model and counted in the run's totals", async () => {
  const server = await serveScoped([
    { ...fetchCall(), usage: usage(1000, 10) },
    { text: "Install with `make up`.", usage: usage(2000, 100) },
    { text: "done", usage: usage(1500, 20) },
  ]);
  const run = await fetchRun(server, "read the guide", "WebFetch(domain:127.0.0.1)");
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  assert.equal((server.requests[1]!.body as { model: string }).model, "claude-haiku-4-5");
  const result = JSON.parse(run.stdout);
  assert.equal(result.usage.input_tokens, 4500);
  assert.equal(result.usage.output_tokens, 130);
  const sonnet = result.modelUsage["claude-sonnet-4-6"];
  const haiku = result.modelUsage["claude-haiku-4-5"];
  assert.deepEqual([sonnet.inputTokens, sonnet.outputTokens], [2500, 30]);
  assert.deepEqual([haiku.inputTokens, haiku.outputTokens], [2000, 100]);
  near(haiku.costUSD, dollars(2000, 100, HAIKU), "the condenser's cost");
  near(result.total_cost_usd, dollars(2500, 30, SONNET) + dollars(2000, 100, HAIKU), "total_cost_usd");
});

test("the server-side web search is counted (tokens, searches) and priced at $10 per 1,000 searches", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "s1", name: "WebSearch", input: { query: "vitest 3" } }], usage: usage(1000, 10) },
    {
      web_search: { query: "vitest 3", results: [{ title: "Vitest 3", url: "https://vitest.dev/blog" }] },
      text: "Vitest 3 is out.",
      usage: usage(3000, 50),
    },
    { text: "summary done", usage: usage(1200, 5) },
  ]);
  const run = await runCli(
    ["-p", "news?", "--output-format", "json", "--model", "claude-sonnet-4-6", "--allowedTools", "WebSearch"],
    { cwd: space.dir, env: env(server) },
  );
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.usage.input_tokens, 5200);
  assert.equal(result.usage.server_tool_use.web_search_requests, 1);
  const entry = result.modelUsage["claude-sonnet-4-6"];
  assert.equal(entry.webSearchRequests, 1);
  assert.equal(entry.inputTokens, 5200);
  near(result.total_cost_usd, dollars(5200, 65, SONNET) + 0.01, "tokens and one search");
  near(entry.costUSD, result.total_cost_usd, "one model");
});

test("a side request counts against --max-budget-usd: the run stops before its next request", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "s1", name: "WebSearch", input: { query: "vitest 3" } }], usage: usage(1000, 10) },
    {
      web_search: { query: "vitest 3", results: [{ title: "Vitest 3", url: "https://vitest.dev/blog" }] },
      text: "Vitest 3 is out.",
      usage: usage(3000, 50),
    },
    { text: "never sent" },
  ]);
  // Tokens are free here, so only the search's own price ($0.01) can reach the budget.
  const pricing = JSON.stringify({ modelPricing: { "claude-sonnet-4-6": { input: 0, output: 0 } } });
  const run = await runCli(
    [
      "-p",
      "news?",
      "--output-format",
      "json",
      "--model",
      "claude-sonnet-4-6",
      "--settings",
      pricing,
      "--allowedTools",
      "WebSearch",
      "--max-budget-usd",
      "0.005",
    ],
    { cwd: space.dir, env: env(server) },
  );
  assert.equal(run.code, 1, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.subtype, "error_max_budget_usd");
  near(result.total_cost_usd, 0.01, "the search's price");
  assert.equal(server.requests.length, 2, "the turn and the search; nothing after the budget was spent");
});

test('-c -p "/compact": the summary request is in the result\'s usage and cost, and priced', async () => {
  const workspace = createWorkspace({});
  after(() => workspace.cleanup());
  const server = await serveScoped([
    { text: `First answer about the project. ${"The project has many parts. ".repeat(400)}` },
    { text: "Summary: the user asked about the project.", usage: usage(4000, 300) },
  ]);
  const environment = env(server, { CONTEXT_WINDOW_TOKENS: "20000", AUTOCOMPACT: "0" });
  const model = ["--model", "claude-sonnet-4-6"];
  const first = await runCli(["-p", "tell me about the project", ...model], {
    cwd: workspace.dir,
    env: environment,
  });
  assert.equal(first.code, 0, first.stderr);
  const compact = await runCli(["-c", "-p", "/compact", "--output-format", "json", ...model], {
    cwd: workspace.dir,
    env: environment,
  });
  assert.equal(compact.code, 0, compact.stderr);
  const result = JSON.parse(compact.stdout);
  assert.match(result.result, /Compacted the conversation/);
  assert.equal(result.num_turns, 0);
  assert.deepEqual([result.usage.input_tokens, result.usage.output_tokens], [4000, 300]);
  assert.equal(result.modelUsage["claude-sonnet-4-6"].inputTokens, 4000);
  near(result.total_cost_usd, dollars(4000, 300, SONNET), "the summary's cost");
});

test("a subagent's side requests roll up into the parent's result once", async () => {
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          {
            id: "a1",
            name: "Agent",
            input: {
              description: "read the guide",
              prompt: "FETCHER: read the guide",
              subagent_type: "general-purpose",
            },
          },
        ],
        usage: usage(1000, 10),
      },
      { text: "The agent says: make up.", usage: usage(1100, 10) },
    ],
    routes: [
      {
        match: "FETCHER",
        turns: [
          { ...fetchCall(), usage: usage(500, 5) },
          { text: "make up", usage: usage(600, 5) },
        ],
      },
      { match: "You read one web page", turns: [{ text: "Run make up.", usage: usage(2000, 100) }] },
    ],
  });
  const run = await fetchRun(server, "use an agent", "Agent,WebFetch(domain:127.0.0.1)");
  assert.equal(run.code, 0, run.stderr);
  assert.equal(server.requests.length, 5);
  const result = JSON.parse(run.stdout);
  const haiku = result.modelUsage["claude-haiku-4-5"];
  assert.deepEqual([haiku.inputTokens, haiku.outputTokens], [2000, 100], "the condensing request, once");
  assert.equal(result.modelUsage["claude-sonnet-4-6"].inputTokens, 1000 + 1100 + 500 + 600);
  assert.equal(result.usage.input_tokens, 5200);
  near(
    result.total_cost_usd,
    dollars(3200, 30, SONNET) + dollars(2000, 100, HAIKU),
    "parent, subagent and the subagent's side request",
  );
});
