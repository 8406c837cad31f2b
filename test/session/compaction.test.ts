// Session-level context budget with the scripted model: trimming keeps requests under the window,
// auto-compaction fires PreCompact/PostCompact/SessionStart(compact) with the right payloads, pairs
// stay intact, and failures leave the history exactly as it was.
import assert from "node:assert/strict";
import { chmodSync, readFileSync } from "node:fs";
import { after, test } from "node:test";
import type { Message, ToolResultBlock, ToolUseBlock } from "../../src/model/types.js";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

// 100 lines of 200 characters: each Read result is about 5,000 tokens.
const workspace = createWorkspace({
  "big.txt": `${"x".repeat(199)}\n`.repeat(100),
  "large.txt": `${"y".repeat(199)}\n`.repeat(240),
});
after(() => workspace.cleanup());

function recorder(name: string): { path: string; log: string } {
  const log = `${workspace.dir}/${name}.log`;
  const path = workspace.write(`hooks/${name}.sh`, `#!/bin/sh\ncat >> ${log}\necho >> ${log}\n`);
  chmodSync(path, 0o755);
  return { path, log };
}

const payloads = (log: string) =>
  readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

function assertPairsIntact(messages: Message[]) {
  const uses = new Set<string>();
  for (const message of messages)
    for (const block of message.content) {
      if (block.type === "tool_use") uses.add((block as ToolUseBlock).id);
      if (block.type === "tool_result")
        assert.ok(uses.has((block as ToolResultBlock).tool_use_id), "every tool_result follows its tool_use");
    }
}

/** About 2,000 tokens: more than the recent tail a 10,000-token window keeps word for word. */
const LONG_ANSWER = "A long answer. ".repeat(530);

const readTurns = (count: number, file = "big.txt") =>
  Array.from({ length: count }, () => ({ tool_calls: [{ name: "Read", input: { file_path: file } }] }));

test("a long session stays under the window through trimming, with pairs intact and history untouched", async () => {
  const window = 30_000;
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [...readTurns(12), { text: "done" }],
    context: { window, trim: true, autoCompact: false },
  });
  const turn = await session.submit("read it many times");
  assert.equal(turn.result, "done");
  for (const request of model.requests) {
    const chars =
      JSON.stringify(request.messages).length + request.system.length + JSON.stringify(request.tools).length;
    assert.ok(chars / 4 < window, `request of ~${Math.round(chars / 4)} tokens fits in ${window}`);
    assertPairsIntact(request.messages);
  }
  const last = JSON.stringify(model.requests.at(-1)!.messages);
  assert.match(last, /result cleared/);
  const history = JSON.stringify(session.messages);
  assert.doesNotMatch(history, /result cleared/, "the history itself keeps every result");
});

test("auto-compaction at the threshold fires PreCompact, PostCompact and SessionStart(compact)", async () => {
  const pre = recorder("pre-compact");
  const post = recorder("post-compact");
  const start = recorder("session-start");
  const { session, model, summaryModel } = await createTestSession({
    cwd: workspace.dir,
    // Three large reads, all among the newest results that trimming keeps whole: only compaction can
    // bring the history back under the threshold (trimming would clear older results first).
    script: [...readTurns(3, "large.txt"), { text: "finished after compaction" }],
    summaryScript: [{ text: "## Goal\nread big.txt\n## Next steps\nfinish" }],
    context: { window: 40_000, trim: false, autoCompact: true },
    settings: [
      {
        hooks: {
          PreCompact: [{ matcher: "auto", hooks: [{ type: "command", command: pre.path }] }],
          PostCompact: [{ hooks: [{ type: "command", command: post.path }] }],
          SessionStart: [{ matcher: "compact", hooks: [{ type: "command", command: start.path }] }],
        },
      },
    ],
  });
  const turn = await session.submit("go");
  assert.equal(turn.result, "finished after compaction");
  assert.equal(summaryModel.requests.length, 1, "one summary request");
  assert.deepEqual(summaryModel.requests[0]?.tools, []);
  const [prePayload] = payloads(pre.log);
  assert.equal(prePayload.hook_event_name, "PreCompact");
  assert.equal(prePayload.trigger, "auto");
  assert.equal(prePayload.custom_instructions, "");
  const [postPayload] = payloads(post.log);
  assert.match(postPayload.compact_summary, /read big\.txt/);
  assert.equal(payloads(start.log)[0].source, "compact");
  const afterCompaction = model.requests.at(-1)!.messages;
  assert.match(JSON.stringify(afterCompaction[0]), /summary of the earlier conversation/);
  assertPairsIntact(afterCompaction);
});

