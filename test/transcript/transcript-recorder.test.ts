// Transcript persistence is a subscriber, not a side effect of the session: it saves what the session
// announces, in order, before whatever runs next (hooks reading transcript_path see the message that
// led to them), with the answering model and usage; unsubscribed, it saves nothing more.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { recordTranscript } from "../../src/transcript/transcript-recorder.js";
import { TranscriptStore } from "../../src/transcript/transcript-store.js";
import { hookScript, onEvent } from "../support/hook-engine.js";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "notes.txt": "alpha\n" });
after(() => workspace.cleanup());

function store(id: string) {
  return new TranscriptStore({
    dir: join(workspace.dir, "sessions"),
    header: {
      session_id: id,
      cwd: workspace.dir,
      model: "scripted",
      provider: "scripted",
      created_at: "2026-01-01T00:00:00.000Z",
      version: "0.0.0",
    },
    onWarning: (message) => assert.fail(message),
  });
}

const lines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A hook that appends to `log` how many transcript lines contain `needle` when it runs. */
function countingHook(name: string, needle: string, log: string): string {
  return hookScript(
    workspace.dir,
    name,
    `path=$(cat | sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p')
echo "$(grep -c '${needle}' "$path")" >> ${log}`,
  );
}

test("a hook reading transcript_path finds the message that led to it", async () => {
  const preLog = join(workspace.dir, "pre.log");
  const stopLog = join(workspace.dir, "stop.log");
  const { session } = await createTestSession({
    cwd: workspace.dir,
    script: [
      { tool_calls: [{ id: "call_marker_7", name: "Read", input: { file_path: "notes.txt" } }] },
      { text: "final answer marker_9" },
    ],
    settings: [
      onEvent("PreToolUse", countingHook("pre.sh", "call_marker_7", preLog), "Read"),
      onEvent("Stop", countingHook("stop.sh", "final answer marker_9", stopLog)),
    ],
  });
  const turn = await session.submit("go");
  assert.equal(turn.result, "final answer marker_9");
  assert.equal(readFileSync(preLog, "utf8").trim(), "1", "PreToolUse saw the tool call's line");
  assert.equal(readFileSync(stopLog, "utf8").trim(), "1", "Stop saw the last answer's line");
});

test("assistant lines carry the model and usage of their answer", async () => {
  const made = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: "counted", usage: { input_tokens: 321, output_tokens: 12 } }],
  });
  const { session } = made;
  const transcript = { path: made.transcriptPath ?? "" };
  await session.submit("count");
  const assistant = lines(transcript.path).find((line) => line.type === "assistant");
  const message = assistant?.message as { model: string; usage: { input_tokens: number } } | undefined;
  assert.equal(message?.model, session.model.model);
  assert.equal(message?.usage.input_tokens, 321);
});

test("the session saves nothing by itself: unsubscribed, the recorder stops", async () => {
  const transcript = store("unsubscribed");
  const { session } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: "one" }, { text: "two" }],
  });
  const stop = recordTranscript(session, transcript);
  await session.submit("first");
  const saved = lines(transcript.path).length;
  assert.equal(saved, 3, "header, prompt, answer");
  stop();
  await session.submit("second");
  assert.equal(lines(transcript.path).length, saved, "nothing written after unsubscribing");
  assert.equal(session.messages.length, 4);
});
