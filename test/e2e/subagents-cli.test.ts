// End-to-end: the built CLI against the wire-level fake model server routing each subagent's requests
// to its own turns. Custom agent files and --agents with tool limits, parallel agents, stream-json
// with parent_tool_use_id, transcripts beside the session, usage roll-up, interrupt, worktree
// isolation, a background agent, the task list kept across --resume, `reagent agents list`.
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { projectSessionsDir } from "../../src/transcript/transcript-index.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { commitAll, git } from "../support/git.js";
import { serveScoped } from "../support/scoped.js";
import { startStreamCli } from "../support/stream-cli.js";
import { createWorkspace } from "../support/workspace.js";

const envFor = (server: FakeModelServer, home?: string) => {
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  if (home) env.HOME = home;
  return env;
};

type Body = {
  system?: unknown;
  messages: Array<{ role: string; content: unknown }>;
  tools: Array<{ name: string }>;
};
const bodies = (server: FakeModelServer) => server.requests.map((request) => request.body as Body);

function lines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test("custom agents with tool limits run in parallel; stream-json, transcripts and usage show it", async () => {
  const workspace = createWorkspace({
    "notes.txt": "one\ntwo\nthree\n",
    ".agents/agents/reader.md":
      "---\nname: reader\ndescription: Reads files\ntools: Read, Grep\n---\nYou are the READER agent.\n",
  });
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          {
            id: "toolu_reader",
            name: "Agent",
            input: { description: "read notes", prompt: "Read notes.txt", subagent_type: "reader" },
          },
          {
            id: "toolu_counter",
            name: "Agent",
            input: { description: "count lines", prompt: "Count the lines", subagent_type: "counter" },
          },
        ],
      },
      { text: "Three lines, starting with one." },
    ],
    routes: [
      {
        match: "READER agent",
        turns: [
          {
            tool_calls: [
              { name: "Bash", input: { command: "cat notes.txt" } },
              { name: "Read", input: { file_path: "notes.txt" } },
            ],
          },
          { text: "It starts with one." },
        ],
      },
      {
        match: "COUNTER agent",
        turns: [
          { tool_calls: [{ name: "Bash", input: { command: "wc -l notes.txt" } }] },
          { text: "3 lines" },
        ],
      },
    ],
  });
  const home = createWorkspace({});
  const agentsJson = JSON.stringify({
    counter: { description: "Counts things", prompt: "You are the COUNTER agent.", tools: ["Bash"] },
  });
  const run = await runCli(
    [
      "-p",
      "summarise notes",
      "--output-format",
      "stream-json",
      "--agents",
      agentsJson,
      "--allowedTools",
      "Bash(wc *)",
    ],
    { cwd: workspace.dir, env: envFor(server, home.dir) },
  );
  assert.equal(run.code, 0, run.stderr);
  const events = lines(run.stdout);
  const result = events.at(-1)!;
  assert.equal(result.result, "Three lines, starting with one.");
  const sent = bodies(server);
  const readerBody = sent.find((body) => JSON.stringify(body.system).includes("READER agent"))!;
  assert.deepEqual(
    readerBody.tools.map((tool) => tool.name),
    ["Read", "Grep"],
  );
  const counterBody = sent.find((body) => JSON.stringify(body.system).includes("COUNTER agent"))!;
  assert.deepEqual(
    counterBody.tools.map((tool) => tool.name),
    ["Bash"],
  );
  const readerSecond = sent.filter((body) => JSON.stringify(body.system).includes("READER agent"))[1];
  assert.match(
    JSON.stringify(readerSecond?.messages.at(-1)),
    /Unknown tool \\"Bash\\"\. Available tools: Read, Grep/,
  );
  const counterSecond = sent.filter((body) => JSON.stringify(body.system).includes("COUNTER agent"))[1];
  assert.match(JSON.stringify(counterSecond?.messages.at(-1)), /3 notes\.txt/);
  // The parent's second request has both final messages and nothing from inside the agents.
  const parentSecond = sent.filter((body) => JSON.stringify(body.messages[0]).includes("summarise notes"))[1];
  assert.match(JSON.stringify(parentSecond?.messages.at(-1)), /It starts with one\..*3 lines/);
  assert.doesNotMatch(JSON.stringify(parentSecond?.messages), /Unknown tool/);
  // stream-json: subagent messages carry the Agent call's id; task_started / task_notification frame them.
  const fromReader = events.filter((event) => event.parent_tool_use_id === "toolu_reader");
  assert.ok(fromReader.some((event) => event.type === "assistant"));
  assert.ok(fromReader.some((event) => event.type === "user"));
  assert.ok(events.some((event) => event.parent_tool_use_id === "toolu_counter"));
  const started = events.filter((event) => event.subtype === "task_started");
  assert.deepEqual(started.map((event) => event.subagent_type).sort(), ["counter", "reader"]);
  const notified = events.filter((event) => event.subtype === "task_notification");
  assert.deepEqual(
    notified.map((event) => event.status),
    ["completed", "completed"],
  );
  // Usage: the result counts every request, the subagents' included.
  let input = 0;
  for (const event of events)
    if (event.type === "assistant")
      input += (event.message as { usage: { input_tokens: number } }).usage.input_tokens;
  assert.equal((result.usage as { input_tokens: number }).input_tokens, input);
  assert.equal(server.turnsServed(), 6);
  // Transcripts: one sidechain file per agent beside the session's.
  const sessionDir = join(
    projectSessionsDir(join(home.dir, ".agents", "sessions"), realpathSync(workspace.dir)),
    String(result.session_id),
  );
  const files = readdirSync(join(sessionDir, "subagents")).sort();
  assert.equal(files.filter((file) => file.endsWith(".jsonl")).length, 2, files.join(","));
  assert.equal(files.filter((file) => file.endsWith(".meta.json")).length, 2);
  const transcript = files
    .filter((file) => file.endsWith(".jsonl"))
    .map((file) => readFileSync(join(sessionDir, "subagents", file), "utf8"))
    .join("");
  assert.match(transcript, /"isSidechain":true/);
  assert.match(transcript, /It starts with one\./);
  workspace.cleanup();
  home.cleanup();
});

