// End-to-end (built CLI, fake model server routing each subagent's requests): agent files written for
// Claude Code work as they are (model aliases, Claude Code tool names), mistakes in agent files are
// reported with file, line and a suggestion while the other agents keep working, and a subagent's
// failures (an API error, its turn limit) come back to the parent as error results it can act on.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { agentCall } from "../support/agent-call.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { serveScoped } from "../support/scoped.js";
import { createWorkspace } from "../support/workspace.js";

type Body = {
  model: string;
  system?: unknown;
  messages: Array<{ role: string; content: unknown }>;
  tools: Array<{ name: string }>;
};
const bodies = (server: FakeModelServer) => server.requests.map((request) => request.body as Body);

/** A Claude Code agent file as people publish them: Claude Code tool names, a model alias, a colour. */
const CLAUDE_CODE_AGENT = `---
name: test-writer
description: Writes unit tests for a module. Use after implementing a feature.
tools: Read, Grep, Glob, LS, MultiEdit, TodoWrite, NotebookEdit
model: haiku
color: green
---
You are the TEST WRITER agent. Write focused tests.
`;

const FILES = {
  ".claude/agents/test-writer.md": CLAUDE_CODE_AGENT,
  ".claude/agents/typo.md":
    "---\nname: typo\ndescription: Has typos\ntools: Reed, Grep\ndisallowedTools: Bsh\nmodel: sonet\n---\nYou are the TYPO agent.\n",
  ".claude/agents/broken.md": "---\nname: broken\ndescription: [unclosed\n---\nbody\n",
  ".agents/agents/bad-mode.md": "---\nname: bad-mode\ndescription: x\npermissionMode: yolo\n---\nbody\n",
};

test("agents list: Claude Code agent files as they are; typos and broken files named with file:line", async () => {
  const workspace = createWorkspace(FILES);
  const list = await runCli(["agents", "list"], { cwd: workspace.dir, env: cleanEnv() });
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^test-writer {2}\(project: .*test-writer\.md\)/m);
  assert.match(list.stdout, /^typo {2}\(project: /m);
  assert.doesNotMatch(list.stdout, /^bad-mode /m);
  assert.match(list.stdout, /^broken {2}\(project: .*broken\.md\)\n {2}\[unclosed\n/m, "read as written");
  assert.match(list.stdout, /Agent broken: .*broken\.md:3: YAML cannot read `description:`/);
  assert.match(list.stdout, /Agent skipped: .*bad-mode\.md:4: unknown permissionMode "yolo"/);
  assert.match(
    list.stdout,
    /Agent typo: .*typo\.md:6: `model: sonet` is not an alias .*did you mean `sonnet`\?/,
  );
  assert.match(
    list.stdout,
    /agent typo \(.*typo\.md\): no tool is named "Reed" \(did you mean "Read"\?\), "Bsh" \(did you mean "Bash"\?\)/,
  );
  // Claude Code's tool names and fields are understood: not typos; the gone ones are named as such.
  assert.doesNotMatch(list.stdout, /test-writer.*(no tool is named|not supported|unknown field)/);
  assert.match(
    list.stdout,
    /agent test-writer .*: LS, MultiEdit, TodoWrite give no tool, as in Claude Code 2\.1\.197/,
  );
  workspace.cleanup();
});

test("a Claude Code agent file runs as it is: alias resolved, Claude Code tool names mapped; typos warned", async () => {
  const workspace = createWorkspace(FILES);
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          agentCall("toolu_tw", "test-writer", "Write tests"),
          agentCall("toolu_ty", "typo", "Look"),
        ],
      },
      { text: "Both reported." },
    ],
    routes: [
      { match: "TEST WRITER agent", turns: [{ text: "tests written" }] },
      { match: "TYPO agent", turns: [{ text: "typo done" }] },
    ],
  });
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "go"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Both reported\./);
  assert.match(run.stderr, /broken\.md:3: YAML cannot read `description:`/);
  assert.match(run.stderr, /no tool is named "Reed" \(did you mean "Read"\?\)/);
  const writer = bodies(server).find((body) => JSON.stringify(body.system).includes("TEST WRITER agent"))!;
  assert.equal(writer.model, "claude-haiku-4-5", "the alias haiku is resolved");
  // As in Claude Code 2.1.197: LS, MultiEdit and TodoWrite are gone and give nothing; reagent says so.
  assert.deepEqual(writer.tools.map((tool) => tool.name).sort(), ["Glob", "Grep", "Read"]);
  assert.match(
    run.stderr,
    /agent test-writer \(.*test-writer\.md\): LS, MultiEdit, TodoWrite give no tool, as in Claude Code 2\.1\.197, which has none of that name any more \(write Glob; Edit; TaskCreate, TaskUpdate instead\); NotebookEdit: Claude Code tool reagent does not have/,
  );
  const typo = bodies(server).find((body) => JSON.stringify(body.system).includes("TYPO agent"))!;
  assert.deepEqual(
    typo.tools.map((tool) => tool.name),
    ["Grep"],
  );
  workspace.cleanup();
});

