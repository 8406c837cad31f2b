// End-to-end: WorktreeCreate / WorktreeRemove hooks around an agent with isolation "worktree", through
// the built CLI against the fake model server, with published-shape scripts (bash + jq copying a
// project outside git, python3 making a git worktree and answering with JSON). The project sits in a
// folder of the test's workspace, so the worktrees the hooks make next to it are cleaned up with it.
import assert from "node:assert/strict";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { envWithClaudeSettings, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { commitAll } from "../support/git.js";
import { hasJq } from "../support/programs.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");
const needsJq = { skip: hasJq ? false : "jq is not installed (.ci/run installs it)" };

type Body = { messages: Array<{ role: string; content: unknown }> };

function setup(files: Record<string, string>, hookScript: string, server: FakeModelServer) {
  const space = scopedWorkspace(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [`proj/${name}`, text])),
  );
  const project = join(space.dir, "proj");
  const command = [{ hooks: [{ type: "command", command: join(FIXTURES, hookScript) }] }];
  const env = envWithClaudeSettings({ hooks: { WorktreeCreate: command, WorktreeRemove: command } }, server);
  return { space, project, env };
}

/** The Agent call's tool result, as the parent model was sent it. */
const agentResult = (server: FakeModelServer) =>
  JSON.stringify((server.requests.at(-1)!.body as Body).messages.at(-1));

const agentCall = (prompt: string) => ({
  tool_calls: [{ name: "Agent", input: { description: "edit", prompt, isolation: "worktree" } }],
});

test(
  "outside git, a WorktreeCreate hook makes the agent's copy; its changes stay there and the copy is kept",
  needsJq,
  async () => {
    const server = await serveScoped({
      turns: [agentCall("NOTE the result"), { text: "The agent wrote its note in its copy." }],
      routes: [
        {
          match: "NOTE the result",
          turns: [
            { tool_calls: [{ name: "Write", input: { file_path: "note.txt", content: "done\n" } }] },
            { text: "wrote note.txt" },
          ],
        },
      ],
    });
    const { space, project, env } = setup({ "README.md": "# demo\n" }, "worktree-copy.sh", server);
    const run = await runCli(["-p", "note it", "--permission-mode", "acceptEdits"], { cwd: project, env });
    assert.equal(run.code, 0, run.stderr);
    const log = readFileSync(join(project, "worktree-events.log"), "utf8").trim().split("\n");
    assert.equal(log.length, 1, log.join("\n"));
    const name = log[0]!.replace("WorktreeCreate ", "");
    assert.match(name, /^agent-[0-9a-f]+$/);
    const copy = realpathSync(join(space.dir, "worktrees", name));
    assert.equal(readFileSync(join(copy, "note.txt"), "utf8"), "done\n", "the agent worked in the copy");
    assert.equal(existsSync(join(project, "note.txt")), false, "not in the project");
    const result = agentResult(server);
    assert.match(result, /made by the project's WorktreeCreate hook/);
    assert.ok(result.includes(copy), result);
    // The subagent was told where it works.
    const subagent = server.requests.find((request) =>
      JSON.stringify(request.body).includes("NOTE the result"),
    );
    assert.match(JSON.stringify(subagent?.body), /separate copy of the project/);
  },
);

test(
  "a git WorktreeCreate hook answering with JSON; an unchanged worktree goes to the WorktreeRemove hook",
  needsJq,
  async () => {
    const server = await serveScoped({
      turns: [agentCall("LOOK at the readme"), { text: "Nothing to change." }],
      routes: [{ match: "LOOK at the readme", turns: [{ text: "The readme is fine." }] }],
    });
    const { project, env } = setup({ "README.md": "# demo\n" }, "worktree-git.py", server);
    commitAll(project);
    const run = await runCli(["-p", "look"], { cwd: project, env });
    assert.equal(run.code, 0, run.stderr);
    const log = readFileSync(join(project, "worktree-events.log"), "utf8").trim().split("\n");
    assert.equal(log.length, 2, log.join("\n"));
    const [created, removed] = log;
    assert.match(created!, /^WorktreeCreate agent-[0-9a-f]+$/);
    const path = join(realpathSync(join(project, "..")), `wt-${created!.replace("WorktreeCreate ", "")}`);
    assert.equal(removed, `WorktreeRemove ${path}`);
    assert.equal(existsSync(path), false, "the hook removed it");
    assert.doesNotMatch(agentResult(server), /worktree/i, "nothing to report: it was removed");
  },
);

test(
  "a failing WorktreeCreate hook fails the Agent call with its reason; the run goes on",
  needsJq,
  async () => {
    const server = await serveScoped([agentCall("NEVER runs"), { text: "Could not isolate it." }]);
    const { project, env } = setup({ "README.md": "# demo\n" }, "worktree-copy.sh", server);
    // The copy cannot be made: the folder the script creates its worktrees in is a file.
    writeFileSync(join(project, "..", "worktrees"), "not a folder");
    const run = await runCli(["-p", "try"], { cwd: project, env });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), "Could not isolate it.");
    const result = agentResult(server);
    assert.match(result, /the WorktreeCreate hook failed/);
    assert.match(result, /"is_error":true/);
    assert.equal(server.requests.length, 2, "no subagent request was made");
  },
);

test("a WorktreeCreate hook that prints a path that is no folder fails the call, naming what it printed", async () => {
  const server = await serveScoped([agentCall("NEVER runs"), { text: "No worktree." }]);
  const space = scopedWorkspace({ "proj/README.md": "# demo\n" });
  const project = join(space.dir, "proj");
  const command = [
    { hooks: [{ type: "command", command: "cat > /dev/null; echo 'made it'; echo worktrees/agent" }] },
  ];
  const env = envWithClaudeSettings({ hooks: { WorktreeCreate: command } }, server);
  const run = await runCli(["-p", "try"], { cwd: project, env });
  assert.equal(run.code, 0, run.stderr);
  const result = agentResult(server);
  assert.match(
    result,
    /the WorktreeCreate hook printed \\"worktrees\/agent\\", which is not an existing absolute folder/,
  );
  assert.equal(server.requests.length, 2, "no subagent request was made");
});

test("a WorktreeCreate hook that prints nothing fails the call and says what it must print", async () => {
  const server = await serveScoped([agentCall("NEVER runs"), { text: "No worktree." }]);
  const space = scopedWorkspace({ "proj/README.md": "# demo\n" });
  const command = [{ hooks: [{ type: "command", command: "cat > /dev/null" }] }];
  const env = envWithClaudeSettings({ hooks: { WorktreeCreate: command } }, server);
  const run = await runCli(["-p", "try"], { cwd: join(space.dir, "proj"), env });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    agentResult(server),
    /the WorktreeCreate hook printed no worktree path: it must print the absolute path of the folder it made/,
  );
  assert.equal(server.requests.length, 2, "no subagent request was made");
});
