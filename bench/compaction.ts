// Benchmark: a 300-turn synthetic session with large tool outputs (20–50 KB each) driven through
// the compaction functions the session uses on every request (trimForRequest, contextUsage,
// shouldAutoCompact, summarize + applySummary with an in-process fake model). Each scenario runs
// in its own child process so peak RSS is per scenario. Run: node --import tsx bench/compaction.ts
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { messagesChars } from "../src/compaction/estimate-tokens.js";
import {
  applySummary,
  contextUsage,
  contextWindowFor,
  type HistoryScans,
  messageBudget,
  shouldAutoCompact,
  summarize,
  trimForRequest,
} from "../src/compaction/index.js";
import type { Message, ModelClient, ModelRequest, ToolSchema, Usage } from "../src/model/types.js";

type Scenario = { name: string; trim: boolean; autoCompact: boolean };
const SCENARIOS: Scenario[] = [
  { name: "trim+auto-compact", trim: true, autoCompact: true },
  { name: "trim only (AUTOCOMPACT=0)", trim: true, autoCompact: false },
  { name: "auto-compact only", trim: false, autoCompact: true },
];
const TURNS = 300;
const MODEL = "claude-sonnet-4-5";
const RESERVE_OUTPUT = 32_000;

const system = `You are a coding agent.\n${"Guidance line for the agent about tools and style.\n".repeat(160)}`;
const tools: ToolSchema[] = ["Read", "Write", "Edit", "Glob", "Grep", "Bash", "WebFetch", "Skill"].map(
  (name) => ({
    name,
    description: `${name} tool. ${"Describes the behaviour of the tool in detail. ".repeat(20)}`,
    input_schema: {
      type: "object",
      properties: { file_path: { type: "string" }, command: { type: "string" } },
    },
  }),
);

/** Deterministic pseudo-random sizes (no Math.random: figures are comparable between runs). */
function sizeFor(turn: number, call: number): number {
  return 20_000 + ((turn * 7_919 + call * 104_729) % 30_001);
}

function toolOutput(turn: number, call: number): string {
  const line = `src/module-${turn}/file-${call}.ts: export function handler${turn}_${call}() { return ${turn}; }\n`;
  return line.repeat(Math.ceil(sizeFor(turn, call) / line.length)).slice(0, sizeFor(turn, call));
}

function fakeSummarizer(): ModelClient & { requests: number; largest: number } {
  return {
    provider: "scripted",
    model: MODEL,
    requests: 0,
    largest: 0,
    async *stream(request: ModelRequest) {
      this.requests++;
      this.largest = Math.max(this.largest, request.system.length + messagesChars(request.messages));
      const summary = `## Goal\nRefactor modules.\n## Decisions\n${"- decision\n".repeat(200)}## Next steps\n- continue`;
      const usage: Usage = { input_tokens: 0, output_tokens: summary.length / 4 };
      yield { type: "text-delta", text: summary };
      yield {
        type: "message-end",
        message: { role: "assistant", content: [{ type: "text", text: summary }] },
        stopReason: "end_turn",
        usage,
        durationMs: 0,
      };
    },
  };
}

async function runScenario(scenario: Scenario): Promise<Record<string, string | number>> {
  const window = contextWindowFor(MODEL);
  const budgetTokens = messageBudget({ window, system, tools, reserveOutputTokens: RESERVE_OUTPUT });
  const toolChars = JSON.stringify(tools).length;
  const signal = new AbortController().signal;
  const summarizer = fakeSummarizer();
  let history: Message[] = [];
  // The session's own: one conversation's scan kept from request to request (context-manager.ts).
  const scans: HistoryScans = {};
  let lastUsage: Usage | undefined;
  let pending: Message[] = [];
  let largestRequestChars = 0;
  let overWindow = 0;
  let requests = 0;
  let compactions = 0;
  let clearedResults = 0;
  let perRequestMs = 0;
  const started = performance.now();

  const send = async (): Promise<void> => {
    const before = performance.now();
    const used = contextUsage({ lastUsage, messagesSinceLastRequest: pending, system, tools, window });
    if (scenario.autoCompact && shouldAutoCompact(used, window)) {
      const result = await summarize(summarizer, history, { signal, maxTranscriptTokens: window / 4 });
      if (!result.ok) throw new Error(result.error);
      history = applySummary(history, result.summary, { keepRecentTokens: window / 10 });
      pending = history.slice();
      lastUsage = undefined;
      compactions++;
    }
    const outbound = scenario.trim ? trimForRequest(history, { budgetTokens, scans }) : undefined;
    const messages = outbound?.messages ?? history;
    perRequestMs += performance.now() - before;
    clearedResults = Math.max(clearedResults, outbound?.clearedResults ?? 0);
    const chars = system.length + toolChars + messagesChars(messages);
    largestRequestChars = Math.max(largestRequestChars, chars);
    if (chars / 4 > window) overWindow++;
    requests++;
    lastUsage = { input_tokens: Math.ceil(chars / 4), output_tokens: 100 };
    pending = [];
  };
  const append = (message: Message): void => {
    history.push(message);
    pending.push(message);
  };

  for (let turn = 0; turn < TURNS; turn++) {
    append({ role: "user", content: [{ type: "text", text: `Turn ${turn}: continue the refactoring.` }] });
    const calls = 1 + (turn % 2);
    for (let call = 0; call < calls; call++) {
      await send();
      const id = `toolu_${turn}_${call}`;
      const input = { file_path: `src/module-${turn}/file-${call}.ts` };
      append({ role: "assistant", content: [{ type: "tool_use", id, name: "Read", input }] });
      append({
        role: "user",
        content: [{ type: "tool_result", tool_use_id: id, content: toolOutput(turn, call) }],
      });
    }
    await send();
    append({
      role: "assistant",
      content: [{ type: "text", text: `Turn ${turn} done. ${"Notes. ".repeat(40)}` }],
    });
  }
  const wallMs = performance.now() - started;
  return {
    scenario: scenario.name,
    requests,
    "wall ms": Math.round(wallMs),
    "compaction ms/request": Number((perRequestMs / requests).toFixed(3)),
    "largest request chars": largestRequestChars,
    "largest summary request chars": summarizer.largest,
    "requests over window": overWindow,
    compactions,
    "max results cleared": clearedResults,
    "peak RSS MB": Math.round(process.resourceUsage().maxRSS / 1024),
    "heap used MB": Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
  };
}

const self = fileURLToPath(import.meta.url);
const only = process.argv[2];
if (only !== undefined) {
  const scenario = SCENARIOS[Number(only)];
  if (scenario === undefined) throw new Error(`no scenario ${only}: 0 to ${SCENARIOS.length - 1}`);
  process.stdout.write(`${JSON.stringify(await runScenario(scenario))}\n`);
} else {
  console.log(`compaction bench: ${TURNS} turns, tool outputs 20–50 KB, model ${MODEL}`);
  const rows = SCENARIOS.map((_, index) => {
    const child = spawnSync(process.execPath, [...process.execArgv, self, String(index)], {
      encoding: "utf8",
    });
    if (child.status !== 0) throw new Error(`scenario ${index} failed:\n${child.stderr}`);
    return JSON.parse(child.stdout.trim().split("\n").pop() ?? "{}") as Record<string, string | number>;
  });
  console.table(rows);
}
