// Spend caps through the built CLI against the fake model server: settings budget.sessionUsd crossing
// mid-turn in -p (warnings at 80% and 95% on stderr, error_max_budget_usd, the transcript whole), the
// daily cap over the user's usage ledger (refused before any request; two sessions at once sharing
// it), a model's daily cap, the unknown-price notice, typos in budget settings, stream-json, and a
// subagent stopping at the session's cap.
// Prices are set through modelPricing so each scripted request costs an exact amount.
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Script } from "../../src/providers/script-format.js";
import { projectSessionsDir } from "../../src/transcript/transcript-index.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";
import { startStreamCli } from "../support/stream-cli.js";

const MODEL = "claude-sonnet-4-6";
/** One input token costs a cent: a step's `usage` sets its price exactly. */
const PRICING = { [MODEL]: { input: 10_000, output: 0, cacheRead: 0, cacheWrite: 0 } };
const cents = (n: number) => ({ input_tokens: n, output_tokens: 0 });
const read = (usage: number): Script[number] => ({
  tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }],
  usage: cents(usage),
});

const envFor = (server: FakeModelServer, home?: string) =>
  cleanEnv({
    ANTHROPIC_API_KEY: "k",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    ...(home ? { HOME: home } : {}),
  });
const settings = (budget: Record<string, unknown>, pricing: Record<string, unknown> = PRICING) =>
  JSON.stringify({ budget, modelPricing: pricing });
/** A `-p go --output-format json --model <model>` run with more arguments. */
const runPriced = (model: string, args: string[], options: Parameters<typeof runCli>[1]) =>
  runCli(["-p", "go", "--output-format", "json", "--model", model, ...args], options);
const ledgerDir = (home: string) => join(home, ".local", "state", "reagent", "usage");
const ledgerLines = (home: string) =>
  readdirSync(ledgerDir(home)).flatMap((name) =>
    readFileSync(join(ledgerDir(home), name), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { cost_usd: number | null; session: string; model: string }),
  );

test("budget.sessionUsd crossing mid-turn in -p: warnings at 80% and 95%, then error_max_budget_usd", async () => {
  const workspace = scopedWorkspace({ "a.txt": "alpha\n" });
  // $0.17 (85%), $0.19 (95%), $0.24 (over): the fourth step is never asked for.
  const server = await serveScoped([read(17), read(2), read(5), { text: "done", usage: cents(1) }]);
  const env = envFor(server);
  const run = await runPriced(MODEL, ["--settings", settings({ sessionUsd: 0.2 })], {
    cwd: workspace.dir,
    env,
  });
  assert.equal(run.code, 1, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.subtype, "error_max_budget_usd");
  assert.equal(result.is_error, true);
  assert.match(
    result.result,
    /this session has cost \$0\.2400, reaching its cap of \$0\.2000 \(budget\.sessionUsd in --settings\)/,
  );
  assert.match(result.result, /run again with a higher --max-budget-usd or budget\.sessionUsd/);
  assert.equal(server.requests.length, 3, "no request after the cap was reached");
  const warnings = run.stderr.split("\n").filter((line) => line.includes("budget:"));
  assert.deepEqual(
    warnings.map((line) => line.replace(/ \(.*/, "")),
    [
      "reagent: warning: budget: 80% of the session cap used",
      "reagent: warning: budget: 95% of the session cap used",
    ],
    run.stderr,
  );
  assert.ok(Math.abs(result.total_cost_usd - 0.24) < 1e-9, String(result.total_cost_usd));
  // The transcript is whole: every line parses, every tool call has its result.
  const sessions = projectSessionsDir(join(env.HOME, ".agents", "sessions"), workspace.dir);
  const lines = readFileSync(join(sessions, `${result.session_id}.jsonl`), "utf8")
    .trim()
    .split("\n");
  const entries = lines.map((line) => JSON.parse(line));
  const blocks = entries.flatMap((entry) =>
    Array.isArray(entry.message?.content) ? (entry.message.content as Array<Record<string, unknown>>) : [],
  );
  const calls = blocks.filter((block) => block.type === "tool_use").map((block) => block.id);
  const answered = blocks.filter((block) => block.type === "tool_result").map((block) => block.tool_use_id);
  assert.equal(calls.length, 3);
  assert.deepEqual(answered, calls);
  // The ledger has one line per request, priced.
  const ledger = ledgerLines(env.HOME);
  assert.deepEqual(
    ledger.map((entry) => Math.round((entry.cost_usd ?? -1) * 100)),
    [17, 2, 5],
  );
  assert.ok(ledger.every((entry) => entry.session === result.session_id && entry.model === MODEL));
});

test("--max-budget-usd replaces budget.sessionUsd; a bad budget setting names the file and key", async () => {
  const workspace = scopedWorkspace({ "a.txt": "alpha\n" });
  const server = await serveScoped([
    read(10),
    read(10),
    { text: "done", usage: cents(1) },
    { text: "ok", usage: cents(1) },
  ]);
  const run = await runPriced(
    MODEL,
    ["--max-budget-usd", "5", "--settings", settings({ sessionUsd: 0.05 })],
    { cwd: workspace.dir, env: envFor(server) },
  );
  assert.equal(run.code, 0, run.stdout);
  assert.equal(JSON.parse(run.stdout).subtype, "success");
  const typo = await runCli(["-p", "go", "--settings", settings({ dailyUSD: 1 })], {
    cwd: workspace.dir,
    env: envFor(server),
  });
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /--settings: .*budget.*dailyUSD/);
  const nearMiss = await runCli(["-p", "go", "--settings", JSON.stringify({ budgets: { dailyUsd: 1 } })], {
    cwd: workspace.dir,
    env: envFor(server),
  });
  assert.match(nearMiss.stderr, /unknown setting "budgets" is ignored; did you mean "budget"\?/);
});

