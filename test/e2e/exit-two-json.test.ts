// End-to-end (built CLI, fake model server): published hook scripts that print a JSON decision on stdout
// and exit 2 with nothing (or a log line) on stderr. As in Claude Code, the model gets the JSON's reason,
// with stderr added when there is any: a PreToolUse hookSpecificOutput deny ("use a worktree", bash +
// jq), a PostToolUse block (bash), a Stop block whose reason carries the test failures (python3), and a
// UserPromptSubmit block (python3) whose reason the user sees, with no request made.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { hasJq } from "../support/programs.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");
const hook = (matcher: string | undefined, script: string) => [
  { ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command: join(FIXTURES, script) }] },
];
const sentTo = (server: FakeModelServer, index: number) =>
  JSON.stringify((server.requests[index]?.body as { messages?: unknown } | undefined)?.messages);
const skip = hasJq ? false : "jq is not installed (.ci/run installs it)";

test("PreToolUse and PostToolUse: the JSON reason of an exit-2 hook reaches the model, stderr added", {
  skip,
}, async () => {
  const space = scopedWorkspace({
    ".claude/settings.json": JSON.stringify({
      hooks: {
        PreToolUse: hook("Edit|Write", "require-worktree.sh"),
        PostToolUse: hook("Write", "post-lint-json.sh"),
      },
    }),
  });
  const server = await serveScoped([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "src/app.js", content: "x\n" } }] },
    {
      tool_calls: [
        {
          id: "w2",
          name: "Write",
          input: { file_path: ".worktrees/feature/app.js", content: "console.log(1)\n" },
        },
      ],
    },
    { text: "done" },
  ]);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "add the feature", "--permission-mode", "acceptEdits"], {
    cwd: space.dir,
    env,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(!existsSync(join(space.dir, "src", "app.js")), "the denied Write did not run");
  assert.match(
    sentTo(server, 1),
    /Do not edit .*src\/app\.js in the main checkout: use a worktree \(git worktree add \.worktrees\/<name>\)\./,
  );
  assert.doesNotMatch(sentTo(server, 1), /nothing on stderr/);
  assert.ok(existsSync(join(space.dir, ".worktrees", "feature", "app.js")), "the allowed Write ran");
  assert.match(sentTo(server, 2), /lint: remove the console\.log call\\nlint-check: 1 problem in app\.js/);
  assert.match(run.stderr, /denied the call \(exit code 2\): Do not edit/);
});

test("Stop: an exit-2 JSON block gives the model the failing tests; stop_hook_active ends it", async () => {
  const space = scopedWorkspace({
    "test-output.txt": "2 failing: parser handles empty input, parser keeps comments\n",
    ".claude/settings.json": JSON.stringify({ hooks: { Stop: hook(undefined, "stop-tests-json.py") } }),
  });
  const server = await serveScoped([{ text: "All done." }, { text: "Fixed the parser." }]);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "fix the parser"], { cwd: space.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "Fixed the parser.\n");
  assert.equal(server.requests.length, 2);
  assert.match(
    sentTo(server, 1),
    /tests failed: 2 failing: parser handles empty input, parser keeps comments/,
  );
});

test("UserPromptSubmit: an exit-2 JSON block shows its reason and sends nothing", async () => {
  const space = scopedWorkspace({
    ".claude/settings.json": JSON.stringify({
      hooks: { UserPromptSubmit: hook(undefined, "prompt-secrets-json.py") },
    }),
  });
  const server = await serveScoped([{ text: "never" }]);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "deploy with sk-abcdefghijklmnopqrstu", "--output-format", "json"], {
    cwd: space.dir,
    env,
  });
  assert.equal(server.requests.length, 0);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /prompt blocked by a UserPromptSubmit hook: The prompt contains an API key/);
  assert.equal(JSON.parse(run.stdout).result, "The prompt contains an API key; remove it and try again.");
});
