import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  applySummary,
  buildSummaryRequest,
  contextUsage,
  estimateTokens,
  isSummaryMessage,
  SUMMARY_MARKER,
  SUMMARY_SECTIONS,
  shouldAutoCompact,
  summarize,
  trimForRequest,
} from "../../src/compaction/index.js";
import type { Message, ModelClient, ModelEvent, ModelRequest, Usage } from "../../src/model/types.js";
import {
  assistantText,
  filler,
  prompt,
  structuralProblems,
  syntheticSession,
  toolCall,
  toolResults,
} from "./synthetic-session.js";

type ScriptedClient = ModelClient & { requests: ModelRequest[] };

/** An in-process ModelClient: each stream() call plays the next script entry and records the request. */
function scriptedClient(
  script: Array<ModelEvent[] | ((request: ModelRequest) => ModelEvent[])>,
): ScriptedClient {
  const requests: ModelRequest[] = [];
  return {
    provider: "scripted",
    model: "scripted-test",
    requests,
    async *stream(request) {
      requests.push(request);
      const entry = script.shift();
      if (!entry) throw new Error("script exhausted");
      for (const event of typeof entry === "function" ? entry(request) : entry) yield event;
    },
  };
}

const usage: Usage = { input_tokens: 1_200, output_tokens: 300 };

function replyEvents(text: string, deltas = true): ModelEvent[] {
  return [
    { type: "message-start", model: "scripted-test" },
    ...(deltas ? [{ type: "text-delta" as const, text }] : []),
    {
      type: "message-end",
      message: { role: "assistant", content: text ? [{ type: "text", text }] : [] },
      stopReason: "end_turn",
      usage,
      durationMs: 1,
    },
  ];
}

const signal = new AbortController().signal;

describe("buildSummaryRequest", () => {
  it("asks for every section in one user message with the transcript, and no tools", () => {
    const history = syntheticSession(2, 1, 500);
    const request = buildSummaryRequest(history, { customInstructions: "Focus on the parser." });
    assert.match(request.system, /summar/i);
    assert.equal(request.messages.length, 1);
    const [message] = request.messages;
    assert.ok(message);
    assert.equal(message.role, "user");
    assert.equal(message.content[0]?.type, "text");
    const text = (message.content[0] as { text: string }).text;
    for (const section of SUMMARY_SECTIONS) assert.ok(text.includes(`## ${section}`), section);
    assert.ok(text.includes("Turn 0: please look at module 0"));
    assert.ok(text.includes("Read(src/module-1-0.ts)"));
    assert.ok(text.includes("Additional instructions from the user for this summary:\nFocus on the parser."));
  });

  it("abbreviates tool results and caps the transcript, keeping the first and newest messages", () => {
    const history = syntheticSession(200, 2, 30_000);
    const request = buildSummaryRequest(history, { maxTranscriptTokens: 20_000 });
    const text = (request.messages[0]?.content[0] as { text: string } | undefined)?.text ?? "";
    assert.ok(estimateTokens(text) < 21_500, `summary request is ${estimateTokens(text)} tokens`);
    assert.ok(text.includes("Turn 0: please look at module 0"));
    assert.ok(text.includes("Turn 199: please look at module 199"));
    assert.match(text, /earlier messages omitted/);
    assert.ok(!text.includes("Additional instructions"));
  });
});

