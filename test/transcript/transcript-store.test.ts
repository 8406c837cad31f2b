// The transcript store and index on real temp directories: exact round trips (messages, compaction,
// clear), torn last lines after a crash, write failures that warn once and go on, dangling tool calls,
// and finding sessions by recency, id and prefix.
import assert from "node:assert/strict";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Message } from "../../src/model/types.js";
import {
  findSession,
  formatSessionList,
  listSessions,
  projectKey,
} from "../../src/transcript/transcript-index.js";
import { loadTranscript } from "../../src/transcript/transcript-load.js";
import { resolveResume } from "../../src/transcript/transcript-resume.js";
import { TranscriptStore } from "../../src/transcript/transcript-store.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace();
after(() => workspace.cleanup());
let counter = 0;

function store(dir: string, id = `session-${++counter}`, warnings: string[] = []) {
  return new TranscriptStore({
    dir,
    header: {
      session_id: id,
      cwd: "/project",
      model: "scripted",
      provider: "scripted",
      created_at: "2025-01-02T03:04:05.000Z",
      version: "1.2.3",
    },
    onWarning: (message) => warnings.push(message),
  });
}

const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
const assistant = (text: string): Message => ({ role: "assistant", content: [{ type: "text", text }] });
const lines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

test("round trip: header first, one line per record, compaction and clear load back exactly", () => {
  const dir = join(workspace.dir, "round-trip");
  const transcript = store(dir, "abc");
  assert.equal(transcript.path, join(dir, "abc.jsonl"));
  const toolTurn: Message = {
    role: "assistant",
    content: [{ type: "tool_use", id: "t1", name: "Read", input: { file_path: "a.txt" } }],
  };
  const result: Message = {
    role: "user",
    content: [{ type: "tool_result", tool_use_id: "t1", content: 'line\n"quoted"', is_error: false }],
  };
  const history = [user("hello ✓"), toolTurn, result, assistant("done")];
  for (const message of history) transcript.append(message);
  const written = lines(transcript.path);
  assert.equal(written[0].type, "system");
  assert.equal(written[0].subtype, "reagent_session");
  assert.deepEqual(
    [written[0].sessionId, written[0].cwd, written[0].model, written[0].provider, written[0].version],
    ["abc", "/project", "scripted", "scripted", "1.2.3"],
  );
  assert.equal(written[0].timestamp, "2025-01-02T03:04:05.000Z");
  assert.equal(written.length, 5);
  // Claude Code's line shape: type, message, uuid chained by parentUuid, timestamp, sessionId, cwd.
  assert.deepEqual(
    written.slice(1).map((line) => line.type),
    ["user", "assistant", "user", "assistant"],
  );
  assert.equal(written[1].message.content, "hello ✓", "a typed prompt is a string, as Claude Code writes it");
  assert.equal(written[1].parentUuid, null);
  for (let index = 2; index < written.length; index++)
    assert.equal(written[index].parentUuid, written[index - 1].uuid);
  for (const line of written.slice(1)) {
    assert.match(line.uuid, /^[0-9a-f-]{36}$/);
    assert.ok(!Number.isNaN(Date.parse(line.timestamp)));
    assert.deepEqual(
      [line.sessionId, line.cwd, line.version, line.isSidechain],
      ["abc", "/project", "1.2.3", false],
    );
  }
  assert.equal(written[2].message.role, "assistant");
  assert.equal(written[2].message.type, "message");
  assert.deepEqual(written[2].message.content, toolTurn.content);
  assert.deepEqual(written[3].message.content, result.content);
  assert.equal(statSync(transcript.path).mode & 0o777, 0o600, "transcripts are private to the user");
  let loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, history);
  assert.equal(loaded.header?.session_id, "abc");
  assert.deepEqual(loaded.warnings, []);

  const compacted = [user("[summary] hello"), assistant("done")];
  transcript.compact("hello", compacted, "auto");
  transcript.append(user("after compaction"));
  loaded = loadTranscript(transcript.path);
  assert.deepEqual(loaded.messages, [...compacted, user("after compaction")]);
  const afterCompact = lines(transcript.path).slice(5);
  assert.deepEqual(
    [
      afterCompact[0].type,
      afterCompact[0].subtype,
      afterCompact[0].compactMetadata,
      afterCompact[0].parentUuid,
    ],
    ["system", "compact_boundary", { trigger: "auto" }, null],
  );
  assert.equal(afterCompact[0].logicalParentUuid, written[4].uuid);
  assert.equal(afterCompact[1].isCompactSummary, true);
  assert.equal(afterCompact[1].parentUuid, afterCompact[0].uuid);
  assert.equal(afterCompact[3].parentUuid, afterCompact[2].uuid);

  transcript.clear();
  transcript.append(user("fresh start"));
  const unused = store(dir, "never-written");
  unused.clear();
  assert.equal(existsSync(unused.path), false, "a /clear before any message writes no file");
  assert.deepEqual(loadTranscript(transcript.path).messages, [user("fresh start")]);
});

