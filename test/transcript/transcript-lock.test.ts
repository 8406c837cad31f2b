// The per-session lock on real temp folders and real processes: one holder at a time, stale locks of
// exited processes taken over, releases that never remove someone else's lock; resolveResume refusing
// a session in use and saving the crash repair; the store locking a new session and folders it cannot
// create (a file in the way, /proc) turned into the transcript warning.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Message } from "../../src/model/types.js";
import { loadTranscript } from "../../src/transcript/transcript-load.js";
import { acquireSessionLock, sessionLockPath } from "../../src/transcript/transcript-lock.js";
import { resolveResume } from "../../src/transcript/transcript-resume.js";
import { TranscriptStore } from "../../src/transcript/transcript-store.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace();
after(() => workspace.cleanup());
let counter = 0;
const freshDir = () => {
  const dir = join(workspace.dir, `dir-${++counter}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid as number;
const alive = () => true;

test("one holder at a time: a live holder makes the session busy; release frees it", () => {
  const dir = freshDir();
  const first = acquireSessionLock(dir, "s1", { pid: 1001, isAlive: alive });
  assert.equal(first.type, "acquired");
  assert.equal(readFileSync(sessionLockPath(dir, "s1"), "utf8").trim(), "1001");
  assert.deepEqual(acquireSessionLock(dir, "s1", { pid: 1002, isAlive: alive }), {
    type: "busy",
    path: sessionLockPath(dir, "s1"),
    pid: 1001,
  });
  assert.equal(acquireSessionLock(dir, "other", { pid: 1002, isAlive: alive }).type, "acquired");
  if (first.type === "acquired") {
    first.lock.release();
    first.lock.release();
  }
  assert.equal(existsSync(sessionLockPath(dir, "s1")), false);
  assert.equal(acquireSessionLock(dir, "s1", { pid: 1002, isAlive: alive }).type, "acquired");
});

test("a lock left by an exited process is taken over (real process.kill check)", () => {
  const dir = freshDir();
  writeFileSync(sessionLockPath(dir, "s"), `${deadPid()}\n`);
  const outcome = acquireSessionLock(dir, "s", { pid: process.pid });
  assert.equal(outcome.type, "acquired");
  assert.equal(readFileSync(sessionLockPath(dir, "s"), "utf8").trim(), String(process.pid));
  // This test process is alive: another pid is refused.
  const busy = acquireSessionLock(dir, "s", { pid: process.pid + 1 });
  assert.equal(busy.type, "busy");
});

test("release never removes a lock another process took over meanwhile", () => {
  const dir = freshDir();
  const mine = acquireSessionLock(dir, "s", { pid: 2001, isAlive: alive });
  assert.equal(mine.type, "acquired");
  writeFileSync(sessionLockPath(dir, "s"), "2002\n");
  if (mine.type === "acquired") mine.lock.release();
  assert.equal(readFileSync(sessionLockPath(dir, "s"), "utf8").trim(), "2002");
});

test("a lock without a pid is busy while fresh and stale once old", () => {
  const dir = freshDir();
  const path = sessionLockPath(dir, "s");
  writeFileSync(path, "");
  assert.deepEqual(acquireSessionLock(dir, "s", { pid: 3001, isAlive: alive }), {
    type: "busy",
    path,
    pid: undefined,
  });
  const old = new Date(Date.now() - 60_000);
  utimesSync(path, old, old);
  assert.equal(acquireSessionLock(dir, "s", { pid: 3001, isAlive: alive }).type, "acquired");
});

test("a folder where the lock cannot be made is a failure, not an exception", () => {
  const outcome = acquireSessionLock(join(workspace.dir, "missing", "folder"), "s", {
    pid: 1,
    isAlive: alive,
  });
  assert.equal(outcome.type, "failed");
});

const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
const toolCall: Message = {
  role: "assistant",
  content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "sleep 5" } }],
};

function writeTranscript(dir: string, id: string, messages: Message[]) {
  const header = {
    type: "session",
    session_id: id,
    cwd: "/p",
    model: "m",
    provider: "p",
    created_at: "x",
    version: "1",
  };
  const lines = [header, ...messages.map((message) => ({ type: "message", message }))];
  writeFileSync(join(dir, `${id}.jsonl`), lines.map((line) => JSON.stringify(line)).join("\n"));
}

test("resolveResume refuses a session in use, for --continue and --resume, and names the process", () => {
  const dir = freshDir();
  writeTranscript(dir, "aaaa-older", [user("older")]);
  const old = new Date(Date.now() - 60_000);
  utimesSync(join(dir, "aaaa-older.jsonl"), old, old);
  writeTranscript(dir, "bbbb-latest", [user("latest")]);
  const holder = acquireSessionLock(dir, "bbbb-latest", { pid: 4001, isAlive: alive });
  assert.equal(holder.type, "acquired");
  const lock = { pid: 4002, isAlive: alive };
  const continued = resolveResume({
    dir,
    cwd: "/p",
    request: { type: "continue" },
    interactive: false,
    lock,
  });
  assert.equal(continued.type, "error");
  assert.match(
    continued.type === "error" ? continued.message : "",
    /^--continue: the latest session bbbb-latest is in use by process 4001; .*--resume aaaa-older.*start a new one/,
  );
  const resumed = resolveResume({
    dir,
    cwd: "/p",
    request: { type: "resume", id: "bbbb" },
    interactive: false,
    lock,
  });
  assert.match(
    resumed.type === "error" ? resumed.message : "",
    /session bbbb-latest is in use by process 4001/,
  );
  // The older session is free; without locking (no persistence) the busy one can still be read.
  const older = resolveResume({
    dir,
    cwd: "/p",
    request: { type: "resume", id: "aaaa" },
    interactive: false,
    lock,
  });
  assert.equal(older.type, "resumed");
  if (older.type === "resumed") {
    assert.equal(older.lock?.path, sessionLockPath(dir, "aaaa-older"));
    older.lock?.release();
  }
  const readOnly = resolveResume({ dir, cwd: "/p", request: { type: "continue" }, interactive: false });
  assert.equal(readOnly.type, "resumed");
});

test("a crash repair is saved to the file when the session is resumed for writing", () => {
  const dir = freshDir();
  writeTranscript(dir, "crashed", [user("run it"), toolCall]);
  const path = join(dir, "crashed.jsonl");
  // Reading without a lock repairs in memory only.
  const peek = resolveResume({ dir, cwd: "/p", request: { type: "continue" }, interactive: false });
  assert.equal(peek.type, "resumed");
  assert.equal(readFileSync(path, "utf8").split("\n").length, 3, "the file is untouched");
  const resumed = resolveResume({
    dir,
    cwd: "/p",
    request: { type: "continue" },
    interactive: false,
    lock: { pid: 5001, isAlive: alive },
  });
  assert.equal(resumed.type, "resumed");
  if (resumed.type !== "resumed") return;
  assert.match(resumed.warnings.join("\n"), /1 tool call\(s\) ran; they are marked as interrupted/);
  resumed.lock?.release();
  const reloaded = loadTranscript(path);
  assert.deepEqual(reloaded.warnings, [], "the file itself is consistent now (the torn last line was ended)");
  assert.equal(reloaded.repair, undefined);
  assert.deepEqual(reloaded.messages, resumed.messages);
  const last = reloaded.messages.at(-1);
  assert.equal(last?.content[0]?.type === "tool_result" && last.content[0].tool_use_id, "toolu_1");
});

function store(dir: string, warnings: string[], id = `new-${++counter}`) {
  return new TranscriptStore({
    dir,
    header: { session_id: id, cwd: "/p", model: "m", provider: "p", created_at: "x", version: "1" },
    onWarning: (message) => warnings.push(message),
    pid: 6001,
  });
}

test("a new session takes its lock with the first write and releases it at close", () => {
  const root = freshDir();
  const dir = join(root, "a", "b");
  const warnings: string[] = [];
  const transcript = store(dir, warnings, "fresh");
  assert.equal(existsSync(sessionLockPath(dir, "fresh")), false, "nothing before the first write");
  transcript.append(user("hello"));
  assert.equal(readFileSync(sessionLockPath(dir, "fresh"), "utf8").trim(), "6001");
  transcript.close();
  assert.equal(existsSync(sessionLockPath(dir, "fresh")), false);
  transcript.append(user("after close"));
  assert.equal(loadTranscript(transcript.path).messages.length, 1, "writes after close are dropped");
  assert.deepEqual(warnings, []);
});

test("a sessions folder that cannot be made is the transcript warning, once (file in the way, /proc)", () => {
  const root = freshDir();
  writeFileSync(join(root, "file"), "");
  const cases = [join(root, "file", ".agents", "sessions", "key")];
  if (existsSync("/proc/self")) cases.push("/proc/self/.agents/sessions/key");
  for (const dir of cases) {
    const warnings: string[] = [];
    const transcript = store(dir, warnings);
    transcript.append(user("one"));
    transcript.append(user("two"));
    assert.equal(warnings.length, 1, dir);
    assert.match(warnings[0] ?? "", /could not save the session transcript to .*cannot create folder/);
  }
});
