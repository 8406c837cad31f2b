import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { estimateTokens, type HistoryScans, trimForRequest } from "../../src/compaction/index.js";
import type { Message, ToolResultBlock } from "../../src/model/types.js";
import {
  assistantText,
  filler,
  prompt,
  structuralProblems,
  syntheticSession,
  toolCall,
  toolResults,
} from "./synthetic-session.js";

function resultBlocks(messages: readonly Message[]): ToolResultBlock[] {
  return messages.flatMap((message) =>
    message.role === "user" ? message.content.filter((block) => block.type === "tool_result") : [],
  );
}

describe("trimForRequest", () => {
  it("returns an equal copy when the history fits the budget", () => {
    const history = syntheticSession(3, 1, 1_000);
    const result = trimForRequest(history, { budgetTokens: 100_000 });
    assert.notEqual(result.messages, history);
    assert.deepEqual(result.messages, history);
    assert.equal(result.clearedResults, 0);
    assert.equal(result.clearedTokens, 0);
    assert.equal(result.estimatedTokens, estimateTokens(history));
  });

  it("clears the oldest results with a placeholder naming tool, key argument and size", () => {
    const history: Message[] = [
      prompt("Look at the code"),
      toolCall("t1", "Read", { file_path: "src/a.ts" }),
      toolResults(["t1", filler("a", 48_210)]),
      toolCall("t2", "Bash", { command: "npm test", description: "run tests" }),
      toolResults(["t2", filler("b", 30_000), true]),
      toolCall("t3", "Grep", { pattern: "TODO" }),
      toolResults(["t3", filler("c", 20_000)]),
      assistantText("Done."),
    ];
    const result = trimForRequest(history, { budgetTokens: 8_000, keepRecentResults: 1, clearBatch: 1 });
    const [first, second, third] = resultBlocks(result.messages);
    assert.ok(first && second && third);
    assert.equal(first.content, "[Earlier Read(src/a.ts) result cleared to save context: 48,210 chars]");
    assert.equal(second.content, "[Earlier Bash(npm test) result cleared to save context: 30,000 chars]");
    assert.equal(second.is_error, true, "the error flag of a cleared result is kept");
    assert.equal(third.content, filler("c", 20_000), "the newest result stays whole");
    assert.equal(result.clearedResults, 2);
    assert.ok(result.clearedTokens > (48_210 + 30_000 - 200) / 4);
    assert.equal(result.estimatedTokens, estimateTokens(result.messages));
    assert.deepEqual(structuralProblems(result.messages), []);
  });

  it("stops clearing once under budget, oldest first", () => {
    const history = syntheticSession(10, 1, 4_000);
    const budget = estimateTokens(history) - 2_500;
    const result = trimForRequest(history, { budgetTokens: budget, clearBatch: 1 });
    assert.equal(result.clearedResults, 3);
    const blocks = resultBlocks(result.messages);
    assert.ok(blocks.slice(0, 3).every((block) => block.content.startsWith("[Earlier Read(")));
    assert.ok(blocks.slice(3).every((block) => block.content.length === 4_000));
    assert.ok(result.estimatedTokens <= budget);
  });

  it("clears in batches so the cleared prefix moves in steps", () => {
    const history = syntheticSession(10, 1, 4_000);
    const result = trimForRequest(history, { budgetTokens: estimateTokens(history) - 2_500, clearBatch: 4 });
    assert.equal(result.clearedResults, 4);
  });

  it("uses toolSummaries when given", () => {
    const history = [prompt("go"), toolCall("t1", "mcp__x__y", {}), toolResults(["t1", filler("a", 9_000)])];
    history.push(assistantText("ok"));
    const result = trimForRequest(history, {
      budgetTokens: 100,
      keepRecentResults: 0,
      toolSummaries: (id) => (id === "t1" ? { name: "Fetch", keyArg: "https://example.test" } : undefined),
    });
    assert.equal(
      resultBlocks(result.messages)[0]?.content,
      "[Earlier Fetch(https://example.test) result cleared to save context: 9,000 chars]",
    );
  });

  it("never clears results the model has not seen yet", () => {
    const history: Message[] = [
      prompt("go"),
      toolCall("t1", "Read", { file_path: "a" }),
      toolResults(["t1", filler("a", 10_000)]),
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "t2", name: "Read", input: { file_path: "b" } },
          { type: "tool_use", id: "t3", name: "Read", input: { file_path: "c" } },
          { type: "tool_use", id: "t4", name: "Read", input: { file_path: "d" } },
        ],
      },
      toolResults(["t2", filler("b", 10_000)], ["t3", filler("c", 10_000)], ["t4", filler("d", 10_000)]),
    ];
    const result = trimForRequest(history, { budgetTokens: 10, keepRecentResults: 0 });
    const blocks = resultBlocks(result.messages);
    assert.equal(result.clearedResults, 1);
    assert.match(blocks[0]?.content ?? "", /^\[Earlier Read\(a\)/);
    assert.ok(blocks.slice(1).every((block) => block.content.length === 10_000));
  });

  it("skips results smaller than their placeholder", () => {
    const history = [
      prompt("x".repeat(10_000)),
      toolCall("t1", "Read", { file_path: "a" }),
      toolResults(["t1", "ok"]),
    ];
    history.push(assistantText("done"));
    const result = trimForRequest(history, { budgetTokens: 10, keepRecentResults: 0 });
    assert.equal(result.clearedResults, 0);
    assert.equal(resultBlocks(result.messages)[0]?.content, "ok");
    assert.ok(result.estimatedTokens > 10, "the caller sees it is still over budget");
  });

  it("keeps a long synthetic session under budget on every request without mutating history", () => {
    const budget = 60_000;
    const history: Message[] = [];
    let peak = 0;
    for (let turn = 0; turn < 120; turn++) {
      if (turn > 0) history.push(assistantText(`noted ${turn}`));
      history.push(prompt(`step ${turn}`));
      const id = `toolu_${turn}`;
      history.push(
        toolCall(id, turn % 3 === 0 ? "Bash" : "Read", { file_path: `f${turn}.ts`, command: "ls" }),
      );
      history.push(toolResults([id, filler(`r${turn}`, 20_000 + (turn % 5) * 6_000)]));
      const snapshot = turn % 30 === 0 ? structuredClone(history) : undefined;
      const result = trimForRequest(history, { budgetTokens: budget, keepRecentResults: 2 });
      if (snapshot) assert.deepEqual(history, snapshot, "history itself is untouched");
      assert.ok(result.estimatedTokens <= budget, `turn ${turn}: ${result.estimatedTokens} > ${budget}`);
      assert.ok(estimateTokens(result.messages) <= budget);
      assert.deepEqual(structuralProblems(result.messages), []);
      assert.equal(result.messages.length, history.length);
      const original = resultBlocks(history);
      const sent = resultBlocks(result.messages);
      assert.deepEqual(
        sent.map((block) => block.tool_use_id),
        original.map((block) => block.tool_use_id),
      );
      assert.deepEqual(sent.slice(-2), original.slice(-2), "the newest results stay whole");
      peak = Math.max(peak, estimateTokens(result.messages));
    }
    assert.ok(peak > budget / 2, "the test really exercised the budget");
    assert.ok(estimateTokens(history) > budget * 10);
  });
});