test("Ctrl-C during a subagent's Bash kills the command and exits 130", async () => {
  const workspace = createWorkspace({});
  const pidFile = join(workspace.dir, "child.pid");
  const server = await serveScoped({
    turns: [{ tool_calls: [{ name: "Agent", input: { description: "long", prompt: "LONG-RUN please" } }] }],
    routes: [
      {
        match: "LONG-RUN",
        turns: [
          { tool_calls: [{ name: "Bash", input: { command: `sleep 60 & echo $! > ${pidFile}; wait` } }] },
        ],
      },
    ],
  });
  let child: ChildProcess | undefined;
  const running = runCli(["-p", "go", "--dangerously-skip-permissions"], {
    cwd: workspace.dir,
    env: envFor(server),
    onSpawn: (spawned) => {
      child = spawned;
    },
  });
  const started = Date.now();
  while (!(existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "")) {
    if (Date.now() - started > 20_000) throw new Error("the subagent's command did not start");
    await sleep(25);
  }
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  child!.kill("SIGINT");
  const run = await running;
  assert.equal(run.code, 130, run.stderr);
  const gone = Date.now();
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (alive()) {
    if (Date.now() - gone > 10_000) throw new Error("the subagent's command is still running");
    await sleep(25);
  }
  workspace.cleanup();
});

test("a worktree agent's change stays on its branch; the main checkout is untouched", async () => {
  const workspace = createWorkspace({ "app.txt": "v1\n" });
  const repo = realpathSync(workspace.dir);
  commitAll(repo);
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          {
            name: "Agent",
            input: { description: "bump", prompt: "BUMP the version", isolation: "worktree" },
          },
        ],
      },
      { text: "The agent bumped it on its branch." },
    ],
    routes: [
      {
        match: "BUMP the version",
        turns: [
          {
            tool_calls: [
              {
                name: "Bash",
                input: {
                  command:
                    "echo v2 > app.txt && git add app.txt && git -c user.name=a -c user.email=a@a commit -qm bump",
                },
              },
            ],
          },
          { text: "bumped to v2" },
        ],
      },
    ],
  });
  const env = envFor(server);
  const run = await runCli(["-p", "bump it", "--allowedTools", "Bash"], { cwd: repo, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "The agent bumped it on its branch.");
  const toolResult = JSON.stringify(bodies(server).at(-1)!.messages.at(-1));
  const match = /git worktree (\S+) on branch (reagent\/agent-[0-9a-f]+)/.exec(toolResult);
  assert.ok(match, toolResult);
  const [, path, branch] = match;
  assert.ok(path && branch, toolResult);
  const kept = join(realpathSync(env.HOME!), ".local", "state", "reagent", "worktrees");
  assert.ok(path.startsWith(kept), `${path} is kept in the user's state folder (it survives a reboot)`);
  assert.match(toolResult, /1 new commit on the branch/);
  assert.equal(readFileSync(join(path, "app.txt"), "utf8"), "v2\n");
  assert.equal(readFileSync(join(repo, "app.txt"), "utf8"), "v1\n");
  assert.equal(git(repo, "show", `${branch}:app.txt`), "v2\n");
  assert.match(run.stderr, /changes kept in .* branch reagent\/agent-/);
  git(repo, "worktree", "remove", "--force", path);
  workspace.cleanup();
});

test("a headless run waits for its background agent and uses its result", async () => {
  const workspace = createWorkspace({});
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          {
            name: "Agent",
            input: { description: "side job", prompt: "SIDE-JOB please", run_in_background: true },
          },
        ],
      },
      { text: "Started; I will report when it is done." },
      { text: "The side job says 7." },
    ],
    routes: [
      {
        match: "SIDE-JOB",
        turns: [{ tool_calls: [{ name: "Glob", input: { pattern: "*" } }] }, { text: "SIDE RESULT 7" }],
      },
    ],
  });
  const run = await runCli(["-p", "go", "--verbose"], { cwd: workspace.dir, env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "The side job says 7.");
  assert.match(run.stderr, /agent general-purpose [0-9a-f]{8} started in the background: side job/);
  const last = JSON.stringify(bodies(server).at(-1)!.messages.at(-1));
  assert.match(last, /task-notification.*completed.*SIDE RESULT 7/);
  workspace.cleanup();
});

