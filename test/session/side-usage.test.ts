// A tool's side requests and a compaction summary are counted where `/cost` and the JSON result read:
// the turn's usage and modelUsage, the session's ledger, priced per model (web searches included).
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { z } from "zod";
import { costReport } from "../../src/session/cost-report.js";
import { defineTool, ok } from "../../src/tools/tool.js";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({});
after(() => workspace.cleanup());

/** A tool that made two side requests to another model, each running a web search. */
const lookup = defineTool({
  name: "Lookup",
  description: "Looks something up with a side request.",
  schema: z.object({ q: z.string() }),
  isReadOnly: () => true,
  async execute() {
    return {
      ...ok("found"),
      usage: [
        {
          model: "claude-haiku-4-5",
          usage: { input_tokens: 1500, output_tokens: 60, server_tool_use: { web_search_requests: 1 } },
        },
        {
          model: "claude-haiku-4-5",
          usage: { input_tokens: 500, output_tokens: 40, server_tool_use: { web_search_requests: 1 } },
        },
      ],
    };
  },
});

test("side requests and compaction land in the turn's totals and the session's ledger, priced", async () => {
  const pricing = { scripted: { input: 3, output: 15 } };
  const { session } = await createTestSession({
    cwd: workspace.dir,
    script: [
      {
        tool_calls: [{ name: "Lookup", input: { q: "x" } }],
        usage: { input_tokens: 1000, output_tokens: 10 },
      },
      { text: `done ${"and more ".repeat(200)}`, usage: { input_tokens: 1200, output_tokens: 20 } },
    ],
    tools: [lookup],
    context: { window: 2_000, trim: false, autoCompact: false },
    summaryScript: [{ text: "Summary of it all.", usage: { input_tokens: 4000, output_tokens: 310 } }],
    settings: [{ modelPricing: pricing }],
  });
  const turn = await session.submit("look it up");
  assert.equal(turn.isError, false);
  assert.deepEqual([turn.usage.input_tokens, turn.usage.output_tokens], [4200, 130]);
  assert.equal(turn.usage.server_tool_use?.web_search_requests, 2);
  const side = turn.modelUsage["claude-haiku-4-5"]!;
  assert.equal(side.webSearchRequests, 2);
  const sideCost = (2000 * 1 + 100 * 5) / 1e6 + 2 * 0.01;
  assert.ok(Math.abs(side.costUSD - sideCost) < 1e-9, `${side.costUSD}`);
  assert.ok(Math.abs(turn.totalCostUsd - (sideCost + (2200 * 3 + 30 * 15) / 1e6)) < 1e-9);

  const compacted = await session.compact("manual");
  assert.equal(compacted.ok, true, compacted.message);
  assert.equal(session.ledger.models.scripted!.inputTokens, 2200 + 4000, "the summary request counted");
  assert.equal(session.usage.input_tokens, 8200);
  const report = costReport(session.ledger);
  assert.match(
    report,
    /claude-haiku-4-5: 2000 input, 0 cache write, 0 cache read, 100 output tokens, 2 web searches · \$0\.0225/,
  );
  assert.match(report, /scripted: 6200 input, 0 cache write, 0 cache read, 340 output tokens · \$0\.0237/);
});
