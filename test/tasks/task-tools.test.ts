import assert from "node:assert/strict";
import { test } from "node:test";
import { TaskList } from "../../src/tasks/task-list.js";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

function resultsOf(request: { messages: Array<{ role: string; content: unknown }> }) {
  const last = request.messages.at(-1) as {
    content: Array<{ type: string; content?: string; is_error?: boolean }>;
  };
  return last.content.filter((block) => block.type === "tool_result");
}

test("the task tools create, update, link, list and show tasks through the tool pipeline", async () => {
  const workspace = createWorkspace({});
  const changes: number[] = [];
  const made = await createTestSession({
    cwd: workspace.dir,
    mode: "plan",
    script: [
      {
        tool_calls: [
          {
            name: "TaskCreate",
            input: {
              subject: "Write the parser",
              description: "Parse the config",
              activeForm: "Writing the parser",
            },
          },
        ],
      },
      {
        tool_calls: [
          { name: "TaskCreate", input: { subject: "Test the parser", description: "Unit tests" } },
        ],
      },
      {
        tool_calls: [
          { name: "TaskUpdate", input: { taskId: "2", addBlockedBy: ["1"], owner: "tester" } },
          { name: "TaskUpdate", input: { taskId: "#1", status: "in_progress" } },
          { name: "TaskUpdate", input: { taskId: "1", addBlockedBy: ["2"] } },
          { name: "TaskUpdate", input: { taskId: "9", status: "completed" } },
          { name: "TaskList", input: {} },
          { name: "TaskGet", input: { taskId: "2" } },
        ],
      },
      { text: "planned" },
    ],
  });
  const { session, model, events } = made;
  const list = made.app.agents.tasks;
  list.subscribe((tasks) => changes.push(tasks.length));
  const turn = await session.submit("plan it");
  assert.equal(turn.result, "planned");
  assert.equal(model.requests.length, 4);
  const [, second, , fourth] = model.requests;
  assert.ok(second && fourth);
  const [created] = resultsOf(second);
  assert.equal(created?.content, "Task #1 created: Write the parser");
  const batch = resultsOf(fourth);
  assert.equal(batch[0]?.content, "Task #2 updated (owner, blockedBy).");
  assert.equal(batch[1]?.content, "Task #1 updated (status).");
  assert.equal(batch[2]?.is_error, true);
  assert.match(batch[2]?.content ?? "", /Task #2 already waits for task #1; that would be a cycle/);
  assert.equal(batch[3]?.is_error, true);
  assert.match(batch[3]?.content ?? "", /No task with id "9"\. Existing tasks: #1, #2\./);
  assert.equal(
    batch[4]?.content,
    "#1 [in_progress] Write the parser\n#2 [pending] Test the parser (owner: tester) [blocked by #1]",
  );
  assert.match(
    batch[5]?.content ?? "",
    /^#2 \[pending\] Test the parser\nOwner: tester\n\nUnit tests\n\nBlocked by: #1$/,
  );
  const ends = events.filter((event) => event.type === "tool-call-end");
  const listData = ends.find((event) => event.type === "tool-call-end" && event.call.name === "TaskList");
  assert.deepEqual((listData as { data: unknown }).data, {
    tasks: [
      { id: "1", subject: "Write the parser", status: "in_progress", blockedBy: [] },
      { id: "2", subject: "Test the parser", status: "pending", owner: "tester", blockedBy: ["1"] },
    ],
  });
  assert.ok(changes.length >= 4, "listeners hear every change");
  assert.equal(list.get("1")?.activeForm, "Writing the parser");
  workspace.cleanup();
});

test("completing a blocker unblocks; deleting a task removes its links; ids keep counting after a restore", () => {
  const list = new TaskList();
  const a = list.create({ subject: "a", description: "" });
  const b = list.create({ subject: "b", description: "" });
  assert.deepEqual(list.update(b.id, { addBlockedBy: [a.id] }), { ok: true, updatedFields: ["blockedBy"] });
  assert.deepEqual(list.openBlockers(b), ["1"]);
  assert.deepEqual(list.update(a.id, { status: "completed" }), {
    ok: true,
    updatedFields: ["status"],
    statusChange: { from: "pending", to: "completed" },
  });
  assert.deepEqual(list.openBlockers(b), []);
  assert.equal(list.update(a.id, { status: "deleted" }).ok, true);
  assert.deepEqual(list.get(b.id)?.blockedBy, []);
  assert.equal(list.update(b.id, { metadata: { keep: 1, drop: 2 } }).ok, true);
  assert.equal(list.update(b.id, { metadata: { drop: null } }).ok, true);
  assert.deepEqual(list.get(b.id)?.metadata, { keep: 1 });
  const restored = new TaskList(structuredClone([...list.all()]));
  assert.equal(restored.create({ subject: "c", description: "" }).id, "3");
  assert.equal(restored.render(), "#2 [pending] b\n#3 [pending] c");
});