test("a torn last line is ignored with a warning, and later appends start on a new line", () => {
  const dir = join(workspace.dir, "torn");
  const first = store(dir, "torn");
  first.append(user("one"));
  first.append(assistant("two"));
  appendFileSync(first.path, '{"type":"user","message":{"role":"user","con');
  const loaded = loadTranscript(first.path);
  assert.deepEqual(loaded.messages, [user("one"), assistant("two")]);
  assert.equal(loaded.warnings.length, 1);
  assert.match(loaded.warnings[0] ?? "", /incomplete last line/);

  const resumed = store(dir, "torn");
  resumed.append(user("three"));
  const again = loadTranscript(first.path);
  assert.deepEqual(again.messages, [user("one"), assistant("two"), user("three")]);
  assert.match(again.warnings.join("\n"), /torn\.jsonl:4: skipped/);
});

test("a write failure warns once, never throws, and stops writing (the file stays a prefix)", () => {
  const blocker = workspace.write("blocker", "a file where a directory should be");
  const warnings: string[] = [];
  const transcript = store(join(blocker, "sessions"), "fails", warnings);
  transcript.append(user("one"));
  transcript.append(assistant("two"));
  transcript.compact("s", []);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0] ?? "", /could not save the session transcript to .*fails\.jsonl/);
  assert.match(warnings[0] ?? "", /the session goes on/);

  const later: string[] = [];
  const midway = store(join(workspace.dir, "midway"), "midway", later);
  midway.append(user("saved"));
  rmSync(midway.path);
  mkdirSync(midway.path);
  midway.append(assistant("lost"));
  rmSync(midway.path, { recursive: true });
  midway.append(user("not written after a failure"));
  assert.equal(later.length, 1);
  assert.equal(existsSync(midway.path), false, "no write after the first failure");
});

test("a crash while tools ran: their calls are answered as interrupted on load", () => {
  const dir = join(workspace.dir, "dangling");
  const transcript = store(dir, "dangling");
  transcript.append(user("go"));
  transcript.append({
    role: "assistant",
    content: [
      { type: "text", text: "running" },
      { type: "tool_use", id: "b1", name: "Bash", input: { command: "make" } },
    ],
  });
  const loaded = loadTranscript(transcript.path);
  assert.equal(loaded.messages.length, 3);
  const last = loaded.messages[2];
  assert.ok(last);
  assert.equal(last.role, "user");
  assert.deepEqual(
    last.content.map((block) => block.type === "tool_result" && [block.tool_use_id, block.is_error]),
    [["b1", true]],
  );
  assert.match(loaded.warnings.join(), /interrupted/);
});

