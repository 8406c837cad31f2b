// What loading a transcript gives back at boundaries: the history and the structured tool results
// (the REPL's replay) after compactions and `/clear`, boundary-like text inside messages that is no
// boundary, damaged lines after the last boundary (warned with their line numbers), the first
// release's records, the parent uuid of the next line, and a history of 200,000 messages.
import assert from "node:assert/strict";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Message } from "../../src/model/types.js";
import { loadTranscript } from "../../src/transcript/transcript-load.js";
import { resolveResume } from "../../src/transcript/transcript-resume.js";
import { type MessageMeta, TranscriptStore } from "../../src/transcript/transcript-store.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace();
after(() => workspace.cleanup());

function store(name: string) {
  return new TranscriptStore({
    dir: join(workspace.dir, name),
    header: {
      session_id: name,
      cwd: "/project",
      model: "scripted",
      provider: "scripted",
      created_at: "2025-01-02T03:04:05.000Z",
      version: "1.2.3",
    },
    onWarning: (message) => assert.fail(message),
  });
}

const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
const assistant = (text: string): Message => ({ role: "assistant", content: [{ type: "text", text }] });
const patch = (file: string) => ({
  type: "update",
  filePath: file,
  structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ["-a", "+b"] }],
});

/** One Edit round trip whose result is saved with its structured patch. */
function editTrip(transcript: TranscriptStore, id: string, file: string): Message[] {
  const call: Message = {
    role: "assistant",
    content: [
      { type: "tool_use", id, name: "Edit", input: { file_path: file, old_string: "a", new_string: "b" } },
    ],
  };
  const result: Message = {
    role: "user",
    content: [{ type: "tool_result", tool_use_id: id, content: `Updated ${file}` }],
  };
  const meta: MessageMeta = { toolResults: { [id]: patch(file) } };
  transcript.append(call);
  transcript.append(result, meta);
  return [call, result];
}

const lineCount = (path: string) => readFileSync(path, "utf8").split("\n").filter(Boolean).length;

test("tool results: gathered by tool_use_id, dropped by a compaction and by /clear, kept after them", () => {
  const transcript = store("results");
  transcript.append(user("go"));
  editTrip(transcript, "t1", "one.ts");
  editTrip(transcript, "t2", "two.ts");
  const both: Message = {
    role: "user",
    content: [
      { type: "tool_result", tool_use_id: "w1", content: "wrote" },
      { type: "tool_result", tool_use_id: "w2", content: "wrote" },
    ],
  };
  transcript.append({
    role: "assistant",
    content: [
      { type: "tool_use", id: "w1", name: "Write", input: { file_path: "w1.ts", content: "" } },
      { type: "tool_use", id: "w2", name: "Write", input: { file_path: "w2.ts", content: "" } },
    ],
  });
  transcript.append(both, { toolResults: { w1: patch("w1.ts"), w2: patch("w2.ts") } });
  let loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.toolResults, {
    t1: patch("one.ts"),
    t2: patch("two.ts"),
    w1: patch("w1.ts"),
    w2: patch("w2.ts"),
  });

  // A compaction keeps its summary and recent messages, but not the results saved before it.
  const kept = [user("[summary]"), assistant("ok")];
  transcript.compact("summary", kept, "manual");
  loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, kept);
  assert.deepEqual(loaded.toolResults, {});
  const after = editTrip(transcript, "t3", "three.ts");
  loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, [...kept, ...after]);
  assert.deepEqual(loaded.toolResults, { t3: patch("three.ts") });

  transcript.clear();
  loaded = loadTranscript(transcript.path);
  assert.deepEqual([loaded.messages, loaded.toolResults], [[], {}]);
  const fresh = editTrip(transcript, "t4", "four.ts");
  loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, fresh);
  assert.deepEqual(loaded.toolResults, { t4: patch("four.ts") });
  assert.equal(loaded.header?.session_id, "results", "the header is read from the first line");
  assert.deepEqual(loaded.warnings, []);
});

