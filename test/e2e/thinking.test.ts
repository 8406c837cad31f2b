// Thinking and reasoning end to end: the built CLI runs whole tool loops against the fake server
// with Anthropic thinking on (adaptive and manual budgets) and with OpenAI-compatible reasoners
// (DeepSeek, Kimi, vLLM's `reasoning`); every request must be accepted, thinking blocks come back
// unchanged, are saved and restored by --resume, and stream-json shows them as thinking blocks.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { cleanEnv, runCli } from "../support/cli.js";
import { serveScoped } from "../support/scoped.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "a.txt": "alpha\n", "b.txt": "beta\n" });
after(async () => {
  workspace.cleanup();
});
const loop: Script = [
  { thinking: "First read a.", tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
  {
    thinking: "Now b.",
    redacted_thinking: true,
    tool_calls: [{ name: "Read", input: { file_path: "b.txt" } }],
  },
  { thinking: "Both read.", text: "alpha and beta" },
];

type Body = {
  thinking?: unknown;
  output_config?: unknown;
  max_tokens: number;
  messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
};

test("Anthropic adaptive thinking with --effort: the tool loop sends each thinking block back unchanged", async () => {
  const server = await serveScoped(loop);
  const env = cleanEnv({
    ANTHROPIC_API_KEY: "k",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    ANTHROPIC_MODEL: "claude-sonnet-4-6",
  });
  const run = await runCli(["-p", "read both", "--effort", "high", "--output-format", "stream-json"], {
    cwd: workspace.dir,
    env,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const bodies = server.requests.map((request) => request.body as Body);
  assert.deepEqual(bodies[0]!.thinking, { type: "adaptive" });
  assert.deepEqual(bodies[0]!.output_config, { effort: "high" });
  const second = bodies[2]!.messages;
  assert.deepEqual(second[1]!.content[0]!.thinking, "First read a.");
  assert.equal(second[3]!.content[0]!.type, "redacted_thinking");
  assert.equal(second[3]!.content[1]!.thinking, "Now b.");
  const lines = run.stdout
    .trim()
    .split("\n")
    .map(
      (line) => JSON.parse(line) as { type: string; message?: { content: Array<Record<string, unknown>> } },
    );
  const thinking = lines.filter((line) => line.type === "assistant").map((line) => line.message!.content[0]!);
  assert.deepEqual(thinking[0], {
    type: "thinking",
    thinking: "First read a.",
    signature: (second[1]!.content[0] as { signature: string }).signature,
  });
  assert.doesNotMatch(run.stdout, /"field"/);
});

test("Anthropic manual thinking (claude-sonnet-4-5): a budget below max_tokens; --resume keeps the thinking", async () => {
  const server = await serveScoped([...loop, { thinking: "Continue.", text: "done again" }]);
  const env = cleanEnv({
    ANTHROPIC_API_KEY: "k",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    ANTHROPIC_MODEL: "claude-sonnet-4-5",
    MAX_THINKING_TOKENS: "6000",
  });
  const first = await runCli(["-p", "read both"], { cwd: workspace.dir, env });
  assert.equal(first.code, 0, first.stderr);
  assert.equal(first.stdout.trim(), "alpha and beta", "headless text output has no thinking");
  const body = server.requests[0]!.body as Body;
  assert.deepEqual(body.thinking, { type: "enabled", budget_tokens: 6000 });
  assert.ok(body.max_tokens > 6000);
  const resumed = await runCli(["-p", "-c", "again"], { cwd: workspace.dir, env });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(server.refusals, []);
  const history = (server.requests.at(-1)!.body as Body).messages;
  assert.equal(history[1]!.content[0]!.thinking, "First read a.", "the transcript kept the signed thinking");
});

test("Opus 4.7 gets adaptive thinking with summarized display; effort max", async () => {
  const server = await serveScoped([{ thinking: "plan", text: "ok" }]);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(
    ["-p", "hi", "--model", "claude-opus-4-7", "--effort", "max", "--output-format", "stream-json"],
    { cwd: workspace.dir, env },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  const body = server.requests[0]!.body as Body;
  assert.deepEqual(body.thinking, { type: "adaptive", display: "summarized" });
  assert.match(run.stdout, /"thinking":"plan"/);
});

const reasonerLoop: Script = [
  { thinking: "Read a first.", tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
  { thinking: "Then b.", tool_calls: [{ name: "Read", input: { file_path: "b.txt" } }] },
  { thinking: "Done.", text: "alpha and beta" },
];

for (const [model, field] of [
  ["deepseek-reasoner", "reasoning_content"],
  ["kimi-k2-thinking", "reasoning_content"],
  ["qwen3-coder-thinking", "reasoning"],
] as const) {
  test(`OpenAI-compatible reasoner ${model}: ${field} is kept and sent back within the tool loop`, async () => {
    const server = await serveScoped(
      reasonerLoop,
      field === "reasoning" ? { reasoningField: "reasoning" } : {},
    );
    const env = cleanEnv({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseURL, OPENAI_MODEL: model });
    const run = await runCli(["-p", "read both", "--output-format", "json"], { cwd: workspace.dir, env });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(server.refusals, []);
    assert.equal(JSON.parse(run.stdout).result, "alpha and beta");
    const last = (server.requests.at(-1)!.body as { messages: Array<Record<string, unknown>> }).messages;
    const assistants = last.filter((message) => message.role === "assistant");
    assert.deepEqual(
      assistants.map((message) => message[field]),
      ["Read a first.", "Then b."],
    );
  });
}

test("deepseek-reasoner refuses a dropped reasoning_content: the fake server would catch the old bug", async () => {
  const server = await serveScoped([{ text: "x" }]);
  const response = await fetch(`${server.openaiBaseURL}/chat/completions`, {
    method: "POST",
    body: JSON.stringify({
      model: "deepseek-reasoner",
      messages: [
        { role: "user", content: "go" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c", type: "function", function: { name: "Read", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "c", content: "x" },
      ],
    }),
  });
  assert.equal(response.status, 400);
});

test("--effort on OpenAI models: reasoning_effort only where the model takes it", async () => {
  const server = await serveScoped([{ text: "a" }, { text: "b" }]);
  for (const model of ["o3", "gpt-4.1"]) {
    const env = cleanEnv({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseURL, OPENAI_MODEL: model });
    const run = await runCli(["-p", "hi", "--effort", "low"], { cwd: workspace.dir, env });
    assert.equal(run.code, 0, run.stderr);
  }
  assert.deepEqual(server.refusals, []);
  assert.equal((server.requests[0]!.body as Record<string, unknown>).reasoning_effort, "low");
  assert.equal((server.requests[1]!.body as Record<string, unknown>).reasoning_effort, undefined);
});

test("--max-thinking-tokens (as the Agent SDKs pass it) wins over MAX_THINKING_TOKENS; 0 turns thinking off", async () => {
  const server = await serveScoped([{ text: "a" }, { text: "b" }, { text: "c" }]);
  const env = (model: string) =>
    cleanEnv({
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
      ANTHROPIC_MODEL: model,
      MAX_THINKING_TOKENS: "6000",
    });
  const budget = await runCli(["-p", "hi", "--max-thinking-tokens=3000"], {
    cwd: workspace.dir,
    env: env("claude-sonnet-4-5"),
  });
  assert.equal(budget.code, 0, budget.stderr);
  assert.doesNotMatch(budget.stderr, /not acted on/);
  const off = await runCli(["-p", "hi", "--max-thinking-tokens", "0"], {
    cwd: workspace.dir,
    env: env("claude-sonnet-5"),
  });
  assert.equal(off.code, 0, off.stderr);
  // Below the API's minimum budget: raised to 1,024 instead of silently sending no thinking.
  const small = await runCli(["-p", "hi", "--max-thinking-tokens", "500"], {
    cwd: workspace.dir,
    env: env("claude-haiku-4-5"),
  });
  assert.equal(small.code, 0, small.stderr);
  assert.deepEqual(server.refusals, []);
  const sent = server.requests.map((request) => (request.body as Body).thinking);
  assert.deepEqual(sent, [
    { type: "enabled", budget_tokens: 3000 },
    { type: "disabled" },
    { type: "enabled", budget_tokens: 1024 },
  ]);
});

test("--thinking disabled / adaptive (the SDKs' thinking option without a budget)", async () => {
  const server = await serveScoped([{ text: "a" }, { text: "b" }]);
  const env = (model: string) =>
    cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL, ANTHROPIC_MODEL: model });
  const off = await runCli(["-p", "hi", "--thinking=disabled"], {
    cwd: workspace.dir,
    env: env("claude-sonnet-5"),
  });
  assert.equal(off.code, 0, off.stderr);
  const on = await runCli(["-p", "hi", "--thinking=adaptive"], {
    cwd: workspace.dir,
    env: env("claude-sonnet-4-5"),
  });
  assert.equal(on.code, 0, on.stderr);
  assert.deepEqual(
    server.requests.map((request) => (request.body as Body).thinking),
    [{ type: "disabled" }, { type: "enabled", budget_tokens: 10_000 }],
  );
});

test("a bad --max-thinking-tokens is a usage error that says what to pass; no request is sent", async () => {
  const server = await serveScoped([{ text: "never" }]);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  for (const value of ["lots", "-1", "2.5", ""]) {
    const run = await runCli(["-p", "hi", `--max-thinking-tokens=${value}`], { cwd: workspace.dir, env });
    assert.equal(run.code, 2, `${value}: ${run.stderr}`);
    assert.match(
      run.stderr,
      /--max-thinking-tokens .*expected a whole number of tokens, e\.g\. 8000 \(0 turns thinking off\)/,
    );
  }
  const mode = await runCli(["-p", "hi", "--thinking", "sometimes"], { cwd: workspace.dir, env });
  assert.equal(mode.code, 2);
  assert.match(mode.stderr, /--thinking/);
  assert.match(mode.stderr, /adaptive, enabled, disabled/);
  assert.equal(server.requests.length, 0);
});