test("project keys are readable and distinct; sessions are listed newest first and found by prefix", () => {
  assert.match(projectKey("/home/ada/my app"), /^home-ada-my-app-[0-9a-f]{8}$/);
  assert.notEqual(projectKey("/a/b"), projectKey("/a-b"));
  const dir = join(workspace.dir, "index");
  const older = store(dir, "11111111-aaaa");
  older.append(user("the  first\nprompt"));
  older.append(assistant("ok"));
  const newer = store(dir, "11112222-bbbb");
  newer.append(user("second session"));
  utimesSync(older.path, new Date("2024-01-01"), new Date("2024-01-01"));
  writeFileSync(join(dir, "notes.txt"), "not a transcript");
  const sessions = listSessions(dir);
  assert.deepEqual(
    sessions.map((session) => [session.id, session.firstPrompt]),
    [
      ["11112222-bbbb", "second session"],
      ["11111111-aaaa", "the first prompt"],
    ],
  );
  assert.match(formatSessionList(sessions), /11111111-aaaa {2}2024-01-01 00:00 UTC {2}the first prompt/);
  const found = findSession(dir, "11112");
  assert.equal(found.type === "found" && found.session.id, "11112222-bbbb");
  assert.equal(findSession(dir, "1111").type, "ambiguous");
  assert.equal(findSession(dir, "9").type, "none");
  assert.deepEqual(listSessions(join(dir, "missing")), []);
});

test("resolveResume: continue picks the newest, resume by id loads it, errors list recent sessions", () => {
  const dir = join(workspace.dir, "resolve");
  const cwd = "/project";
  const none = resolveResume({ dir, cwd, request: { type: "continue" }, interactive: false });
  assert.equal(none.type, "error");
  assert.match(none.type === "error" ? none.message : "", /--continue: no earlier session/);
  const transcript = store(dir, "5e55-1");
  transcript.append(user("remember 42"));
  const continued = resolveResume({ dir, cwd, request: { type: "continue" }, interactive: false });
  assert.equal(continued.type, "resumed");
  assert.deepEqual(continued.type === "resumed" && continued.messages, [user("remember 42")]);
  const byId = resolveResume({ dir, cwd, request: { type: "resume", id: "5e5" }, interactive: false });
  assert.equal(byId.type === "resumed" && byId.id, "5e55-1");
  const missing = resolveResume({ dir, cwd, request: { type: "resume", id: "zzz" }, interactive: false });
  assert.match(missing.type === "error" ? missing.message : "", /no saved session[\s\S]*5e55-1/);
  const pickHeadless = resolveResume({ dir, cwd, request: { type: "pick" }, interactive: false });
  assert.match(
    pickHeadless.type === "error" ? pickHeadless.message : "",
    /needs a session id[\s\S]*remember 42/,
  );
  const pickRepl = resolveResume({ dir, cwd, request: { type: "pick" }, interactive: true });
  // Interactive: a new session unless the REPL's picker chooses one (test/e2e/repl-resume).
  assert.deepEqual(pickRepl, { type: "new" });
});

test("a session saved in the first release's shape still loads (header, messages, compact, clear)", () => {
  const dir = join(workspace.dir, "old-shape");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "old.jsonl");
  const old = [
    {
      type: "session",
      session_id: "old",
      cwd: "/p",
      model: "m",
      provider: "anthropic",
      created_at: "2025-01-01T00:00:00.000Z",
      version: "0.1.0",
    },
    { type: "message", message: user("first") },
    { type: "message", message: assistant("reply") },
    { type: "compact", summary: "s", messages: [user("[summary]"), assistant("reply")] },
    { type: "message", message: user("second") },
    {
      type: "message",
      message: { role: "assistant", content: [{ type: "tool_use", id: "t9", name: "Read", input: {} }] },
    },
  ];
  writeFileSync(path, old.map((line) => `${JSON.stringify(line)}\n`).join(""));
  const loaded = loadTranscript(path);
  assert.equal(loaded.header?.session_id, "old");
  assert.equal(loaded.messages.length, 5, "the dangling tool call is answered");
  assert.deepEqual(loaded.messages.slice(0, 3), [user("[summary]"), assistant("reply"), user("second")]);
  assert.equal(loaded.lastUuid, null);
  // Appending to it continues in the new shape; both load together.
  const resumed = new TranscriptStore({
    dir,
    header: {
      session_id: "old",
      cwd: "/p",
      model: "m",
      provider: "anthropic",
      created_at: "x",
      version: "0.2.0",
    },
    onWarning: () => {},
    parentUuid: loaded.lastUuid,
  });
  resumed.append(user("third"));
  const again = loadTranscript(path);
  assert.deepEqual(again.messages.at(-1), user("third"));
  assert.equal(lines(path).at(-1).type, "user");
  assert.equal(listSessions(dir)[0]?.firstPrompt, "first");
});
