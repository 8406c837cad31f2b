// The one Stop cap, end to end through the session with a real Stop hook process: blocks are
// honoured at most 8 times in a row, the 9th ends the run with a warning, and a tool round starts
// the count again (the hook then sees stop_hook_active false).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { hookScript, onEvent } from "../support/hook-engine.js";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "a.txt": "a\n" });
after(() => workspace.cleanup());

/** A Stop hook that logs `stop_hook_active` of every payload and always blocks. */
function alwaysBlock(name: string, log: string): string {
  return hookScript(
    workspace.dir,
    name,
    `case "$(cat)" in *'"stop_hook_active":true'*) echo true >> ${log};; *) echo false >> ${log};; esac
echo "not done yet" >&2; exit 2`,
  );
}

const texts = (count: number, from: number) =>
  Array.from({ length: count }, (_, index) => ({ text: `answer ${from + index}` }));

test("a Stop hook that always blocks is honoured 8 times in a row; the 9th ends the run with a warning", async () => {
  const log = join(workspace.dir, "always.log");
  const { session, model, events } = await createTestSession({
    cwd: workspace.dir,
    script: texts(12, 1),
    settings: [onEvent("Stop", alwaysBlock("always.sh", log))],
  });
  const turn = await session.submit("go");
  assert.equal(model.requests.length, 9, "the first answer and 8 continuations");
  assert.equal(turn.terminal.reason, "completed");
  assert.equal(turn.result, "answer 9");
  assert.equal(readFileSync(log, "utf8").trim().split("\n").length, 9, "the hook ran once per answer");
  const continued = events.filter((event) => event.type === "stop-continued");
  assert.deepEqual(
    continued.map((event) => event.type === "stop-continued" && event.count),
    [1, 2, 3, 4, 5, 6, 7, 8],
  );
  const warning = events.find((event) => event.type === "hook-notice" && event.notice.kind === "warning");
  assert.ok(warning && warning.type === "hook-notice");
  assert.match(warning.notice.text, /Stop hooks blocked 9 times in a row; ending the run/);
});

test("a tool round starts the count again: stop_hook_active is false and 8 more blocks are honoured", async () => {
  const log = join(workspace.dir, "rounds.log");
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [
      ...texts(5, 1),
      { tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
      ...texts(12, 6),
    ],
    settings: [onEvent("Stop", alwaysBlock("rounds.sh", log))],
  });
  const turn = await session.submit("go");
  const active = readFileSync(log, "utf8").trim().split("\n");
  // 5 answers blocked, the tool round, then 8 honoured blocks and the capped 9th.
  assert.deepEqual(active, [
    "false",
    "true",
    "true",
    "true",
    "true",
    "false",
    "true",
    "true",
    "true",
    "true",
    "true",
    "true",
    "true",
    "true",
  ]);
  assert.equal(model.requests.length, 15);
  assert.equal(turn.result, "answer 14");
});
