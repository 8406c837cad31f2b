// End-to-end: user-level hooks in ~/.claude/settings.json around subagents and the interactive
// permission question, through the built CLI against the wire-level fake model server, with the
// published-shape scripts of test/fixtures/claude-hooks run unchanged: SubagentStart/SubagentStop
// (bash + jq logger, a python3 SubagentStop reading the subagent's Claude-shape transcript) and a
// PermissionRequest hook (node) answering in the REPL so no dialog opens.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { BIN, cleanEnv, runCli } from "../support/cli.js";
import type { RoutedScript } from "../support/fake-model-routes.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { hasJq } from "../support/programs.js";
import { createWorkspace, type Workspace } from "../support/workspace.js";
import { hasTmux, startTmux } from "../ui/repl/tmux.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serve(script: RoutedScript): Promise<FakeModelServer> {
  const server = await startFakeModelServer(script);
  cleanups.push(() => server.close());
  return server;
}

function project(files: Record<string, string> = {}): Workspace {
  const space = createWorkspace({ "README.md": "# demo\n", ...files });
  cleanups.push(() => space.cleanup());
  return space;
}

/** A temp HOME holding `~/.claude/settings.json`, pointed at the fake server. */
function homeWith(server: FakeModelServer, settings: unknown, extra: Record<string, string> = {}) {
  const env = cleanEnv({
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    ...extra,
  });
  mkdirSync(join(env.HOME, ".claude"), { recursive: true });
  writeFileSync(join(env.HOME, ".claude", "settings.json"), JSON.stringify(settings));
  return env;
}

const hook = (command: string, matcher?: string) => [
  { ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command }] },
];

type Body = { messages: Array<{ role: string; content: unknown }> };

test("SubagentStart/SubagentStop hooks from ~/.claude/settings.json fire around a subagent; a python3 SubagentStop reading its transcript sends it back once", {
  skip: hasJq ? false : "jq is not installed (.ci/run installs it)",
}, async () => {
  const server = await serve({
    turns: [
      {
        tool_calls: [
          {
            id: "toolu_agent",
            name: "Agent",
            input: {
              description: "check readme",
              prompt: "CHECK: does README.md have a title?",
              subagent_type: "general-purpose",
            },
          },
        ],
      },
      { text: "The helper checked it." },
    ],
    routes: [
      {
        match: "CHECK:",
        turns: [{ text: "It has a title." }, { text: "VERIFIED: README.md starts with '# demo'." }],
      },
    ],
  });
  const space = project();
  const env = homeWith(server, {
    hooks: {
      SubagentStart: hook(join(FIXTURES, "subagent-log.sh")),
      SubagentStop: [
        { hooks: [{ type: "command", command: join(FIXTURES, "subagent-log.sh") }] },
        { hooks: [{ type: "command", command: join(FIXTURES, "subagent-verify.py") }] },
      ],
    },
  });
  const run = await runCli(["-p", "check the readme", "--output-format", "json"], {
    cwd: space.dir,
    env,
    timeoutMs: 60_000,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).result, "The helper checked it.");
  const log = readFileSync(join(space.dir, "subagents.log"), "utf8").trim().split("\n");
  assert.equal(log.length, 3, log.join("\n"));
  const [start, firstStop, secondStop] = log.map((line) => line.split(" "));
  assert.ok(start && firstStop && secondStop, log.join("\n"));
  assert.deepEqual(
    [start[0], start[1], firstStop[0], secondStop[0]],
    ["SubagentStart", "general-purpose", "SubagentStop", "SubagentStop"],
  );
  assert.ok(start[2] && start[2] !== "null", "the payload carries the agent's id");
  assert.equal(firstStop[2], start[2]);
  // The subagent was sent back with the hook's reason, then its verified answer reached the parent.
  const bodies = server.requests.map((request) => request.body as Body);
  const subagent = bodies.filter((body) => JSON.stringify(body.messages[0]).includes("CHECK:"));
  assert.equal(subagent.length, 2);
  assert.match(JSON.stringify(subagent[1]?.messages.at(-1)), /say VERIFIED/);
  const parentLast = bodies.filter((body) => !JSON.stringify(body.messages[0]).includes("CHECK:")).at(-1);
  assert.match(JSON.stringify(parentLast?.messages.at(-1)), /VERIFIED: README\.md starts with/);
});

test("REPL: a PermissionRequest hook (node) in ~/.claude/settings.json answers without a dialog; an unanswered call opens it and notifies", {
  skip: hasTmux && hasJq ? false : "tmux and jq are needed (.ci/run installs them)",
}, async () => {
  const server = await serve([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "NOTES.md", content: "notes\n" } }] },
    { tool_calls: [{ id: "w2", name: "Write", input: { file_path: "code.ts", content: "x\n" } }] },
    { text: "all written" },
  ]);
  const space = project();
  const env = homeWith(
    server,
    {
      hooks: {
        PermissionRequest: hook(join(FIXTURES, "permission-allow-docs.js"), "Write|Edit"),
        Notification: hook(join(FIXTURES, "notify-log.sh")),
      },
    },
    { TERM: "xterm-256color" },
  );
  const tmux = startTmux({ command: [process.execPath, BIN], cwd: space.dir, env });
  cleanups.push(() => tmux.kill());
  await tmux.waitFor((screen) => screen.includes("Type a message"), "the prompt");
  tmux.type("write the files");
  await new Promise((done) => setTimeout(done, 150));
  tmux.keys("Enter");
  // NOTES.md is answered by the hook: the first dialog is the one for code.ts.
  const dialog = await tmux.waitFor((screen) => screen.includes("Do you want to proceed?"), "a dialog");
  assert.match(dialog, /code\.ts/);
  assert.doesNotMatch(dialog, /NOTES\.md[^\n]*\n[^\n]*Do you want to proceed/);
  assert.equal(readFileSync(join(space.dir, "NOTES.md"), "utf8"), "notes\n");
  assert.equal(existsSync(join(space.dir, "code.ts")), false);
  // Past the dialog's typing pause (a digit within 800 ms of typing goes to the prompt).
  await new Promise((done) => setTimeout(done, 900));
  tmux.keys("1");
  await tmux.waitFor((screen) => screen.includes("all written"), "the final answer");
  assert.equal(readFileSync(join(space.dir, "code.ts"), "utf8"), "x\n");
  const notes = readFileSync(join(space.dir, "notifications.log"), "utf8").trim().split("\n");
  assert.deepEqual(
    notes.filter((line) => line.startsWith("permission_prompt")),
    ["permission_prompt: reagent needs your permission to use Write"],
    "only the dialog that opened notified",
  );
});
