// Worktree isolation with a real git repository: the agent works in a temporary worktree on its own
// branch (the project's rules anchored there, hooks told its cwd); a changed worktree is kept and
// reported with its branch and path, an unchanged one is removed with its branch (also when its agent
// failed or was interrupted).
import assert from "node:assert/strict";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { projectKey } from "../../src/transcript/transcript-index.js";
import { commitAll, git } from "../support/git.js";
import { hookScript, onEvent } from "../support/hook-engine.js";
import { createSubagentHarness, lastResults } from "../support/subagent-harness.js";
import { createWorkspace } from "../support/workspace.js";

test("a worktree agent changes a file on its own branch; an agent that changes nothing leaves no worktree", async () => {
  const workspace = createWorkspace({ "src/app.txt": "v1\n", ".gitignore": "hooks/\n*.jsonl\n" });
  const repo = realpathSync(workspace.dir);
  commitAll(repo);
  const worktrees = createWorkspace({});
  const kept = join(worktrees.dir, "reagent", "worktrees", projectKey(repo));
  const log = join(repo, "pre.jsonl");
  const record = hookScript(repo, "record.sh", `cat >> ${log}; echo >> ${log}`);
  const ids = ["wt1", "wt2"];
  const { session, model, events } = await createSubagentHarness({
    cwd: repo,
    mode: "default",
    rules: { allow: ["Write(/src/**)"] },
    settings: [onEvent("PreToolUse", record, "Write")],
    stateHome: worktrees.dir,
    newAgentId: () => ids.shift() ?? "wtx",
    script: {
      turns: [
        {
          tool_calls: [
            {
              name: "Agent",
              input: { description: "change", prompt: "CHANGER: add a file", isolation: "worktree" },
            },
            {
              name: "Agent",
              input: { description: "look", prompt: "LOOKER: only read", isolation: "worktree" },
            },
          ],
        },
        { text: "done" },
      ],
      routes: [
        {
          match: "CHANGER:",
          turns: [
            {
              tool_calls: [
                { name: "Write", input: { file_path: "src/new.txt", content: "from the agent\n" } },
              ],
            },
            { text: "added src/new.txt" },
          ],
        },
        {
          match: "LOOKER:",
          turns: [
            { tool_calls: [{ name: "Read", input: { file_path: "src/app.txt" } }] },
            { text: "it says v1" },
          ],
        },
      ],
    },
  });
  await session.submit("go");
  const changedPath = join(kept, "agent-wt1");
  const parentSecond = model.requests.filter((request) => request.route === "main")[1];
  assert.ok(parentSecond, "a second request of the parent");
  const [changed, looked] = lastResults(parentSecond);
  assert.ok(changed && looked);
  assert.equal(changed.is_error, undefined, String(changed.content));
  assert.match(
    String(changed.content),
    /^added src\/new\.txt\n\nThe agent's work is in the git worktree .*agent-wt1 on branch reagent\/agent-wt1/,
  );
  assert.match(String(changed.content), /\?\? src\/new\.txt/);
  assert.equal(readFileSync(join(changedPath, "src", "new.txt"), "utf8"), "from the agent\n");
  assert.ok(!existsSync(join(repo, "src", "new.txt")), "the main checkout is untouched");
  assert.match(git(repo, "branch", "--list", "reagent/agent-wt1"), /reagent\/agent-wt1/);
  const write = JSON.parse(readFileSync(log, "utf8").split("\n")[0] ?? "");
  assert.equal(write.cwd, realpathSync(changedPath), "hooks see the worktree as cwd");
  assert.equal(write.tool_input.file_path, join(realpathSync(changedPath), "src", "new.txt"));
  assert.equal(looked.content, "it says v1");
  assert.ok(!existsSync(join(kept, "agent-wt2")), "an unchanged worktree is removed");
  assert.equal(git(repo, "branch", "--list", "reagent/agent-wt2").trim(), "");
  const end = events.find((event) => event.type === "subagent-end" && event.agent.agentId === "wt1");
  assert.equal(end?.type === "subagent-end" && end.end.worktree?.branch, "reagent/agent-wt1");
  git(repo, "worktree", "remove", "--force", changedPath);
  workspace.cleanup();
  worktrees.cleanup();
});