describe("summarize", () => {
  it("returns the summary text and usage, sending the summary request", async () => {
    const client = scriptedClient([replyEvents("## Goal\nShip it.\n")]);
    const history = syntheticSession(2, 1, 100);
    const result = await summarize(client, history, { signal, customInstructions: "be brief" });
    assert.deepEqual(result, { ok: true, summary: "## Goal\nShip it.", usage, truncated: false });
    assert.equal(client.requests.length, 1);
    const [request] = client.requests;
    assert.ok(request);
    const expected = buildSummaryRequest(history, { customInstructions: "be brief" });
    assert.equal(request.system, expected.system);
    assert.deepEqual(request.messages, expected.messages);
    assert.deepEqual(request.tools, []);
    assert.equal(request.signal, signal);
  });

  it("falls back to the streamed text when the final message carries none", async () => {
    const events = replyEvents("streamed summary");
    const end = events[2] as Extract<ModelEvent, { type: "message-end" }>;
    end.message = { role: "assistant", content: [] };
    const result = await summarize(scriptedClient([events]), [prompt("hi")], { signal });
    assert.equal(result.ok && result.summary, "streamed summary");
  });

  const failures: Array<[string, ModelEvent[] | (() => ModelEvent[]), RegExp]> = [
    [
      "an error event",
      [{ type: "error", error: { kind: "server", message: "upstream 500", status: 500 } }],
      /upstream 500/,
    ],
    ["empty text", replyEvents("   ", false), /empty summary/],
    ["a stream without a terminal event", [{ type: "message-start", model: "m" }], /ended without a result/],
    [
      "a client that throws",
      () => {
        throw new Error("socket hang up");
      },
      /socket hang up/,
    ],
  ];
  for (const [name, entry, pattern] of failures) {
    it(`reports ok:false for ${name} and never throws`, async () => {
      const history = syntheticSession(1, 1, 100);
      const snapshot = structuredClone(history);
      const result = await summarize(scriptedClient([entry]), history, { signal });
      assert.equal(result.ok, false);
      assert.ok(!result.ok);
      assert.match(result.error, pattern);
      assert.match(result.error, /history is unchanged/);
      assert.deepEqual(history, snapshot);
    });
  }

  it("reports a cancelled compaction", async () => {
    const controller = new AbortController();
    controller.abort();
    const client = scriptedClient([[{ type: "error", error: { kind: "aborted", message: "aborted" } }]]);
    const result = await summarize(client, [prompt("hi")], { signal: controller.signal });
    assert.ok(!result.ok && /cancelled/.test(result.error));
  });
});

describe("applySummary", () => {
  const history: Message[] = [
    prompt("first task"),
    toolCall("a1", "Read", { file_path: "a.ts" }),
    toolResults(["a1", filler("a", 4_000)]),
    assistantText("read a"),
    prompt("second task"),
    toolCall("b1", "Edit", { file_path: "b.ts" }),
    toolResults(["b1", "edited"]),
    assistantText("edited b"),
    prompt("third task"),
    toolCall("c1", "Bash", { command: "npm test" }),
    toolResults(["c1", filler("c", 4_000)]),
    assistantText("tests pass"),
  ];

  it("puts a marked summary first and keeps the recent turns verbatim", () => {
    const snapshot = structuredClone(history);
    const result = applySummary(history, "## Goal\nX", { keepRecentTurns: 1 });
    assert.deepEqual(history, snapshot, "input untouched");
    assert.equal(result.length, 4);
    const [summary] = result;
    assert.ok(summary && isSummaryMessage(summary));
    const [summaryText, promptText] = summary.content as Array<{ type: "text"; text: string }>;
    assert.ok(summaryText && promptText);
    assert.ok(summaryText.text.includes(SUMMARY_MARKER));
    assert.ok(summaryText.text.includes("## Goal\nX"));
    assert.equal(promptText.text, "third task", "the kept prompt is merged into the summary message");
    assert.deepEqual(result.slice(1), history.slice(9));
    assert.deepEqual(structuralProblems(result), []);
  });

  it("keepRecentTurns larger than the history keeps everything after the summary", () => {
    const result = applySummary(history, "S", { keepRecentTurns: 10 });
    assert.equal(result.length, history.length);
    assert.deepEqual(structuralProblems(result), []);
  });

  it("keepRecentTokens never starts the tail with an orphaned tool_result", () => {
    for (let tokens = 0; tokens <= estimateTokens(history) + 10; tokens += 50) {
      const result = applySummary(history, "S", { keepRecentTokens: tokens });
      assert.deepEqual(structuralProblems(result), [], `keepRecentTokens ${tokens}`);
      assert.ok(estimateTokens(result.slice(1)) <= Math.max(tokens, 0) + 10);
    }
    // 1,015 tokens fit the 4 KB result and the final text but not the call that asked for it.
    const small = applySummary(history, "S", { keepRecentTokens: 1_015 });
    assert.equal(small.length, 2, "the tail moves past the result whose tool_use was dropped");
    assert.deepEqual(small[1], assistantText("tests pass"));
    const larger = applySummary(history, "S", { keepRecentTokens: 1_030 });
    assert.deepEqual(larger.slice(1), history.slice(-3), "with room for the call, the pair is kept");
  });

  it("keeps an unfinished step (history ending in tool results) so the loop can resume", () => {
    const pending = [...history.slice(0, 9), toolCall("d1", "Read", { file_path: "d.ts" })];
    pending.push(toolResults(["d1", filler("d", 40_000)]));
    const result = applySummary(pending, "S", { keepRecentTokens: 0 });
    assert.equal(result.length, 3);
    assert.equal(result[1]?.role, "assistant");
    assert.deepEqual(result.slice(1), pending.slice(-2));
    assert.deepEqual(structuralProblems(result), []);
    const afterPrompt = applySummary([...history, prompt("fourth task")], "S", { keepRecentTurns: 0 });
    assert.equal(afterPrompt.length, 1, "an unanswered prompt is merged into the summary message");
    assert.equal((afterPrompt[0]?.content[1] as { text: string } | undefined)?.text, "fourth task");
  });

  it("merges adjacent same-role messages, tool results before text", () => {
    const odd: Message[] = [
      prompt("task"),
      toolCall("x1", "Read", { file_path: "x" }),
      toolResults(["x1", "content"]),
      prompt("interrupting note"),
      assistantText("ok"),
      assistantText("more"),
    ];
    const result = applySummary(odd, "S", { keepRecentTurns: 5 });
    assert.deepEqual(structuralProblems(result), []);
    assert.equal(result.length, 4);
    assert.deepEqual(
      result[2]?.content.map((block) => block.type),
      ["tool_result", "text"],
    );
  });
});