describe("trimForRequest keeps the cleared prefix stable for the prompt cache", () => {
  it("results cleared once stay cleared, and a step clears down to the target", () => {
    const history = syntheticSession(12, 1, 8_000);
    const first = trimForRequest(history, { budgetTokens: 18_000, targetTokens: 14_000, clearBatch: 2 });
    assert.ok(first.clearedPrefix > 0);
    assert.ok(first.estimatedTokens <= 14_000);
    assert.ok(first.cacheMissTokens > 0);
    // The history grows by a small step: still under budget, but the cleared prefix must not come back.
    const grown = [...history, prompt("one more small question")];
    const second = trimForRequest(grown, {
      budgetTokens: 18_000,
      targetTokens: 14_000,
      keepCleared: first.clearedPrefix,
      clearBatch: 2,
    });
    assert.equal(second.clearedPrefix, first.clearedPrefix);
    assert.equal(second.cacheMissTokens, 0, "nothing new cleared: the prefix is byte-identical");
    assert.deepEqual(second.messages.slice(0, history.length), first.messages);
    assert.deepEqual(structuralProblems(second.messages), []);
  });
});

describe("trimForRequest over a growing history", () => {
  it("gives what a scan of the whole history gives, while the history grows, changes and shrinks", () => {
    const session = syntheticSession(12, 3, 2_000);
    const replaced = session.map((message, index) => (index === 5 ? structuredClone(message) : message));
    // The histories of consecutive requests, as a session makes them: the same message objects and
    // a few more; then one whose fifth message is another object, a shorter one, and growth again.
    const lengths = [4, 10, 11, 25, 40, 41];
    const histories = [
      ...lengths.map((length) => session.slice(0, length)),
      replaced.slice(0, 44),
      replaced.slice(0, 30),
      replaced.slice(0, 50),
      session,
    ];
    const options = { budgetTokens: 4_000, keepRecentResults: 2 };
    // Without a conversation's scans each history is scanned whole; with them, one request's scan is
    // extended by the next one's new messages.
    const expected = histories.map((history) => trimForRequest(history, options));
    const scans: HistoryScans = {};
    const actual = histories.map((history) => trimForRequest(history, { ...options, scans }));
    assert.equal(scans.last?.messages.length, session.length, "the conversation's scans were kept");
    for (const [step, result] of actual.entries()) {
      const wanted = expected[step];
      assert.ok(wanted);
      assert.equal(result.estimatedTokens, wanted.estimatedTokens, `step ${step}`);
      assert.equal(result.clearedResults, wanted.clearedResults, `step ${step}`);
      assert.deepEqual(result.messages, wanted.messages, `step ${step}`);
    }
    assert.ok(
      actual.some((result) => result.clearedResults > 0),
      "the budget was exceeded on the way",
    );
  });
});

describe("trimForRequest's cleared messages", () => {
  it("are the same objects from one request to the next while they are cleared the same way", () => {
    const session = syntheticSession(10, 3, 2_000);
    const options = { budgetTokens: 4_000, keepRecentResults: 2 };
    const first = trimForRequest(session, options);
    const second = trimForRequest([...session], { ...options, keepCleared: first.clearedPrefix });
    assert.ok(first.clearedResults > 0, "the budget was exceeded");
    const changed = first.messages.flatMap((message, index) => (message === session[index] ? [] : [index]));
    assert.ok(changed.length > 0);
    for (const index of changed)
      assert.equal(second.messages[index], first.messages[index], `message ${index}`);
  });
});
