import assert from "node:assert/strict";
import { test } from "node:test";
import { shellOutcome } from "../../../src/session/user-shell.js";
import type { HistoryMessage } from "../../../src/ui/repl/host.js";
import { historyEntries, historyTranscript } from "../../../src/ui/repl/resumed-history.js";

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
    {
      kind: "tool",
      summary: "Read(src/a.ts)",
      status: "ok",
      content: "code",
      input: { file_path: "/srv/demo-project/src/a.ts" },
      patch: undefined,
    },
    {
      kind: "tool",
      summary: "Bash(npm test)",
      status: "error",
      content: "1 failing",
      input: { command: "npm test" },
      patch: undefined,
    },
    {
      kind: "tool",
      summary: "Edit(b.ts)",
      status: "interrupted",
      content: "",
      input: { file_path: "b.ts" },
      patch: undefined,
    },
    { kind: "assistant", text: "**Fixed** it." },
  ]);
});

test("denied, blocked and interrupted results replay with the live outcome; merged prompts all show", () => {
  const call = (id: string, name: string, input: Record<string, unknown>) => ({
    type: "tool_use" as const,
    id,
    name,
    input,
  });
  const result = (id: string, content: string) => ({
    type: "tool_result" as const,
    tool_use_id: id,
    content,
    is_error: true,
  });
  const messages: HistoryMessage[] = [
    user("first prompt", "second prompt", '<mcp-resource server="d" uri="x">\nbody\n</mcp-resource>'),
    {
      role: "assistant",
      content: [
        call("a", "Write", { file_path: "/srv/demo-project/a.txt", content: "x" }),
        call("b", "Bash", { command: "rm -rf build" }),
        call("c", "Bash", { command: "npm test" }),
        call("d", "Read", { file_path: "/srv/demo-project/.env" }),
      ],
    },
    {
      role: "user",
      content: [
        result("a", "The user declined this tool call (Write a.txt). The user said: use b.txt"),
        result("b", "Tool call denied by a PreToolUse hook: no deletes"),
        result("c", "Command was interrupted; it and its child processes were killed. Output so far:\n"),
        result("d", "Permission denied: Read(.env) is denied by a rule."),
      ],
    },
  ];
  const entries = historyEntries(messages, { cwd });
  assert.deepEqual(
    entries.map((entry) =>
      entry.kind === "tool"
        ? `${entry.summary} ${entry.status}`
        : `${entry.kind} ${"text" in entry ? entry.text : ""}`,
    ),
    [
      "user first prompt",
      "user second prompt",
      "Write(a.txt) denied",
      "Bash(rm -rf build) blocked",
      "Bash(npm test) interrupted",
      "Read(.env) denied",
    ],
  );
});

test("an Edit replays with its change as a diff", () => {
  const messages: HistoryMessage[] = [
    user("rename"),
    {
      role: "assistant",
      content: [
        {
          type: "tool_use",
          id: "e",
          name: "Edit",
          input: {
            file_path: "/srv/demo-project/a.ts",
            old_string: "const a = 1;",
            new_string: "const b = 1;",
          },
        },
      ],
    },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "e", content: "Edited a.ts" }] },
  ];
  const [, tool] = historyEntries(messages, { cwd });
  assert.ok(tool?.kind === "tool" && tool.patch);
  assert.deepEqual(
    tool.patch.flatMap((hunk) => hunk.lines.map((line) => `${line.kind} ${line.text}`)),
    ["removed const a = 1;", "added const b = 1;"],
  );
});

test("a compaction summary becomes one summary entry; the prompt merged after it still shows", () => {
  const summary =
    "[Context compacted] This session continues … Below is a summary of the earlier conversation; …\n\n<summary>\nlots\n</summary>";
  const entries = historyEntries([user(summary, "and now?"), answer("done")], { cwd });
  assert.deepEqual(entries, [
    { kind: "summary", text: "lots" },
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
  assert.equal(short[0]?.kind, "user");
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
  assert.equal(entries[1]?.kind === "tool" && entries[1].summary, "Grep(p10)");
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

test("a ! command replays before the prompt it went with; attached files and folders stay hidden", () => {
  const ran = shellOutcome("ls", {
    result: { type: "tool_result", tool_use_id: "user_1", content: "a.txt" },
    notes: [],
    data: { exitCode: 0 },
  });
  assert.equal(ran.kind, "ran");
  const failed = shellOutcome("false", {
    result: {
      type: "tool_result",
      tool_use_id: "user_2",
      content: "Exit code 1\n(no output)",
      is_error: true,
    },
    notes: [],
    data: { exitCode: 1 },
  });
  const context = [
    ...(ran.kind === "ran" ? ran.context : []),
    ...(failed.kind === "ran" ? failed.context : []),
  ];
  const messages: HistoryMessage[] = [
    user(
      "what now?",
      ...context,
      '<attached-file path="a.txt">\nThe user attached a.txt\n</attached-file>',
      '<attached-folder path="src/">\nsrc/x.ts\n</attached-folder>',
    ),
    answer("ok"),
  ];
  assert.deepEqual(historyEntries(messages, { cwd }), [
    { kind: "user", text: "ls", shell: true },
    { kind: "tool", summary: "Bash(ls)", status: "ok", content: "a.txt" },
    { kind: "user", text: "false", shell: true },
    { kind: "tool", summary: "Bash(false)", status: "error", content: "Exit code 1\n(no output)" },
    { kind: "user", text: "what now?" },
    { kind: "assistant", text: "ok" },
  ]);
});

test("a command that never ran (denied) goes nowhere", () => {
  const refused = shellOutcome("rm -rf build", {
    result: { type: "tool_result", tool_use_id: "user_3", content: "Permission denied: …", is_error: true },
    notes: [],
    code: "permission_denied",
  });
  assert.deepEqual(refused, { kind: "not-run", reason: "Permission denied: …" });
});

test("thinking replays as its dim line, one per stretch of thinking, redacted thinking without text", () => {
  const messages: HistoryMessage[] = [
    user("which option?"),
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Weigh A.", signature: "s1" },
        { type: "thinking", thinking: "Weigh B.", signature: "s2" },
        { type: "text", text: "Option B." },
      ],
    },
    user("and now?"),
    {
      role: "assistant",
      content: [
        { type: "redacted_thinking", data: "opaque" },
        { type: "text", text: "Still B." },
      ],
    },
  ];
  assert.deepEqual(historyEntries(messages, { cwd }), [
    { kind: "user", text: "which option?" },
    { kind: "thinking", text: "Weigh A.\n\nWeigh B." },
    { kind: "assistant", text: "Option B." },
    { kind: "user", text: "and now?" },
    { kind: "thinking", text: "" },
    { kind: "assistant", text: "Still B." },
  ]);
});