test("the last of several boundaries wins; a later line's uuid is the next parent", () => {
  const transcript = store("several");
  transcript.append(user("one"));
  transcript.compact("s1", [user("[summary 1]")]);
  transcript.append(assistant("two"));
  transcript.clear();
  transcript.append(user("three"));
  transcript.compact("s2", [user("[summary 2]"), assistant("three done")], "auto");
  transcript.append(user("four"));
  const loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, [user("[summary 2]"), assistant("three done"), user("four")]);
  const last = readFileSync(transcript.path, "utf8").trim().split("\n").at(-1)!;
  assert.equal(loaded.lastUuid, JSON.parse(last).uuid);

  const cleared = store("cleared-last");
  cleared.append(user("before"));
  cleared.clear();
  const empty = loadTranscript(cleared.path);
  assert.deepEqual(empty.messages, []);
  const boundary = JSON.parse(readFileSync(cleared.path, "utf8").trim().split("\n").at(-1)!);
  assert.equal(boundary.subtype, "reagent_clear");
  assert.equal(empty.lastUuid, boundary.uuid, "the boundary line is the next message's parent");
});

test("boundary-like text inside messages and tool inputs is no boundary", () => {
  const transcript = store("lookalike");
  const tricky: Message[] = [
    user('{"type":"system","subtype":"compact_boundary"} and "reagent_clear"'),
    {
      role: "assistant",
      content: [
        {
          type: "tool_use",
          id: "x1",
          name: "mcp__notes__save",
          input: { type: "compact", subtype: "compact_boundary", kind: "reagent_clear", messages: [] },
        },
      ],
    },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "x1", content: '"type":"clear"' }] },
    assistant('{"type":"compact","messages":[]}\n{"type":"clear"}'),
  ];
  for (const message of tricky) transcript.append(message);
  const loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, tricky);
  assert.deepEqual(loaded.warnings, []);
});

test("a damaged line after the last boundary is skipped with its line number; a torn end is ignored", () => {
  const transcript = store("damaged");
  transcript.append(user("old"));
  transcript.compact("s", [user("[summary]")]);
  transcript.append(assistant("kept"));
  appendFileSync(transcript.path, "not json at all\n");
  transcript.append(user("after the damage"));
  appendFileSync(transcript.path, '{"type":"user","message":{"role":"us');
  const loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, [user("[summary]"), assistant("kept"), user("after the damage")]);
  // header, user, boundary, summary, kept → the damaged line is line 6.
  assert.equal(loaded.warnings.length, 2);
  assert.match(loaded.warnings[0]!, /damaged\.jsonl:6: skipped a line that is not a valid transcript record/);
  assert.match(loaded.warnings[1]!, /ignored an incomplete last line/);
  const lines = readFileSync(transcript.path, "utf8").split("\n");
  assert.equal(loaded.lastUuid, JSON.parse(lines.at(-2)!).uuid, "the torn line is no parent");
  assert.equal(lineCount(transcript.path), 8);
});

test("the first release's compact and clear records are boundaries too", () => {
  const transcript = store("legacy");
  transcript.append(user("never written this way, but appended after the old records"));
  const path = transcript.path;
  const legacy = [
    { type: "message", message: user("old one") },
    { type: "compact", summary: "s", messages: [user("[old summary]"), assistant("old reply")] },
    { type: "message", message: user("old two") },
  ];
  appendFileSync(path, legacy.map((line) => `${JSON.stringify(line)}\n`).join(""));
  assert.deepEqual(loadTranscript(path).messages, [
    user("[old summary]"),
    assistant("old reply"),
    user("old two"),
  ]);
  appendFileSync(
    path,
    `${JSON.stringify({ type: "clear" })}\n${JSON.stringify({ type: "message", message: user("three") })}\n`,
  );
  assert.deepEqual(loadTranscript(path).messages, [user("three")]);
});

test("a history of 200,000 messages loads and resumes whole", () => {
  const transcript = store("huge");
  const batch: string[] = [];
  transcript.append(user("start"));
  const lines = readFileSync(transcript.path, "utf8").trim().split("\n");
  const template = JSON.parse(lines[1]!);
  for (let index = 1; index < 200_000; index++) {
    const role = index % 2 === 1 ? "assistant" : "user";
    batch.push(
      JSON.stringify({
        ...template,
        uuid: `u-${index}`,
        type: role,
        message: { role, content: [{ type: "text", text: `m${index}` }] },
      }),
    );
  }
  appendFileSync(transcript.path, `${batch.join("\n")}\n`);
  const resumed = resolveResume({
    dir: join(workspace.dir, "huge"),
    cwd: "/project",
    request: { type: "continue" },
    interactive: false,
  });
  assert.equal(resumed.type, "resumed");
  if (resumed.type !== "resumed") return;
  assert.equal(resumed.messages.length, 200_000);
  assert.deepEqual(resumed.messages[199_999], assistant("m199999"));
  assert.equal(resumed.lastUuid, "u-199999");
});