test("budget.dailyUsd counts the ledger of earlier sessions today: refused before any request", async () => {
  const workspace = scopedWorkspace({ "a.txt": "alpha\n" });
  const server = await serveScoped([{ text: "never", usage: cents(1) }]);
  const env = envFor(server);
  const now = new Date();
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
  mkdirSync(ledgerDir(env.HOME), { recursive: true });
  const earlier = {
    ts: now.toISOString(),
    session: "earlier",
    project: "/elsewhere",
    model: MODEL,
    input_tokens: 1,
    output_tokens: 1,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
    cost_usd: 0.3,
  };
  writeFileSync(join(ledgerDir(env.HOME), `${month}.jsonl`), `${JSON.stringify(earlier)}\n{"broken`);
  const run = await runPriced(MODEL, ["--settings", settings({ dailyUsd: 0.25 })], {
    cwd: workspace.dir,
    env,
  });
  assert.equal(run.code, 1, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.subtype, "error_max_budget_usd");
  assert.match(
    result.result,
    /today's spend across all sessions is \$0\.3000, reaching the daily cap of \$0\.2500/,
  );
  assert.match(result.result, /raise budget\.dailyUsd in settings or wait until tomorrow/);
  assert.equal(server.requests.length, 0, "no request once the day's cap is spent");
});

test("two sessions at once share the daily ledger: its total is the sum of both runs", async () => {
  const workspace = scopedWorkspace({ "a.txt": "alpha\n" });
  const steps = (count: number): Script => [
    ...Array.from({ length: count }, () => read(1)),
    { text: "done", usage: cents(1) },
  ];
  const [first, second] = [await serveScoped(steps(12)), await serveScoped(steps(12))];
  const home = cleanEnv().HOME;
  const args = ["--settings", settings({ dailyUsd: 100 })];
  const runs = await Promise.all(
    [first, second].map((server) =>
      runPriced(MODEL, args, { cwd: workspace.dir, env: envFor(server, home) }),
    ),
  );
  const results = runs.map((run) => {
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout) as { total_cost_usd: number; session_id: string };
  });
  const ledger = ledgerLines(home);
  assert.equal(ledger.length, 26, "13 requests of each session, no line lost or torn");
  const sum = ledger.reduce((total, entry) => total + (entry.cost_usd ?? 0), 0);
  assert.ok(Math.abs(sum - (results[0]!.total_cost_usd + results[1]!.total_cost_usd)) < 1e-9);
  assert.deepEqual(new Set(ledger.map((entry) => entry.session)), new Set(results.map((r) => r.session_id)));
  // `reagent cost` shows the day, the model and the project, with the total.
  const cost = await runCli(["cost"], { cwd: workspace.dir, env: envFor(first, home) });
  assert.equal(cost.code, 0, cost.stderr);
  assert.match(cost.stdout, /^\d{4}-\d{2}-\d{2} {2}\$0\.2600$/m);
  assert.match(
    cost.stdout,
    new RegExp(
      `^ {2}${MODEL} {2}\\S+ {2}26 requests, 26 input, 0 cache write, 0 cache read, \\d+ output tokens · \\$0\\.2600$`,
      "m",
    ),
  );
  assert.match(cost.stdout, /^Total: \$0\.2600 over 26 requests$/m);
  const later = await runCli(["cost", "--since", "2999-01-01"], {
    cwd: workspace.dir,
    env: envFor(first, home),
  });
  assert.match(later.stdout, /No model requests in the usage ledger since 2999-01-01\./);
  const bad = await runCli(["cost", "--since", "yesterday"], {
    cwd: workspace.dir,
    env: envFor(first, home),
  });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--since yesterday: expected a date as YYYY-MM-DD/);
});

