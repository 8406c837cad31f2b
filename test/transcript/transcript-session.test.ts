// The application saves its session's history in the transcript file: every message (prompt, assistant,
// tool results, Stop continuation, compaction rewrite) exactly once and in order; a resumed session
// does not write its loaded history again; a write failure is a warning and the turn goes on.
import assert from "node:assert/strict";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Message } from "../../src/model/types.js";
import { parseLine } from "../../src/transcript/transcript-lines.js";
import { loadTranscript } from "../../src/transcript/transcript-load.js";
import { saveSession } from "../support/saved-session.js";
import { createTestSession } from "../support/session-harness.js";
import { tempFolder } from "../support/temp-folder.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "notes.txt": "alpha\n" });
after(() => workspace.cleanup());

/** The transcript file of a test app (its persistence is on). */
function pathOf(made: { transcriptPath: string | null }): string {
  assert.ok(made.transcriptPath, "the session is saved");
  return made.transcriptPath;
}

const messageLines = (path: string): Message[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => parseLine(line))
    .flatMap((parsed) => (parsed?.kind === "message" ? [parsed.message] : []));

test("every history message is written exactly once, in order (tools, Stop continuation, two prompts)", async () => {
  const stop = workspace.write(
    "stop.sh",
    `#!/bin/sh\ncase "$(cat)" in *'"stop_hook_active":true'*) exit 0;; esac\necho "check again" >&2; exit 2\n`,
  );
  chmodSync(stop, 0o755);
  const made = await createTestSession({
    cwd: workspace.dir,
    script: [
      { text: "reading", tool_calls: [{ name: "Read", input: { file_path: "notes.txt" } }] },
      { text: "it says alpha" },
      { text: "checked: alpha" },
      { text: "second answer" },
    ],
    settings: [{ hooks: { Stop: [{ hooks: [{ type: "command", command: stop }] }] } }],
  });
  const { session } = made;
  const transcript = { path: pathOf(made) };
  await session.submit("what is in notes.txt?");
  assert.deepEqual(messageLines(transcript.path), session.messages, "saved at the end of the turn");
  assert.equal(session.messages.length, 6, "prompt, tool call, results, answer, continuation, answer");
  assert.match(JSON.stringify(session.messages[4]), /check again/);
  await session.submit("and again?");
  assert.deepEqual(messageLines(transcript.path), session.messages);
  assert.deepEqual(loadTranscript(transcript.path).messages, session.messages);
});

test("compaction is recorded so that loading gives the compacted history; /clear empties it", async () => {
  const made = await createTestSession({
    cwd: workspace.dir,
    // A long first answer: more than the recent tail a 10,000-token window keeps word for word.
    script: [{ text: "one ".repeat(2500) }, { text: "two" }, { text: "three" }],
    context: { window: 10_000, trim: true, autoCompact: false },
    summaryScript: [{ text: "## Goal\nsay numbers" }],
  });
  const { session } = made;
  const transcript = { path: pathOf(made) };
  await session.submit("first");
  await session.submit("second");
  const result = await session.compact("manual");
  assert.equal(result.ok, true, result.message);
  await session.submit("third");
  const loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, session.messages);
  assert.match(JSON.stringify(loaded.messages[0]), /say numbers/);
  session.reset();
  assert.deepEqual(loadTranscript(transcript.path).messages, []);
});

test("a resumed session starts from the loaded history and appends only new messages", async () => {
  const one = await createTestSession({ cwd: workspace.dir, script: [{ text: "noted: 42" }] });
  await one.session.submit("remember 42");
  await one.app.close();
  const first = { path: pathOf(one) };
  const history = loadTranscript(first.path).messages;
  const two = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: "it was 42" }],
    home: one.home,
    run: { resume: one.app.sessionId },
  });
  await two.session.submit("what was it?");
  assert.deepEqual(two.model.requests[0]?.messages.slice(0, 2), history, "the model sees the old turns");
  assert.deepEqual(messageLines(first.path), two.session.messages, "no message is written twice");
  assert.equal(two.session.messages.length, 4);
});

test("an unwritable transcript directory: one warning event, the turn still completes", async () => {
  // The home folder's .agents is a file: the sessions folder cannot be made.
  const home = tempFolder("home-blocked");
  writeFileSync(join(home, ".agents"), "x");
  const { session, events } = await createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: [{ name: "Read", input: { file_path: "notes.txt" } }] }, { text: "fine" }],
    home,
  });
  const turn = await session.submit("go");
  assert.equal(turn.result, "fine");
  assert.equal(turn.isError, false);
  const warnings = events.filter((event) => event.type === "warning");
  assert.equal(warnings.length, 1, "warned once, not once per message");
  assert.match(JSON.stringify(warnings[0]), /could not save the session transcript/);
});

test("a file change's structured patch is saved with its result and loaded back by tool_use_id", async () => {
  const made = await createTestSession({
    cwd: workspace.dir,
    script: [
      { tool_calls: [{ id: "toolu_read", name: "Read", input: { file_path: "notes.txt" } }] },
      {
        tool_calls: [
          {
            id: "toolu_edit",
            name: "Edit",
            input: { file_path: "notes.txt", old_string: "alpha", new_string: "beta" },
          },
        ],
      },
      {
        tool_calls: [
          { id: "toolu_w1", name: "Write", input: { file_path: "one.txt", content: "1\n" } },
          { id: "toolu_w2", name: "Write", input: { file_path: "two.txt", content: "2\n" } },
        ],
      },
      { text: "changed" },
    ],
    mode: "acceptEdits",
  });
  const { session } = made;
  const transcript = { path: pathOf(made) };
  await session.submit("change things");
  const lines = readFileSync(transcript.path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const answering = (id: string) =>
    lines.find((line) => JSON.stringify(line.message ?? "").includes(`"tool_use_id":"${id}"`))!;
  const edit = answering("toolu_edit");
  assert.deepEqual(
    (edit.toolUseResult as { structuredPatch: unknown }).structuredPatch,
    [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ["-alpha", "+beta"] }],
    "Claude Code's toolUseResult on a line answering one call",
  );
  assert.equal(answering("toolu_read").toolUseResults, undefined, "a Read keeps no result data");
  const writes = answering("toolu_w1");
  assert.equal(writes.toolUseResult, undefined, "a line answering two calls has no single toolUseResult");
  assert.deepEqual(Object.keys(writes.toolUseResults as object).sort(), ["toolu_w1", "toolu_w2"]);
  assert.ok(
    !JSON.stringify(writes).includes("originalFile"),
    "file contents are not copied into the transcript",
  );
  const loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, session.messages);
  assert.deepEqual(Object.keys(loaded.toolResults).sort(), ["toolu_edit", "toolu_w1", "toolu_w2"]);
});

test("a resumed history of 200,000 messages: the session starts from all of it and goes on", async () => {
  const history: Message[] = Array.from({ length: 200_000 }, (_, index) => ({
    role: index % 2 === 0 ? "user" : "assistant",
    content: [{ type: "text", text: `m${index}` }],
  })) as Message[];
  const home = tempFolder("home-long");
  const id = saveSession(home, workspace.dir, "long-history", history);
  const { session } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: "still here" }],
    home,
    run: { resume: id },
    // Nothing is compacted: the history goes to the model as it was loaded.
    env: { COMPACT: "0" },
  });
  assert.equal(session.messages.length, 200_000);
  assert.deepEqual(session.messages[199_999], history[199_999]);
  const turn = await session.submit("and now?");
  assert.equal(turn.result, "still here");
  assert.equal(session.messages.length, 200_002);
});
