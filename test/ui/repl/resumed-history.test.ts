import assert from "node:assert/strict";
import { test } from "node:test";
import type { HistoryMessage } from "../../../src/ui/repl/host.js";
import { historyEntries, historyTranscript, SUMMARY_LINE } from "../../../src/ui/repl/resumed-history.js";

const cwd = "/srv/demo-project";
const user = (text: string, ...more: string[]): HistoryMessage => ({
  role: "user",
  content: [text, ...more].map((t) => ({ type: "text" as const, text: t })),
});
const answer = (text: string): HistoryMessage => ({ role: "assistant", content: [{ type: "text", text }] });

test("prompts, answers and tool calls paired with their results by id", () => {
  const messages: HistoryMessage[] = [
    user("fix the tests", '<system-note source="UserPromptSubmit hook">\nbranch main\n</system-note>'),
    {
      role: "assistant",
      content: [
        { type: "text", text: "Looking " },
        { type: "text", text: "first." },
        { type: "tool_use", id: "t1", name: "Read", input: { file_path: "/srv/demo-project/src/a.ts" } },
        { type: "tool_use", id: "t2", name: "Bash", input: { command: "npm test" } },
      ],
    },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "t2", content: "1 failing", is_error: true },
        { type: "tool_result", tool_use_id: "t1", content: "code" },
      ],
    },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "t3", name: "Edit", input: { file_path: "b.ts" } }],
    },
    answer("**Fixed** it."),
  ];
  assert.deepEqual(historyEntries(messages, { cwd }), [
    { kind: "user", text: "fix the tests" },
    { kind: "assistant", text: "Looking first." },
    { kind: "tool", summary: "Read(src/a.ts)", status: "ok", content: "" },
    { kind: "tool", summary: "Bash(npm test)", status: "error", content: "" },
    { kind: "tool", summary: "Edit(b.ts)", status: "interrupted", content: "" },
    { kind: "assistant", text: "**Fixed** it." },
  ]);
});

test("a compaction summary becomes one dim line; the prompt merged after it still shows", () => {
  const summary =
    "[Context compacted] This session continues … Below is a summary of the earlier conversation; …\n\n<summary>\nlots\n</summary>";
  const entries = historyEntries([user(summary, "and now?"), answer("done")], { cwd });
  assert.deepEqual(entries, [
    { kind: "info", text: SUMMARY_LINE },
    { kind: "user", text: "and now?" },
    { kind: "assistant", text: "done" },
  ]);
});

test("a long history shows only the last entries, cut at a message, with a count above", () => {
  const messages: HistoryMessage[] = [];
  for (let turn = 1; turn <= 15; turn++) messages.push(user(`question ${turn}`), answer(`answer ${turn}`));
  const entries = historyEntries(messages, { cwd });
  assert.equal(entries.length, 21);
  assert.deepEqual(entries[0], { kind: "info", text: "… 10 earlier messages" });
  assert.deepEqual(entries[1], { kind: "user", text: "question 6" });
  assert.deepEqual(entries.at(-1), { kind: "assistant", text: "answer 15" });

  const odd = historyEntries(messages.slice(0, 5), { cwd, limit: 4 });
  assert.deepEqual(odd[0], { kind: "info", text: "… 1 earlier message" });
  assert.equal(odd.length, 5);

  const short = historyEntries(messages.slice(0, 4), { cwd });
  assert.equal(short.length, 4);
  assert.equal(short[0].kind, "user");
});

test("one message with more entries than the limit shows its tail", () => {
  const calls = Array.from({ length: 30 }, (_, index) => ({
    type: "tool_use" as const,
    id: `t${index}`,
    name: "Grep",
    input: { pattern: `p${index}` },
  }));
  const entries = historyEntries([user("search"), { role: "assistant", content: calls }], { cwd });
  assert.equal(entries.length, 21);
  assert.deepEqual(entries[0], { kind: "info", text: "… 1 earlier message" });
  assert.equal(entries[1].kind === "tool" && entries[1].summary, "Grep(p10)");
});

test("an empty history gives an empty transcript; entries get ids in order", () => {
  assert.deepEqual(historyTranscript([], { cwd }).entries, []);
  const transcript = historyTranscript([user("hi"), answer("hello")], { cwd });
  assert.deepEqual(
    transcript.entries.map((entry) => entry.id),
    [1, 2],
  );
  assert.equal(transcript.nextId, 3);
});