test("isolation outside a git repository is a clear error result", async () => {
  const workspace = createWorkspace({});
  const { session, model } = await createSubagentHarness({
    cwd: workspace.dir,
    script: [
      {
        tool_calls: [
          { name: "Agent", input: { description: "x", prompt: "ISOLATED", isolation: "worktree" } },
        ],
      },
      { text: "ok" },
    ],
  });
  await session.submit("go");
  const request = model.requests[1];
  assert.ok(request, "a second request");
  const [result] = lastResults(request);
  assert.ok(result);
  assert.equal(result.is_error, true);
  assert.match(String(result.content), /isolation "worktree" needs a git repository/);
  workspace.cleanup();
});

test("an unchanged worktree is removed however its agent ends: at its turn limit, or interrupted", async () => {
  const workspace = createWorkspace({ "a.txt": "a\n" });
  const repo = realpathSync(workspace.dir);
  commitAll(repo);
  const worktrees = createWorkspace({});
  const kept = join(worktrees.dir, "reagent", "worktrees", projectKey(repo));
  const ids = ["limited", "sleeper"];
  const base = { disallowedTools: [], skills: [], source: "project" as const };
  const { session, model, events } = await createSubagentHarness({
    cwd: repo,
    stateHome: worktrees.dir,
    newAgentId: () => ids.shift() ?? "x",
    agents: [
      {
        ...base,
        name: "limited",
        description: "d",
        prompt: "LIMITED agent",
        maxTurns: 1,
        isolation: "worktree",
      },
      { ...base, name: "sleeper", description: "d", prompt: "SLEEPER agent", isolation: "worktree" },
    ],
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Agent", input: { description: "one", prompt: "go", subagent_type: "limited" } },
            { name: "Agent", input: { description: "two", prompt: "go", subagent_type: "sleeper" } },
          ],
        },
        { text: "never" },
      ],
      routes: [
        {
          match: "LIMITED agent",
          turns: [{ tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] }, { text: "never" }],
        },
        {
          match: "SLEEPER agent",
          turns: [{ tool_calls: [{ name: "Bash", input: { command: "sleep 30" } }] }, { text: "never" }],
        },
      ],
    },
  });
  const turn = session.submit("go");
  // Interrupt once the limited agent has ended and the sleeper's command runs.
  for (let i = 0; i < 400; i++) {
    const limitedEnded = events.some(
      (event) => event.type === "subagent-end" && event.agent.agentId === "limited",
    );
    const sleeping = events.some(
      (event) =>
        event.type === "subagent-event" &&
        event.agent.agentId === "sleeper" &&
        event.event.type === "tool-call-start",
    );
    if (limitedEnded && sleeping) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  session.abort();
  await turn;
  const ends = new Map(
    events.flatMap((event) => (event.type === "subagent-end" ? [[event.agent.agentId, event.end]] : [])),
  );
  assert.equal(ends.get("limited")?.status, "failed");
  assert.match(ends.get("limited")!.result, /reached its limit of 1 turns/);
  assert.equal(ends.get("sleeper")?.status, "stopped");
  for (const id of ["limited", "sleeper"]) {
    assert.ok(!existsSync(join(kept, `agent-${id}`)), `${id}: its unchanged worktree is removed`);
    assert.equal(
      git(repo, "branch", "--list", `reagent/agent-${id}`).trim(),
      "",
      `${id}: its branch is deleted`,
    );
    assert.equal(ends.get(id)?.worktree, undefined);
  }
  assert.doesNotMatch(git(repo, "worktree", "list"), /\[reagent\/agent-/);
  assert.ok(model.requests.length >= 3);
  workspace.cleanup();
  worktrees.cleanup();
});