test("budget.perModelUsd stops that model; an unknown price says the caps cannot be enforced", async () => {
  const workspace = scopedWorkspace({ "a.txt": "alpha\n" });
  const server = await serveScoped([read(30), { text: "done", usage: cents(1) }]);
  const capped = await runPriced(
    MODEL,
    ["--settings", settings({ perModelUsd: { [MODEL]: 0.25, "other-model": 0.01 } })],
    { cwd: workspace.dir, env: envFor(server) },
  );
  const result = JSON.parse(capped.stdout);
  assert.equal(result.subtype, "error_max_budget_usd");
  assert.match(
    result.result,
    new RegExp(`today's spend on ${MODEL} is \\$0\\.3000, reaching its cap of \\$0\\.2500`),
  );
  assert.equal(server.requests.length, 1);
  // A model with no price: said at start and not counted as free.
  const unknown = await serveScoped([{ text: "ok", usage: cents(50) }]);
  const run = await runPriced("claude-unpriced-9", ["--settings", settings({ sessionUsd: 0.01 }, {})], {
    cwd: workspace.dir,
    env: envFor(unknown),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /no price is known for claude-unpriced-9: its cost cannot be counted, so the spend caps cannot be enforced for it \(name it in modelPricing in settings\)/,
  );
  assert.equal(run.stderr.match(/no price is known/g)?.length, 1, "said once");
});

test("stream-json: the cap ends a turn mid-way with error_max_budget_usd, and the next prompt is refused at once", async () => {
  const workspace = scopedWorkspace({ "a.txt": "alpha\n" });
  // $0.10, $0.19 (95%), $0.24: over the cap before the fourth request.
  const server = await serveScoped([read(10), read(9), read(5), { text: "never", usage: cents(1) }]);
  const cli = startStreamCli(["--model", MODEL, "--max-budget-usd", "0.2", "--settings", settings({})], {
    cwd: workspace.dir,
    env: envFor(server),
  });
  cli.user("go");
  const first = await cli.waitFor((line) => line.type === "result", "the first result");
  assert.equal(first.subtype, "error_max_budget_usd", JSON.stringify(first));
  assert.match(
    String(first.result),
    /this session has cost \$0\.2400, reaching its cap of \$0\.2000 \(--max-budget-usd\)/,
  );
  assert.equal(server.requests.length, 3);
  cli.user("again");
  const second = await cli.waitFor((line) => line.type === "result" && line !== first, "the second result");
  assert.equal(second.subtype, "error_max_budget_usd");
  assert.equal(server.requests.length, 3, "no request for the refused prompt");
  const warnings = cli.lines.filter((line) => line.subtype === "warning").map((line) => String(line.message));
  assert.ok(
    warnings.some((message) => message.startsWith("budget: 95% of the session cap used")),
    warnings.join("\n"),
  );
  assert.match(cli.stderr(), /budget: 95% of the session cap used/);
  cli.end();
  await cli.exit;
});

test("a subagent stops at the session's cap too: its loop ends, and the parent sends nothing more", async () => {
  const workspace = scopedWorkspace({
    "a.txt": "alpha\n",
    ".agents/agents/reader.md":
      "---\nname: reader\ndescription: Reads files\ntools: Read\n---\nYou are the READER agent.\n",
  });
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          { name: "Agent", input: { description: "read", prompt: "Read a.txt", subagent_type: "reader" } },
        ],
        usage: cents(5),
      },
      { text: "never", usage: cents(1) },
    ],
    routes: [
      { match: "READER agent", turns: [read(10), read(10), read(10), { text: "never", usage: cents(1) }] },
    ],
  });
  const run = await runPriced(MODEL, ["--max-budget-usd", "0.2", "--settings", settings({})], {
    cwd: workspace.dir,
    env: envFor(server),
  });
  const result = JSON.parse(run.stdout);
  assert.equal(result.subtype, "error_max_budget_usd", run.stdout);
  assert.equal(server.requests.length, 3, "the parent's first request and two of the subagent's");
  assert.ok(Math.abs(result.total_cost_usd - 0.25) < 1e-9, String(result.total_cost_usd));
});
