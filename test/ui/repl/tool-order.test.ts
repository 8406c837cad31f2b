// Parallel tool calls finish in any order; the transcript prints them in the order the model made
// them (the order a resumed session replays them in), each as soon as every earlier call is done.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { SessionEvent } from "../../../src/session/events.js";
import { emptyTranscript, reduceEvent, type Transcript } from "../../../src/ui/repl/transcript.js";

const call = (id: string) => ({
  type: "tool_use" as const,
  id,
  name: "Read",
  input: { file_path: `${id}.ts` },
});
const start = (id: string): SessionEvent => ({
  type: "tool-call-start",
  call: call(id),
  summary: `Read(${id})`,
});
const end = (id: string): SessionEvent => ({
  type: "tool-call-end",
  call: call(id),
  summary: `Read(${id})`,
  isError: false,
  content: "x",
  durationMs: 1,
});
const printed = (state: Transcript) =>
  state.entries.flatMap((entry) => (entry.kind === "tool" ? [entry.summary] : [entry.kind]));

test("parallel calls are printed in the model's order, each as soon as the calls before it are done", () => {
  let state = emptyTranscript();
  const apply = (event: SessionEvent) => {
    state = reduceEvent(state, event, 1000);
  };
  for (const id of ["a", "b", "c"]) apply(start(id));
  apply(end("c"));
  assert.deepEqual(printed(state), [], "c waits for a and b");
  assert.deepEqual(
    state.running.map((tool) => tool.summary),
    ["Read(a)", "Read(b)"],
  );
  apply(end("a"));
  assert.deepEqual(printed(state), ["Read(a)"], "a is first: printed at once");
  apply(end("b"));
  assert.deepEqual(printed(state), ["Read(a)", "Read(b)", "Read(c)"]);
  assert.equal(state.held.length, 0);
});

test("calls still waiting when the turn ends are printed before the turn's last lines", () => {
  let state = emptyTranscript();
  const apply = (event: SessionEvent) => {
    state = reduceEvent(state, event, 1000);
  };
  apply(start("a"));
  apply(start("b"));
  apply(end("b"));
  apply({
    type: "turn-end",
    result: {
      terminal: { reason: "aborted" },
      numTurns: 1,
      durationMs: 2000,
      totalCostUsd: 0,
    },
  } as unknown as SessionEvent);
  assert.deepEqual(printed(state), ["Read(b)", "warning", "feedback"]);
  assert.equal(state.running.length, 0);
});