test("the task list is kept with the session: --resume brings it back", async () => {
  const workspace = createWorkspace({});
  const home = createWorkspace({});
  const first = await serveScoped([
    { tool_calls: [{ name: "TaskCreate", input: { subject: "Write the parser", description: "d" } }] },
    { tool_calls: [{ name: "TaskUpdate", input: { taskId: "1", status: "in_progress" } }] },
    { text: "planned" },
  ]);
  const run = await runCli(["-p", "plan", "--output-format", "json"], {
    cwd: workspace.dir,
    env: envFor(first, home.dir),
  });
  assert.equal(run.code, 0, run.stderr);
  const sessionId = String(JSON.parse(run.stdout).session_id);
  const second = await serveScoped([{ tool_calls: [{ name: "TaskList", input: {} }] }, { text: "resumed" }]);
  const resumed = await runCli(["-p", "--resume", sessionId, "go on"], {
    cwd: workspace.dir,
    env: envFor(second, home.dir),
  });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(JSON.stringify(bodies(second).at(-1)!.messages.at(-1)), /#1 \[in_progress\] Write the parser/);
  workspace.cleanup();
  home.cleanup();
});

test("reagent agents list: files, --agents, built-ins and broken files with file:line; bad --agents exits 2", async () => {
  const workspace = createWorkspace({
    ".claude/agents/reviewer.md":
      "---\nname: reviewer\ndescription: Reviews\ntools: Read, Grep\nmodel: sonnet\n---\nReview.\n",
    ".agents/agents/broken.md": "---\nname: broken\ndescription: [oops\n---\n",
  });
  const env = cleanEnv();
  const list = await runCli(
    ["agents", "list", "--agents", '{"q": {"description": "Quick", "prompt": "Be quick"}}'],
    {
      cwd: workspace.dir,
      env,
    },
  );
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^q {2}\(--agents\)/m);
  assert.match(
    list.stdout,
    /^reviewer {2}\(project: .*\.claude\/agents\/reviewer\.md\)\n {2}Reviews\n {2}tools: Read, Grep · model: sonnet/m,
  );
  assert.match(list.stdout, /^general-purpose {2}\(built-in\)/m);
  assert.match(list.stdout, /^Explore {2}\(built-in\)/m);
  assert.match(list.stdout, /Agent broken: .*broken\.md:3: YAML cannot read `description:`/);
  const bad = await runCli(["-p", "x", "--agents", '{"q": {"description": "Quick"}}'], {
    cwd: workspace.dir,
    env: { ...env, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
  });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--agents: agent "q", field "prompt"/);
  workspace.cleanup();
});

test("agents given with the SDK's initialize request can be started, and system/init lists every agent", async () => {
  const workspace = createWorkspace({});
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          { name: "Agent", input: { description: "sdk", prompt: "go", subagent_type: "sdk-helper" } },
        ],
      },
      { text: "done" },
    ],
    routes: [{ match: "You are the SDK HELPER", turns: [{ text: "helped" }] }],
  });
  const cli = startStreamCli([], { cwd: workspace.dir, env: envFor(server) });
  const init = await cli.control({
    subtype: "initialize",
    hooks: null,
    agents: {
      "sdk-helper": { description: "Helps the SDK", prompt: "You are the SDK HELPER.", tools: ["Read"] },
    },
  });
  assert.equal(init.subtype, "success");
  const listed = init.response.agents.map((agent: { name: string }) => agent.name);
  assert.deepEqual(listed, ["sdk-helper", "general-purpose", "Explore"]);
  const bad = startStreamCli([], { cwd: workspace.dir, env: envFor(server) });
  const refused = await bad.control({
    subtype: "initialize",
    hooks: null,
    agents: { broken: { description: "no prompt" } },
  });
  assert.equal(refused.subtype, "error");
  assert.match(refused.error, /initialize: agent "broken", field "prompt"/);
  bad.end();
  await bad.exit;
  cli.user("use the helper");
  const result = await cli.waitFor((line) => line.type === "result", "result");
  cli.end();
  assert.equal((await cli.exit).code, 0, cli.stderr());
  assert.equal(result.result, "done");
  const systemInit = cli.lines.find((line) => line.type === "system" && line.subtype === "init");
  assert.deepEqual(systemInit?.agents, ["sdk-helper", "general-purpose", "Explore"]);
  const helperBody = bodies(server).find((body) => JSON.stringify(body.system).includes("SDK HELPER"));
  assert.deepEqual(
    helperBody?.tools.map((tool) => tool.name),
    ["Read"],
  );
  assert.match(JSON.stringify(bodies(server)[0]?.tools), /sdk-helper: Helps the SDK/);
  workspace.cleanup();
});
