// A running Bash command's output reaches the session's listeners as it arrives (tool-progress
// events, for the REPL's live view), while the result still carries the whole output.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace();
after(() => space.cleanup());

test("Bash streams its output as tool-progress events before the call ends", async () => {
  const { session, events } = await createTestSession({
    cwd: space.dir,
    mode: "bypassPermissions",
    script: [
      { tool_calls: [{ id: "b1", name: "Bash", input: { command: "echo first; sleep 0.3; echo second" } }] },
      { text: "done" },
    ],
  });
  const order: string[] = [];
  session.subscribe((event) => {
    if (event.type === "tool-progress") order.push(`progress:${event.toolUseId}:${event.output.trim()}`);
    if (event.type === "tool-call-end") order.push("end");
  });
  await session.submit("run it");
  const progress = order.filter((item) => item.startsWith("progress:b1:"));
  assert.ok(progress.length >= 1, order.join(" | "));
  assert.match(progress.join("\n"), /first/);
  const [firstProgress] = progress;
  assert.ok(
    firstProgress !== undefined && order.indexOf(firstProgress) < order.indexOf("end"),
    "progress comes before the call ends",
  );
  const end = events.find((event) => event.type === "tool-call-end");
  assert.ok(end?.type === "tool-call-end" && /first\nsecond/.test(end.content));
});