test("a PreCompact block cancels compaction and leaves the history as it was", async () => {
  const block = workspace.write("hooks/block.sh", "#!/bin/sh\necho 'not now' >&2\nexit 2\n");
  chmodSync(block, 0o755);
  const { session, summaryModel, events } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: LONG_ANSWER }, { text: "hello" }],
    summaryScript: [{ text: "never used" }],
    context: { window: 10_000, trim: true, autoCompact: false },
    settings: [{ hooks: { PreCompact: [{ hooks: [{ type: "command", command: block }] }] } }],
  });
  await session.submit("tell me a lot");
  await session.submit("hi");
  const before = structuredClone(session.messages);
  const result = await session.compact("manual", "keep the file list");
  assert.equal(result.ok, false);
  assert.match(result.message, /cancelled by a PreCompact hook: not now/);
  assert.deepEqual(session.messages, before);
  assert.equal(summaryModel.requests.length, 0);
  // The command's answer says why; no warning repeats it (the REPL printed both).
  assert.ok(!events.some((event) => event.type === "warning"), "no second report of the refusal");
});

test("a failed summary call leaves the history exactly as it was and says so", async () => {
  const { session } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: LONG_ANSWER }, { text: "hello" }],
    summaryScript: [{ fault: { status: 500, body: "summary service down" } }],
    context: { window: 10_000, trim: true, autoCompact: false },
  });
  await session.submit("tell me a lot");
  await session.submit("hi");
  const before = structuredClone(session.messages);
  const result = await session.compact("manual");
  assert.equal(result.ok, false);
  assert.match(result.message, /summary service down/);
  assert.match(result.message, /unchanged/);
  assert.deepEqual(session.messages, before);
});

test("a too-long rejection compacts and retries once", async () => {
  const { session, summaryModel } = await createTestSession({
    cwd: workspace.dir,
    script: [
      { text: LONG_ANSWER },
      { fault: { status: 400, body: "prompt is too long" } },
      { text: "fits now" },
    ],
    summaryScript: [{ text: "summary" }],
    context: { window: 200_000, trim: true, autoCompact: true },
  });
  await session.submit("one");
  const turn = await session.submit("two");
  assert.equal(turn.result, "fits now");
  assert.equal(summaryModel.requests.length, 1);
});

test("a failed auto-compaction is not retried before every request", async () => {
  const { session, summaryModel, events } = await createTestSession({
    cwd: workspace.dir,
    script: [...readTurns(4), { text: "done" }],
    summaryScript: [{ text: "" }, { text: "" }, { text: "" }, { text: "" }],
    context: { window: 12_000, trim: false, autoCompact: true },
  });
  const turn = await session.submit("go");
  assert.equal(turn.result, "done");
  assert.ok(summaryModel.requests.length <= 2, `summary attempts: ${summaryModel.requests.length}`);
  assert.ok(events.some((event) => event.type === "warning" && /Compaction failed/.test(event.message)));
});

test("/compact of a conversation too short to gain from a summary sends nothing and says so", async () => {
  const { session, summaryModel } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: "hello" }, { text: "again" }],
    summaryScript: [{ text: "a summary" }],
    context: { window: 200_000, trim: true, autoCompact: true },
  });
  await session.submit("hi");
  await session.submit("and again");
  const before = structuredClone(session.messages);
  const result = await session.compact("manual");
  assert.equal(result.ok, false);
  assert.match(result.message, /Not enough conversation to compact/);
  assert.equal(summaryModel.requests.length, 0);
  assert.deepEqual(session.messages, before);
});

