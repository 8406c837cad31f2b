// The one Stop cap, end to end through the session with a real Stop hook process: blocks are
// honoured at most 8 times per prompt, the 9th ends the run with a warning; once a block made the agent
// continue, stop_hook_active stays true for the rest of the prompt (tool rounds or not), as in Claude Code.
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

test("a Stop hook that always blocks is honoured 8 times; the 9th ends the run with a warning", async () => {
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
  assert.match(
    warning.notice.text,
    /Stop hooks blocked 9 times; ending the run \(at most 8 blocks are honoured per prompt\)/,
  );
});

test('the common "block unless stop_hook_active" Stop hook ends the turn after one continuation, also when the model ran tools in between', async () => {
  // As in Claude Code: once a Stop hook made the agent continue, every later stop of the same prompt
  // has stop_hook_active true, tool rounds or not; the hook then lets it stop.
  const log = join(workspace.dir, "common.log");
  const hook = hookScript(
    workspace.dir,
    "common.sh",
    `case "$(cat)" in *'"stop_hook_active":true'*) echo true >> ${log}; exit 0;; esac
echo false >> ${log}; echo "run the tests first" >&2; exit 2`,
  );
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [
      { text: "done" },
      { tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
      { text: "tests pass" },
      ...texts(10, 1),
    ],
    settings: [onEvent("Stop", hook)],
  });
  const turn = await session.submit("go");
  assert.equal(turn.result, "tests pass");
  assert.equal(model.requests.length, 3, "the answer, the tool round, the final answer");
  assert.deepEqual(readFileSync(log, "utf8").trim().split("\n"), ["false", "true"]);
  // The next prompt starts afresh.
  await session.submit("again");
  assert.deepEqual(readFileSync(log, "utf8").trim().split("\n"), ["false", "true", "false", "true"]);
});

test("a hook that always blocks is capped per prompt: tool rounds between the blocks do not restart the count", async () => {
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
  // 5 answers (4 of them continuations), the tool round, then 4 more honoured blocks and the capped 9th.
  assert.deepEqual(active, ["false", "true", "true", "true", "true", "true", "true", "true", "true"]);
  assert.equal(model.requests.length, 10);
  assert.equal(turn.result, "answer 9");
});