test("a subagent's API error and its turn limit come back to the parent as error results; the parent goes on", async () => {
  const workspace = createWorkspace({
    ".agents/agents/limited.md":
      "---\nname: limited\ndescription: Gives up soon\ntools: Read\nmaxTurns: 1\n---\nYou are the LIMITED agent.\n",
    ".agents/agents/broken-model.md":
      "---\nname: broken-model\ndescription: Uses a model the API does not know\nmodel: claude-nonexistent-1\n---\nYou are the BROKEN MODEL agent.\n",
    "a.txt": "a\n",
  });
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          agentCall("toolu_lim", "limited", "Read forever"),
          agentCall("toolu_bm", "broken-model", "Hi"),
        ],
      },
      { text: "One hit its limit, one failed." },
    ],
    routes: [
      {
        match: "LIMITED agent",
        turns: [
          { text: "Reading a.txt first.", tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
          { text: "never reached" },
        ],
      },
      {
        match: "BROKEN MODEL agent",
        turns: [
          {
            fault: {
              status: 404,
              body: '{"type":"error","error":{"type":"not_found_error","message":"model: claude-nonexistent-1"}}',
            },
          },
        ],
      },
    ],
  });
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "go", "--output-format", "json"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout) as { result: string; is_error: boolean };
  assert.equal(result.is_error, false);
  assert.equal(result.result, "One hit its limit, one failed.");
  const last = bodies(server).at(-1)!;
  assert.doesNotMatch(JSON.stringify(last.system), /LIMITED agent|BROKEN MODEL/, "the parent's last request");
  const results = (last.messages.at(-1)!.content as Array<Record<string, unknown>>).filter(
    (block) => block.type === "tool_result",
  );
  const byId = new Map(results.map((block) => [block.tool_use_id, block]));
  const limited = byId.get("toolu_lim")!;
  assert.equal(limited.is_error, true);
  assert.match(String(limited.content), /The limited agent failed: it reached its limit of 1 turns/);
  assert.match(String(limited.content), /Reading a\.txt first\./, "its last message is kept");
  const broken = byId.get("toolu_bm")!;
  assert.equal(broken.is_error, true);
  assert.match(String(broken.content), /The broken-model agent failed: HTTP 404 .*claude-nonexistent-1/);
  workspace.cleanup();
});

test("an agent file's own hooks guard that agent only; its Stop hook is its SubagentStop; invalid hooks skip it", async () => {
  const guarded = [
    "---",
    "name: guarded",
    "description: Works under its own guard",
    "hooks:",
    "  PreToolUse:",
    "    - matcher: Bash",
    "      hooks:",
    "        - type: command",
    `          command: "echo 'guarded agent: no shell' >&2; exit 2"`,
    "  Stop:",
    "    - hooks:",
    "        - type: command",
    // $CLAUDE_PROJECT_DIR as the shell expands it (hooks run with it set).
    '          command: sh "$CLAUDE_PROJECT_DIR/once.sh"',
    "---",
    "You are the GUARDED agent.",
    "",
  ].join("\n");
  const workspace = createWorkspace({
    ".claude/agents/guarded.md": guarded,
    ".claude/agents/broken-hooks.md":
      "---\nname: broken-hooks\ndescription: x\nhooks:\n  PreToolUse: nope\n---\nbody\n",
    // Blocks the first stop (stop_hook_active false) and records every payload.
    "once.sh": `payload=$(cat); echo "$payload" >> "$CLAUDE_PROJECT_DIR/stops.jsonl"
case "$payload" in *'"stop_hook_active":true'*) exit 0;; esac
echo "check once more" >&2; exit 2
`,
  });
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          { name: "Bash", input: { command: "echo parent > parent-ran.txt" } },
          agentCall("toolu_g", "guarded", "Do it"),
        ],
      },
      { text: "Parent done." },
    ],
    routes: [
      {
        match: "GUARDED agent",
        turns: [
          { tool_calls: [{ name: "Bash", input: { command: "echo sub > sub-ran.txt" } }] },
          { text: "first answer" },
          { text: "second answer" },
        ],
      },
    ],
  });
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const list = await runCli(["agents", "list"], { cwd: workspace.dir, env });
  assert.match(list.stdout, /^guarded {2}\(project: .*\n.*\n.*hooks: PreToolUse, Stop/m);
  assert.match(
    list.stdout,
    /Agent skipped: .*broken-hooks\.md: hooks\.PreToolUse: must be an array of matcher groups/,
  );
  const run = await runCli(["-p", "go", "--allowedTools", "Bash"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(
    existsSync(join(workspace.dir, "parent-ran.txt")),
    "the agent's hook does not touch the parent's calls",
  );
  assert.ok(
    !existsSync(join(workspace.dir, "sub-ran.txt")),
    "the agent's own PreToolUse hook blocked its Bash",
  );
  const sub = bodies(server).filter((body) => JSON.stringify(body.system).includes("GUARDED agent"));
  assert.equal(sub.length, 3, "the Stop hook blocked once: one more turn");
  assert.match(JSON.stringify(sub[1]!.messages.at(-1)), /guarded agent: no shell/);
  assert.match(JSON.stringify(sub[2]!.messages.at(-1)), /check once more/);
  const stops = readFileSync(join(workspace.dir, "stops.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.deepEqual(
    stops.map((payload) => [payload.hook_event_name, payload.agent_type, payload.stop_hook_active]),
    [
      ["SubagentStop", "guarded", false],
      ["SubagentStop", "guarded", true],
    ],
    "it fires for the agent's stops only, not the parent's",
  );
  const last = bodies(server).at(-1)!;
  const result = (last.messages.at(-1)!.content as Array<Record<string, unknown>>).find(
    (block) => block.tool_use_id === "toolu_g",
  )!;
  assert.equal(result.content, "second answer");
  workspace.cleanup();
});
