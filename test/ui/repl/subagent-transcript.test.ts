import assert from "node:assert/strict";
import { test } from "node:test";
import type { SessionEvent } from "../../../src/session/events.js";
import { createStyle, stripAnsi } from "../../../src/ui/repl/style.js";
import { taskLine, taskListLines } from "../../../src/ui/repl/task-list-lines.js";
import { emptyTranscript, reduceEvent } from "../../../src/ui/repl/transcript.js";

const agent = {
  agentId: "a1",
  agentType: "Explore",
  description: "find it",
  parentToolUseId: "toolu_1",
  background: true,
  model: "m",
};
const call = { type: "tool_use" as const, id: "c1", name: "Read", input: { file_path: "a.ts" } };

test("a subagent's tool calls show among the running and finished tools, marked with the agent", () => {
  let state = emptyTranscript();
  const apply = (event: SessionEvent) => {
    state = reduceEvent(state, event, 1000);
  };
  apply({ type: "subagent-start", agent });
  apply({ type: "subagent-event", agent, event: { type: "tool-call-start", call, summary: "Read(a.ts)" } });
  assert.deepEqual(
    state.running.map((tool) => tool.summary),
    ["↳ Explore: Read(a.ts)"],
  );
  apply({
    type: "subagent-event",
    agent,
    event: {
      type: "assistant-message",
      message: { role: "assistant", content: [{ type: "text", text: "inner thoughts" }] },
      model: "m",
      usage: { input_tokens: 1, output_tokens: 1 },
      stopReason: "end_turn",
      durationMs: 1,
    },
  });
  apply({
    type: "subagent-event",
    agent,
    event: {
      type: "tool-call-end",
      call,
      summary: "Read(a.ts)",
      isError: false,
      content: "x",
      durationMs: 3,
    },
  });
  apply({
    type: "subagent-end",
    agent,
    end: {
      status: "completed",
      result: "done",
      usage: { input_tokens: 1, output_tokens: 1 },
      durationMs: 5,
      toolUses: 1,
    },
  });
  assert.equal(state.running.length, 0);
  assert.deepEqual(
    state.entries.map((entry) =>
      entry.kind === "tool"
        ? `tool ${entry.summary} ${entry.status}`
        : `${entry.kind} ${"text" in entry ? entry.text : ""}`,
    ),
    ["tool ↳ Explore: Read(a.ts) ok", "info Background agent a1 (Explore: find it) completed."],
  );
  assert.ok(!JSON.stringify(state).includes("inner thoughts"), "a subagent's messages are not shown");
});

test("the task list is kept live from task-list events and drawn with its states", () => {
  const state = reduceEvent(
    emptyTranscript(),
    {
      type: "task-list",
      tasks: [
        { id: "1", subject: "Write the parser", status: "completed" },
        {
          id: "2",
          subject: "Test the parser",
          status: "in_progress",
          activeForm: "Testing the parser",
          owner: "tester",
        },
        { id: "3", subject: "Ship it", status: "pending" },
      ],
    },
    0,
  );
  const style = createStyle(true);
  assert.deepEqual(
    state.tasks.map((task) => stripAnsi(taskLine(task, style))),
    ["☑ Write the parser", "▶ Test the parser (tester)", "☐ Ship it"],
    "the task in progress keeps its subject (the spinner line shows its activeForm)",
  );
  assert.equal(taskListLines(state.tasks, style, 80).length, 3);
  const done = state.tasks.map((task) => ({ ...task, status: "completed" as const }));
  assert.deepEqual(taskListLines(done, style, 80), [], "hidden once every task is done");
});
