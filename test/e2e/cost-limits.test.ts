// Usage, cost and limits where the user sees them: the JSON result's total_cost_usd, cache counters
// and modelUsage; unknown prices stated, settings modelPricing; --max-budget-usd; model aliases;
// --fallback-model after repeated overload errors; replies cut off at max_tokens.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { serveScoped } from "../support/scoped.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "a.txt": "alpha\n" });
after(async () => {
  workspace.cleanup();
});
const anthropic = (server: FakeModelServer, extra: Record<string, string> = {}) =>
  cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL, ...extra });
const readLoop: Script = [
  { tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
  { tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
  { text: "done" },
];

test("the JSON result prices the run per model with cache counters, like claude -p", async () => {
  const server = await serveScoped(readLoop);
  const run = await runCli(["-p", "go", "--output-format", "json", "--model", "claude-sonnet-4-6"], {
    cwd: workspace.dir,
    env: anthropic(server),
  });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  const usage = result.usage;
  for (const key of [
    "input_tokens",
    "output_tokens",
    "cache_creation_input_tokens",
    "cache_read_input_tokens",
  ])
    assert.equal(typeof usage[key], "number", key);
  assert.ok(usage.cache_read_input_tokens > 0, "the loop's later requests read the cache");
  const expected =
    (usage.input_tokens * 3 +
      usage.output_tokens * 15 +
      usage.cache_creation_input_tokens * 3.75 +
      usage.cache_read_input_tokens * 0.3) /
    1e6;
  assert.ok(Math.abs(result.total_cost_usd - expected) < 1e-6, `${result.total_cost_usd} vs ${expected}`);
  const entry = result.modelUsage["claude-sonnet-4-6"];
  assert.deepEqual(
    {
      input: entry.inputTokens,
      output: entry.outputTokens,
      read: entry.cacheReadInputTokens,
      write: entry.cacheCreationInputTokens,
    },
    {
      input: usage.input_tokens,
      output: usage.output_tokens,
      read: usage.cache_read_input_tokens,
      write: usage.cache_creation_input_tokens,
    },
  );
  assert.ok(Math.abs(entry.costUSD - expected) < 1e-6);
  assert.equal(entry.maxOutputTokens, 128_000);
  assert.ok(entry.contextWindow >= 200_000);
});

test("an unknown model's price is stated as unknown; settings modelPricing prices it", async () => {
  const server = await serveScoped([{ text: "a" }, { text: "b" }]);
  const env = cleanEnv({
    OPENAI_API_KEY: "k",
    OPENAI_BASE_URL: server.openaiBaseURL,
    OPENAI_MODEL: "local-model",
  });
  const unknown = JSON.parse(
    (await runCli(["-p", "go", "--output-format", "json"], { cwd: workspace.dir, env })).stdout,
  );
  assert.equal(unknown.total_cost_usd, 0);
  assert.deepEqual(unknown.unpriced_models, ["local-model"]);
  const pricing = JSON.stringify({ modelPricing: { "local-model": { input: 1, output: 2 } } });
  const priced = JSON.parse(
    (
      await runCli(["-p", "go", "--output-format", "json", "--settings", pricing], {
        cwd: workspace.dir,
        env,
      })
    ).stdout,
  );
  assert.ok(priced.total_cost_usd > 0);
  assert.equal(priced.unpriced_models, undefined);
});

test("--max-budget-usd stops the run cleanly once spent (error_max_budget_usd)", async () => {
  const server = await serveScoped(readLoop);
  const run = await runCli(["-p", "go", "--output-format", "json", "--max-budget-usd", "0.000001"], {
    cwd: workspace.dir,
    env: anthropic(server),
  });
  assert.equal(run.code, 1);
  const result = JSON.parse(run.stdout);
  assert.equal(result.subtype, "error_max_budget_usd");
  assert.equal(result.is_error, true);
  assert.match(result.result, /--max-budget-usd/);
  assert.equal(server.requests.length, 1, "no request after the budget was spent");
  const bad = await runCli(["-p", "go", "--max-budget-usd", "cheap"], {
    cwd: workspace.dir,
    env: anthropic(server),
  });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-budget-usd cheap/);
});

test("--model aliases resolve to the ids Claude Code 2.1.197 gives them", async () => {
  const server = await serveScoped([{ text: "a" }, { text: "b" }, { text: "c" }]);
  for (const alias of ["sonnet", "opus", "haiku"])
    assert.equal(
      (await runCli(["-p", "go", "--model", alias], { cwd: workspace.dir, env: anthropic(server) })).code,
      0,
    );
  assert.deepEqual(
    server.requests.map((request) => (request.body as { model: string }).model),
    ["claude-sonnet-5", "claude-opus-4-8", "claude-haiku-4-5"],
  );
});

test("--fallback-model takes over after repeated overload errors", async () => {
  const overloaded = { fault: { status: 529, retry_after: 0 } };
  const server = await serveScoped([
    overloaded,
    overloaded,
    overloaded,
    overloaded,
    overloaded,
    { text: "from the fallback" },
  ]);
  const run = await runCli(
    [
      "-p",
      "go",
      "--output-format",
      "json",
      "--model",
      "claude-opus-4-7",
      "--fallback-model",
      "claude-sonnet-4-6",
    ],
    {
      cwd: workspace.dir,
      env: anthropic(server),
    },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).result, "from the fallback");
  assert.match(run.stderr, /switched to the fallback model claude-sonnet-4-6/);
  assert.equal((server.requests.at(-1)!.body as { model: string }).model, "claude-sonnet-4-6");
});

test("a reply cut at max_tokens never runs its half-formed tool call; a cut answer says so", async () => {
  const server = await serveScoped([
    {
      tool_calls: [{ name: "Write", raw_arguments: '{"file_path":"big.txt","content":"aaa' }],
      stop_reason: "max_tokens",
    },
    { text: "I will write it in parts.", stop_reason: "max_tokens" },
  ]);
  const run = await runCli(["-p", "write a big file", "--output-format", "json"], {
    cwd: workspace.dir,
    env: anthropic(server, { ALLOW_WRITE: "1" }),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(existsSync(join(workspace.dir, "big.txt")), false);
  const second = (
    server.requests[1]!.body as { messages: Array<{ content: Array<Record<string, unknown>> }> }
  ).messages;
  const result = second.at(-1)!.content[0]!;
  assert.equal(result.is_error, true);
  assert.match(String(result.content), /cut off at the output token limit/);
  assert.match(run.stderr, /cut off at the model's output token limit/);
  assert.equal(JSON.parse(run.stdout).truncated, true);
});
