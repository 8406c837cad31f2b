// Saved sessions where the Agent SDK looks: the transcript linked into
// `<CLAUDE_CONFIG_DIR>/projects/<folder key>/`, checked with the real SDK package's own session
// functions (a folder long enough for the SDK's shortened, hashed key included), across
// filesystems (a symbolic link), with the mirror folder blocked (a warning, the session still saved),
// and when the mirror is on (REAGENT_CLAUDE_SESSIONS, a run started by the SDK).
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { getSessionMessages, listSessions } from "@anthropic-ai/claude-agent-sdk";
import { readEnv } from "../../src/config/env.js";
import { claudeProjectFolder } from "../../src/transcript/claude-mirror.js";
import { TranscriptStore } from "../../src/transcript/transcript-store.js";
import { newSessionId } from "../../src/util/ids.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace();
after(() => workspace.cleanup());

function saved(cwd: string, mirrorFolder: string, warnings: string[] = []) {
  const sessionId = newSessionId();
  const store = new TranscriptStore({
    dir: join(workspace.dir, "sessions"),
    header: { session_id: sessionId, cwd, model: "m", provider: "anthropic", created_at: "", version: "1" },
    onWarning: (message) => warnings.push(message),
    mirrorFolder,
  });
  store.append({ role: "user", content: [{ type: "text", text: "fix the parser" }] });
  store.append({ role: "assistant", content: [{ type: "text", text: "Fixed." }] });
  store.close();
  return { sessionId, path: store.path };
}

test("the SDK's listSessions and getSessionMessages find a mirrored session, also under a long folder", async () => {
  const configDir = join(workspace.dir, "claude-config");
  const previous = process.env.CLAUDE_CONFIG_DIR;
  process.env.CLAUDE_CONFIG_DIR = configDir;
  after(() => {
    if (previous === undefined) delete process.env.CLAUDE_CONFIG_DIR;
    else process.env.CLAUDE_CONFIG_DIR = previous;
  });
  for (const name of ["app", "a".repeat(120).concat("/", "b".repeat(120))]) {
    const cwd = join(workspace.dir, "projects", name);
    mkdirSync(cwd, { recursive: true });
    const { sessionId, path } = saved(cwd, claudeProjectFolder(join(configDir, "projects"), cwd));
    const sessions = await listSessions({ dir: cwd });
    assert.deepEqual(
      sessions.map((session) => [session.sessionId, session.summary, session.cwd]),
      [[sessionId, "fix the parser", cwd]],
      name,
    );
    const messages = await getSessionMessages(sessionId, { dir: cwd });
    assert.deepEqual(
      messages.map((message) => message.type),
      ["user", "assistant"],
    );
    const mirrored = join(claudeProjectFolder(join(configDir, "projects"), cwd), `${sessionId}.jsonl`);
    assert.equal(statSync(mirrored).ino, statSync(path).ino, "the same file under a second name");
  }
});

test("across filesystems the mirror is a symbolic link that follows later appends", (context) => {
  const other = "/dev/shm";
  let device: number | undefined;
  try {
    device = statSync(other).dev;
  } catch {}
  if (device === undefined || device === statSync(workspace.dir).dev)
    return context.skip("no second filesystem here");
  const root = join(other, `reagent-mirror-${process.pid}`);
  after(() => rmSync(root, { recursive: true, force: true }));
  const folder = join(root, "project");
  const { sessionId, path } = saved(join(workspace.dir, "cross"), folder);
  const mirrored = join(folder, `${sessionId}.jsonl`);
  assert.ok(lstatSync(mirrored).isSymbolicLink());
  assert.equal(readFileSync(mirrored, "utf8"), readFileSync(path, "utf8"));
});

test("a mirror folder that cannot be made is one warning; the session is still saved", () => {
  const blocked = join(workspace.dir, "blocked");
  writeFileSync(blocked, "a file where the folder should be");
  const warnings: string[] = [];
  const { path } = saved(join(workspace.dir, "x"), join(blocked, "project"), warnings);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /could not list the session where the Agent SDK looks/);
  assert.match(readFileSync(path, "utf8"), /Fixed\./);
});

test("the mirror is on for runs the Agent SDK starts and with REAGENT_CLAUDE_SESSIONS=1, off otherwise", () => {
  const home = () => "/home/ada";
  const dir = (env: Record<string, string>) => readEnv({ HOME: "/home/ada", ...env }, home).claudeProjectsDir;
  assert.equal(dir({}), undefined);
  assert.equal(dir({ CLAUDE_CODE_ENTRYPOINT: "sdk-ts" }), "/home/ada/.claude/projects");
  assert.equal(dir({ CLAUDE_CODE_ENTRYPOINT: "sdk-ts", REAGENT_CLAUDE_SESSIONS: "0" }), undefined);
  assert.equal(
    dir({ REAGENT_CLAUDE_SESSIONS: "1", CLAUDE_CONFIG_DIR: "/etc/claude" }),
    "/etc/claude/projects",
  );
  assert.equal(dir({ CLAUDE_CODE_ENTRYPOINT: "cli" }), undefined);
});
