// A compacted session keeps its plan: the task list rides along with the summary that replaces the
// earlier conversation, so the next request still shows every task and its status.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

test("compaction keeps the task list in the summary", async () => {
  // Enough earlier conversation for compaction to replace (the recent part is kept word for word).
  const workspace = createWorkspace({ "notes.txt": `${"background material ".repeat(20)}\n`.repeat(40) });
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    context: { window: 20_000, trim: true, autoCompact: false },
    summaryScript: [{ text: "## Goal\nship the parser\n## Next steps\ntest it" }],
    script: [
      { tool_calls: [{ name: "Read", input: { file_path: "notes.txt" } }] },
      {
        tool_calls: [
          { name: "TaskCreate", input: { subject: "Write the parser", description: "" } },
          { name: "TaskCreate", input: { subject: "Test the parser", description: "" } },
        ],
      },
      { tool_calls: [{ name: "TaskUpdate", input: { taskId: "1", status: "completed" } }] },
      { text: "parser written" },
      { text: "continuing with the tests" },
    ],
  });
  await session.submit("build the parser");
  const compacted = await session.compact("manual");
  assert.equal(compacted.ok, true, compacted.message);
  const first = JSON.stringify(session.messages[0]);
  assert.match(first, /ship the parser/);
  assert.match(first, /#1 \[completed\] Write the parser\\n#2 \[pending\] Test the parser/);
  await session.submit("go on");
  assert.match(JSON.stringify(model.requests.at(-1)!.messages), /#2 \[pending\] Test the parser/);
  workspace.cleanup();
});
