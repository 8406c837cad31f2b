// End-to-end: Bash with run_in_background through the built CLI against the wire-level fake model
// server. A command that prints over time returns at once with an id; TaskOutput reads its output so
// far; TaskStop kills its whole process group (a child of a child too); one that ends on its own is
// news for the model; the old names BashOutput and KillShell still work; one still running when the
// run ends is killed (SessionEnd still fires); PreToolUse/PostToolUse hooks see the call as Claude
// Code sends it; a deny rule and the headless gate refuse a background command as a foreground one;
// with the sandbox on it runs contained.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { envWithClaudeSettings, runCli, runJson } from "../support/cli.js";
import { running, waitUntil } from "../support/processes.js";
import { needsSandbox } from "../support/sandbox.js";
import { sandboxHome } from "../support/sandbox-cli.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

type Block = { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean; text?: string };
type Body = { messages: Array<{ role: string; content: Block[] | string }> };

const bodiesOf = (server: { requests: Array<{ body: unknown }> }) =>
  server.requests.map((request) => request.body as Body);

/** The text of the tool result for `id` (searched in every request). */
function resultText(bodies: Body[], id: string): string {
  for (const body of bodies)
    for (const message of body.messages)
      if (Array.isArray(message.content))
        for (const block of message.content)
          if (block.tool_use_id === id)
            return typeof block.content === "string" ? block.content : JSON.stringify(block.content);
  throw new Error(`no result for ${id}`);
}

// Prints a tick every 100 ms and starts a grandchild (sh → sleep) that would outlive a plain kill.
const TICKER =
  "sh -c 'sleep 300 & echo $! > grandchild.pid; wait' & for i in $(seq 1 600); do echo tick $i; sleep 0.1; done; wait";

test("a background command returns at once; TaskOutput reads it, TaskStop kills its group, an ended one is news", async () => {
  const server = await serveScoped([
    {
      tool_calls: [
        { id: "toolu_start", name: "Bash", input: { command: TICKER, run_in_background: true } },
        {
          id: "toolu_quick",
          name: "Bash",
          input: { command: "echo quick-done; exit 3", run_in_background: true, description: "Quick job" },
        },
      ],
    },
    {
      tool_calls: [
        { id: "toolu_wait", name: "Bash", input: { command: "sleep 0.6; test -s grandchild.pid" } },
      ],
    },
    {
      tool_calls: [
        { id: "toolu_read", name: "TaskOutput", input: { task_id: "bash_1", block: false } },
        { id: "toolu_old_read", name: "BashOutput", input: { bash_id: "bash_1" } },
      ],
    },
    { tool_calls: [{ id: "toolu_stop", name: "TaskStop", input: { task_id: "bash_1" } }] },
    {
      tool_calls: [
        { id: "toolu_after", name: "TaskOutput", input: { task_id: "bash_1" } },
        { id: "toolu_old_stop", name: "KillShell", input: { shell_id: "bash_1" } },
        { id: "toolu_unknown", name: "TaskOutput", input: { task_id: "bash_9", block: false } },
        {
          id: "toolu_check",
          name: "Bash",
          input: {
            command:
              "p=$(cat grandchild.pid); s=$(cut -d' ' -f3 /proc/$p/stat 2>/dev/null); echo \"grandchild:$s\"",
          },
        },
      ],
    },
    { text: "Done." },
  ]);
  const space = scopedWorkspace({});
  const env = envWithClaudeSettings({}, server);
  const started = Date.now();
  const run = await runJson("start the ticker", space.dir, env, ["--allowedTools", "Bash"]);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(Date.now() - started < 40_000, "the run did not wait for the ticker");
  const bodies = bodiesOf(server);
  assert.match(
    resultText(bodies, "toolu_start"),
    /^Command running in the background with id bash_1\. Its output goes to .*bash_1\.output/,
  );
  assert.match(resultText(bodies, "toolu_quick"), /with id bash_2/);
  const read = resultText(bodies, "toolu_read");
  assert.match(read, /<retrieval_status>not_ready<\/retrieval_status>/);
  assert.match(read, /<task_type>local_bash<\/task_type>/);
  assert.match(read, /<status>running<\/status>/);
  assert.match(read, /tick 1\ntick 2\n/);
  assert.match(resultText(bodies, "toolu_old_read"), /<status>running<\/status>[\s\S]*tick 1/);
  assert.match(resultText(bodies, "toolu_stop"), /^Stopped background command bash_1 \(sh -c/);
  const after = resultText(bodies, "toolu_after");
  assert.match(after, /<retrieval_status>success<\/retrieval_status>/);
  assert.match(after, /<status>killed<\/status>/);
  assert.match(resultText(bodies, "toolu_old_stop"), /bash_1 is not running \(it was stopped\)/);
  assert.match(
    resultText(bodies, "toolu_unknown"),
    /No background agent or command with id "bash_9"\. Known: bash_1, bash_2\./,
  );
  assert.match(resultText(bodies, "toolu_check"), /grandchild:(Z)?$/);
  // The command that ended on its own was news with a later request; the stopped one was not.
  const told = JSON.stringify(bodies.at(-1));
  assert.match(told, /Background command bash_2 \(\\"Quick job\\"\) failed \(exit code 3\)[^<]*quick-done/);
  assert.doesNotMatch(told, /<task-notification>\\nBackground command bash_1/);
  const grandchild = Number(readFileSync(join(space.dir, "grandchild.pid"), "utf8"));
  assert.ok(!running(grandchild));
});

test("a command still running when the run ends is killed, and SessionEnd fires; hooks see the call as for a foreground one", async () => {
  const server = await serveScoped([
    {
      tool_calls: [
        {
          id: "toolu_server",
          name: "Bash",
          input: {
            command: "sleep 300 & echo $! > sleeper.pid; wait",
            run_in_background: true,
            description: "Dev server",
          },
        },
      ],
    },
    { tool_calls: [{ id: "toolu_wait", name: "Bash", input: { command: "sleep 0.3; cat sleeper.pid" } }] },
    { text: "Left it running." },
  ]);
  const space = scopedWorkspace({});
  const log = join(space.dir, "hooks.jsonl");
  const logHook = [{ hooks: [{ type: "command", command: `cat >> ${log}; echo >> ${log}` }] }];
  const env = envWithClaudeSettings(
    {
      hooks: {
        PreToolUse: [{ matcher: "Bash", ...logHook[0] }],
        PostToolUse: [{ matcher: "Bash", ...logHook[0] }],
        SessionEnd: [{ hooks: [{ type: "command", command: `cat > ${join(space.dir, "ended.json")}` }] }],
      },
    },
    server,
  );
  const started = Date.now();
  const run = await runJson("start the server", space.dir, env, ["--allowedTools", "Bash"]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).result, "Left it running.");
  assert.ok(Date.now() - started < 40_000);
  const sleeper = Number(readFileSync(join(space.dir, "sleeper.pid"), "utf8"));
  assert.ok(await waitUntil(() => !running(sleeper)), "the background command's process was killed at exit");
  assert.ok(existsSync(join(space.dir, "ended.json")), "SessionEnd fired");
  const entries = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const pre = entries.find(
    (entry) => entry.hook_event_name === "PreToolUse" && entry.tool_use_id === "toolu_server",
  );
  const post = entries.find(
    (entry) => entry.hook_event_name === "PostToolUse" && entry.tool_use_id === "toolu_server",
  );
  assert.deepEqual(pre?.tool_input, {
    command: "sleep 300 & echo $! > sleeper.pid; wait",
    run_in_background: true,
    description: "Dev server",
  });
  assert.equal(pre?.tool_name, "Bash");
  assert.deepEqual(post?.tool_response, {
    stdout: "",
    stderr: "",
    interrupted: false,
    backgroundTaskId: "bash_1",
  });
});