describe("a long session with trimming and auto-compaction", () => {
  it("keeps every request under the window, compacting at 85%", async () => {
    const window = 40_000;
    const system = "You are a coding agent.";
    let history: Message[] = [];
    let lastUsage: Usage | undefined;
    let sinceLastRequest: Message[] = [];
    let compactions = 0;
    const requests: ModelRequest[] = [];
    for (let turn = 0; turn < 150; turn++) {
      const added: Message[] = [prompt(`task ${turn}: ${filler("p", 3_000)}`)];
      history.push(...added);
      sinceLastRequest.push(...added);
      const used = contextUsage({
        lastUsage,
        messagesSinceLastRequest: sinceLastRequest,
        system,
        tools: [],
        window,
      });
      if (shouldAutoCompact(used, window)) {
        const client = scriptedClient([
          (request) => replyEvents(`## Goal\nsummary of ${request.messages.length}`),
        ]);
        const result = await summarize(client, history, { signal, maxTranscriptTokens: window / 2 });
        requests.push(...client.requests);
        assert.ok(result.ok);
        history = applySummary(history, result.summary, { keepRecentTokens: window / 5 });
        assert.deepEqual(structuralProblems(history), []);
        lastUsage = undefined;
        sinceLastRequest = history.slice();
        compactions++;
      }
      const outbound = trimForRequest(history, {
        budgetTokens: Math.floor(window * 0.6),
        keepRecentResults: 1,
      });
      const request = { system, messages: outbound.messages, tools: [], signal };
      requests.push(request);
      const reported = estimateTokens(system) + estimateTokens(outbound.messages);
      lastUsage = { input_tokens: reported, output_tokens: 50 };
      const id = `t${turn}`;
      const reply = [toolCall(id, "Read", { file_path: `f${turn}` }), toolResults([id, filler("r", 12_000)])];
      history.push(...reply, assistantText(`done ${turn} ${filler("a", 2_000)}`));
      sinceLastRequest = history.slice(-3);
    }
    assert.ok(compactions >= 2, `compacted ${compactions} times`);
    for (const request of requests) {
      const size = estimateTokens(request.system) + estimateTokens(request.messages);
      assert.ok(size < window, `a request of ${size} tokens exceeded the ${window}-token window`);
    }
  });
});
