// End-to-end: reagent's transcripts read by hook scripts written for Claude Code's — a bash + jq Stop
// hook that selects `.type == "assistant"` blocks as intended, a python3 reader that checks the
// parentUuid chain — and long hook context spilled into the session's own folder, still there after
// exit and on --resume. Runs the built CLI with the scripted model and a temp HOME.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { hasJq } from "../support/programs.js";
import { createWorkspace, type Workspace } from "../support/workspace.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");
const needsJq = hasJq ? {} : { skip: "jq is not installed (.ci/run installs it)" };

const spaces: Workspace[] = [];
after(() => {
  for (const space of spaces) space.cleanup();
});

function project(settings: unknown, turns: unknown[]): Workspace {
  const space = createWorkspace({
    ".claude/settings.json": JSON.stringify(settings),
    "script.json": JSON.stringify(turns),
  });
  spaces.push(space);
  return space;
}

const hook = (command: string) => [{ hooks: [{ type: "command", command }] }];
type Request = { messages: Array<{ role: string; content: Array<{ type: string; text?: string }> }> };
const requests = (log: string): Request[] =>
  readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

test(
  "a Stop hook written against Claude's transcript shape (bash + jq) blocks until the tests are reported",
  needsJq,
  async () => {
    const space = project({ hooks: { Stop: hook(join(FIXTURES, "stop-require-tests.sh")) } }, [
      { text: "I changed the parser." },
      { text: "I ran the suite: all tests pass." },
      { text: "unused third turn" },
    ]);
    const log = join(space.dir, "requests.log");
    const run = await runCli(["--model", "scripted:script.json", "-p", "fix the parser"], {
      cwd: space.dir,
      env: cleanEnv({ REAGENT_SCRIPT_LOG: log }),
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "I ran the suite: all tests pass.\n");
    const sent = requests(log);
    assert.equal(sent.length, 2, "blocked once, then allowed to stop");
    const continued = sent[1]!.messages.at(-1)!;
    assert.equal(continued.role, "user");
    assert.match(
      continued.content[0]!.text ?? "",
      /Run the test suite and report the result before finishing/,
    );
  },
);

test("a python3 transcript reader sees user/assistant lines chained by parentUuid with the session's id", async () => {
  const space = project({ hooks: { SessionEnd: hook(join(FIXTURES, "count-transcript.py")) } }, [
    { tool_calls: [{ id: "r1", name: "Read", input: { file_path: "script.json" } }] },
    { text: "read it" },
  ]);
  const run = await runCli(["--model", "scripted:script.json", "-p", "read the script"], {
    cwd: space.dir,
    env: cleanEnv(),
  });
  assert.equal(run.code, 0, run.stderr);
  const summary = JSON.parse(readFileSync(join(space.dir, "transcript-summary.json"), "utf8"));
  assert.deepEqual(summary, {
    counts: { system: 1, user: 2, assistant: 2 },
    chain_ok: true,
    unique: true,
    tools: ["Read"],
  });
});

test("long hook context is spilled into the session's folder, survives exit and is still readable on --resume", async () => {
  const long = "context line\n".repeat(1200);
  const space = project(
    {
      hooks: {
        UserPromptSubmit: hook(`node -e 'process.stdout.write("context line\\n".repeat(1200))'`),
      },
    },
    [{ text: "noted" }],
  );
  const env = cleanEnv({ REAGENT_SCRIPT_LOG: join(space.dir, "requests.log") });
  const first = await runCli(["--model", "scripted:script.json", "-p", "hello", "--output-format", "json"], {
    cwd: space.dir,
    env,
  });
  assert.equal(first.code, 0, first.stderr);
  const sessionId = JSON.parse(first.stdout).session_id as string;
  const root = join(env.HOME, ".agents", "sessions");
  const [key] = readdirSync(root);
  const folder = join(root, key!, sessionId);
  const [spilled] = readdirSync(folder);
  assert.match(spilled!, /^hook-context-[0-9a-f]{8}\.txt$/);
  const path = join(folder, spilled!);
  assert.equal(readFileSync(path, "utf8"), long.trim(), "the whole text, not the preview");
  const sentText = JSON.stringify(requests(join(space.dir, "requests.log"))[0]);
  assert.ok(sentText.includes(path), "the model is told where the full text is");

  space.write(
    "resume.json",
    JSON.stringify([
      { tool_calls: [{ id: "r2", name: "Read", input: { file_path: path } }] },
      { text: "read" },
    ]),
  );
  const resumed = await runCli(
    [
      "--model",
      "scripted:resume.json",
      "-p",
      "--resume",
      sessionId,
      "read the spilled context",
      "--output-format",
      "json",
    ],
    { cwd: space.dir, env },
  );
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(JSON.parse(resumed.stdout).permission_denials, [], "the session folder is readable");
  assert.ok(existsSync(path));
  const last = requests(join(space.dir, "requests.log")).at(-1)!;
  assert.ok(JSON.stringify(last).includes("context line\\ncontext line"), "the Read result carries the file");
});