test("the gate refuses a background command as it would a foreground one", async () => {
  const server = await serveScoped([
    {
      tool_calls: [
        {
          id: "toolu_denied",
          name: "Bash",
          input: { command: "touch made-by-rule", run_in_background: true },
        },
      ],
    },
    {
      tool_calls: [
        {
          id: "toolu_headless",
          name: "Bash",
          input: { command: "touch made-headless", run_in_background: true },
        },
      ],
    },
    { text: "Could not." },
  ]);
  const space = scopedWorkspace({});
  const env = envWithClaudeSettings({ permissions: { deny: ["Bash(touch made-by-rule)"] } }, server);
  const run = await runJson("make files", space.dir, env);
  assert.equal(run.code, 0, run.stderr);
  const bodies = bodiesOf(server);
  assert.match(resultText(bodies, "toolu_denied"), /Permission denied by rule Bash\(touch made-by-rule\)/);
  assert.match(
    resultText(bodies, "toolu_headless"),
    /Permission denied: Bash is not allowed in non-interactive mode/,
  );
  await sleep(300);
  assert.equal(existsSync(join(space.dir, "made-by-rule")), false);
  assert.equal(existsSync(join(space.dir, "made-headless")), false);
  const denials = JSON.parse(run.stdout).permission_denials as Array<{ tool_use_id: string }>;
  assert.deepEqual(
    denials.map((denial) => denial.tool_use_id),
    ["toolu_denied", "toolu_headless"],
  );
});

test(
  "with the sandbox on, a background command runs in the sandbox like a foreground one",
  needsSandbox,
  async () => {
    const machine = sandboxHome("background-sandbox");
    after(() => machine.cleanup());
    const server = await serveScoped([
      {
        tool_calls: [
          {
            id: "toolu_bg",
            name: "Bash",
            input: {
              command: `echo inside > in.txt; echo owned > ${machine.outside}/bg.txt; echo "outside-write=$?"`,
              run_in_background: true,
            },
          },
          {
            id: "toolu_sleeper",
            name: "Bash",
            input: { command: "echo up; sleep 300", run_in_background: true },
          },
        ],
      },
      {
        tool_calls: [{ id: "toolu_read", name: "TaskOutput", input: { task_id: "bash_1", timeout: 20_000 } }],
      },
      { tool_calls: [{ id: "toolu_stop", name: "TaskStop", input: { task_id: "bash_2" } }] },
      { text: "done" },
    ]);
    const run = await runCli(
      ["-p", "go", "--output-format", "json", "--sandbox", "--permission-mode", "bypassPermissions"],
      {
        cwd: machine.project,
        env: machine.env({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
        timeoutMs: 120_000,
      },
    );
    assert.equal(run.code, 0, run.stderr);
    const bodies = bodiesOf(server);
    const read = resultText(bodies, "toolu_read");
    assert.match(read, /<status>completed<\/status>/);
    assert.match(read, /outside-write=[1-9]/);
    assert.equal(readFileSync(join(machine.project, "in.txt"), "utf8"), "inside\n");
    assert.equal(existsSync(join(machine.outside, "bg.txt")), false);
    assert.match(resultText(bodies, "toolu_stop"), /^Stopped background command bash_2/);
  },
);