test("/compact of an ordinary 52-message session compacts it, though it all fits in a tenth of the window", async () => {
  const small = workspace.write("small.txt", `${"a line of the file\n".repeat(40)}`);
  const steps = Array.from({ length: 24 }, () => ({
    tool_calls: [{ name: "Read", input: { file_path: small } }],
  }));
  const { session, summaryModel, events } = await createTestSession({
    cwd: workspace.dir,
    script: [...steps, { text: "All read." }, { text: "the second answer" }],
    summaryScript: [{ text: "## Goal\nread the small file many times" }],
    context: { window: 200_000, trim: true, autoCompact: true },
  });
  await session.submit("read it again and again");
  await session.submit("and now?");
  assert.equal(session.messages.length, 52);
  const result = await session.compact("manual");
  assert.equal(result.ok, true, result.message);
  assert.equal(summaryModel.requests.length, 1);
  const sent = JSON.stringify(summaryModel.requests[0]?.messages);
  assert.match(sent, /read it again and again/, "the first turn is summarised");
  assert.doesNotMatch(sent, /and now\?/, "the latest turn is kept word for word");
  assert.match(JSON.stringify(session.messages[0]), /read the small file many times/);
  assert.match(JSON.stringify(session.messages), /the second answer/);
  assert.ok(session.messages.length <= 3, `kept: ${session.messages.length} messages`);
  assertPairsIntact(session.messages);
  assert.ok(!events.some((event) => event.type === "warning"), "nothing to warn about");
});

test("/compact of a session that is one long turn summarises it and keeps its answer", async () => {
  const small = workspace.write("small.txt", `${"a line of the file\n".repeat(40)}`);
  const steps = Array.from({ length: 25 }, () => ({
    tool_calls: [{ name: "Read", input: { file_path: small } }],
  }));
  const { session, summaryModel } = await createTestSession({
    cwd: workspace.dir,
    script: [...steps, { text: "The final answer." }, { text: "after compaction" }],
    summaryScript: [{ text: "## Goal\none long turn" }],
    context: { window: 200_000, trim: true, autoCompact: true },
  });
  await session.submit("one long task");
  assert.equal(session.messages.length, 52);
  const result = await session.compact("manual");
  assert.equal(result.ok, true, result.message);
  assert.equal(summaryModel.requests.length, 1);
  assert.deepEqual(
    session.messages.map((message) => message.role),
    ["user", "assistant"],
    "the summary, then the answer",
  );
  assert.match(JSON.stringify(session.messages[1]), /The final answer\./);
  const next = await session.submit("go on");
  assert.equal(next.result, "after compaction");
});

test("compaction summarises only what comes before the kept tail, and never grows the history", async () => {
  const { session, summaryModel } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: LONG_ANSWER }, { text: "short reply" }, { text: LONG_ANSWER }, { text: "short" }],
    summaryScript: [{ text: "## Goal\nthe user asked for a lot" }, { text: "x".repeat(40_000) }],
    context: { window: 10_000, trim: false, autoCompact: false },
  });
  await session.submit("first prompt");
  await session.submit("second prompt");
  const result = await session.compact("manual");
  assert.equal(result.ok, true, result.message);
  const sent = JSON.stringify(summaryModel.requests[0]?.messages);
  assert.match(sent, /first prompt/);
  assert.doesNotMatch(sent, /second prompt/, "the kept tail is not summarised");
  assert.match(JSON.stringify(session.messages[0]), /the user asked for a lot/);
  assert.match(JSON.stringify(session.messages), /second prompt/);
  await session.submit("third prompt");
  await session.submit("fourth prompt");
  const before = structuredClone(session.messages);
  const again = await session.compact("manual");
  assert.equal(again.ok, false);
  assert.match(again.message, /would not make the conversation smaller/);
  assert.deepEqual(session.messages, before);
});
