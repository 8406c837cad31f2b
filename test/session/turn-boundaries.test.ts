// What must not leak from one turn (or one conversation) into the next: the permission denials a
// turn reports; after /clear, the results the context manager had cleared in the old history (a fresh
// conversation's small results go to the model whole) and its "wait before compacting again" mark.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "big.txt": `${"x".repeat(79)}\n`.repeat(80), "small.txt": "tiny\n" });
after(() => workspace.cleanup());

test("a turn reports its own permission denials, not the previous turn's", async () => {
  const { session } = await createTestSession({
    cwd: workspace.dir,
    rules: { deny: ["Bash(rm *)"] },
    script: [
      { tool_calls: [{ id: "c1", name: "Bash", input: { command: "rm -rf build" } }] },
      { text: "could not" },
      { text: "hello again" },
    ],
  });
  const first = await session.submit("clean up");
  assert.deepEqual(
    first.permissionDenials.map((denial) => [denial.tool_name, denial.tool_input.command]),
    [["Bash", "rm -rf build"]],
  );
  const second = await session.submit("just talk");
  assert.equal(second.result, "hello again");
  assert.deepEqual(second.permissionDenials, []);
});

test("after /clear, results the old conversation had cleared do not make the new one's disappear", async () => {
  const reads = (prefix: string, file: string, count: number) => ({
    tool_calls: Array.from({ length: count }, (_, index) => ({
      id: `${prefix}${index}`,
      name: "Read",
      input: { file_path: file },
    })),
  });
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    context: { window: 6_000, trim: true, autoCompact: false },
    script: [
      // One read a step: the results of the newest step are never cleared.
      ...Array.from({ length: 6 }, (_, index) => reads(`old${index}-`, "big.txt", 1)),
      { text: "read them" },
      ...Array.from({ length: 5 }, (_, index) => reads(`new${index}-`, "small.txt", 1)),
      { text: "read those" },
    ],
  });
  await session.submit("read the big file six times");
  const trimmed = JSON.stringify(model.requests.at(-1)?.messages);
  assert.match(trimmed, /result cleared to save context/, "the old conversation needed trimming");
  session.reset();
  await session.submit("read the small file five times");
  const fresh = model.requests.at(-1)?.messages ?? [];
  assert.equal(fresh.length, 11, "the new conversation only: the prompt, then five calls and results");
  assert.doesNotMatch(JSON.stringify(fresh), /cleared to save context/);
  assert.equal(JSON.stringify(fresh).match(/tiny/g)?.length, 5, "every small result sent whole");
});

test("after /clear, a failed compaction of the old conversation does not hold back the new one's", async () => {
  const { session, summaryModel } = await createTestSession({
    cwd: workspace.dir,
    script: [
      ...Array.from({ length: 4 }, () => ({
        tool_calls: [{ name: "Read", input: { file_path: "big.txt" } }],
      })),
      { text: "done" },
      { text: "ok" },
      { text: "ok again" },
    ],
    // Every summary comes back empty: each attempt fails (and is a request we can count).
    summaryScript: Array.from({ length: 6 }, () => ({ text: "" })),
    context: { window: 8_000, trim: false, autoCompact: true },
  });
  await session.submit("read the big file four times");
  const attemptsBefore = summaryModel.requests.length;
  assert.ok(attemptsBefore >= 1, "the old conversation tried to compact");
  session.reset();
  await session.submit(`summarise this: ${"p".repeat(40_000)}`);
  await session.submit("and now?");
  assert.equal(
    summaryModel.requests.length,
    attemptsBefore + 1,
    "the new, short but full conversation tried to compact before its second request",
  );
});
