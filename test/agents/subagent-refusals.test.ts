// The Agent tool's and the background tools' unhappy paths: a subagent whose model cannot be set up is
// refused with the reason (nothing starts, the parent's turn goes on); TaskOutput and TaskStop with an
// id no agent has name the ids there are; TaskStop on a finished agent says it is not running.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createSubagentHarness } from "../support/subagent-harness.js";
import { createWorkspace } from "../support/workspace.js";

type Request = { messages: Array<{ content: unknown }> };

/** The tool_result blocks of a request's last message, by the tool call's position in the response. */
function results(request: Request) {
  const last = request.messages.at(-1)!.content as Array<{
    type: string;
    content?: string;
    is_error?: boolean;
  }>;
  return last.filter((block) => block.type === "tool_result");
}

test("a subagent whose model cannot be set up is refused with the reason; nothing starts and the parent goes on", async () => {
  const workspace = createWorkspace({});
  const { session, model, events } = await createSubagentHarness({
    cwd: workspace.dir,
    modelFor: async (name) => {
      throw new Error(`no model is named "${name}" (check the name or alias)`);
    },
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Agent", input: { description: "look", prompt: "LOOK: a.txt", model: "gpt-nope" } },
          ],
        },
        { text: "I will do it myself." },
      ],
      routes: [],
    },
  });
  const turn = await session.submit("go");
  const request = model.requests[1];
  assert.ok(request, "a second request");
  const [result] = results(request);
  assert.ok(result);
  assert.equal(result.is_error, true);
  assert.match(
    String(result.content),
    /Cannot start the general-purpose agent: no model is named "gpt-nope" \(check the name or alias\)/,
  );
  assert.equal(events.filter((event) => event.type === "subagent-start").length, 0);
  assert.equal(turn.isError, false);
  assert.equal(turn.result, "I will do it myself.");
  assert.equal(model.requests.length, 2, "no request was made for the refused agent");
  workspace.cleanup();
});

test("TaskOutput and TaskStop with an unknown id name the known ones; TaskStop on a finished agent says so", async () => {
  const workspace = createWorkspace({});
  const { session, model } = await createSubagentHarness({
    cwd: workspace.dir,
    newAgentId: () => "bg1",
    script: {
      turns: [
        { tool_calls: [{ name: "TaskOutput", input: { task_id: "zzz" } }] },
        {
          tool_calls: [
            {
              name: "Agent",
              input: { description: "quick job", prompt: "BG-QUICK: say done", run_in_background: true },
            },
          ],
        },
        { tool_calls: [{ name: "TaskOutput", input: { task_id: "bg1" } }] },
        {
          tool_calls: [
            { name: "TaskStop", input: { task_id: "bg1" } },
            { name: "TaskStop", input: { task_id: "nope" } },
          ],
        },
        { text: "all done" },
      ],
      routes: [{ match: "BG-QUICK:", turns: [{ text: "BG DONE" }] }],
    },
  });
  const turn = await session.submit("go");
  assert.equal(turn.result, "all done");
  const main = model.requests.filter((request) => request.route === "main");
  const [, first, , third, fourth] = main;
  assert.ok(first && third && fourth, "five requests of the parent");
  const [none] = results(first);
  assert.ok(none);
  assert.equal(none.is_error, true);
  assert.match(String(none.content), /No background agent or command with id "zzz"\. None was started\./);
  const [output] = results(third);
  assert.ok(output);
  assert.notEqual(output.is_error, true);
  assert.match(
    String(output.content),
    /Background agent bg1 \(general-purpose: quick job\): completed\n\nBG DONE/,
  );
  const [finished, unknown] = results(fourth);
  assert.ok(finished && unknown);
  assert.equal(finished.is_error, true);
  assert.match(String(finished.content), /Background agent bg1 is not running \(it completed\)\./);
  assert.equal(unknown.is_error, true);
  assert.match(String(unknown.content), /No background agent or command with id "nope"\. Known: bg1\./);
  workspace.cleanup();
});
