// End-to-end: `type: "prompt"` hooks from ~/.claude/settings.json, run by the built CLI against the
// fake model server, whose route for the hook's own request plays the evaluating model: a Stop hook
// sends the agent back once with the model's reason, a PreToolUse hook denies a call, an answer that is
// not {"ok": …} JSON is a hook error that blocks nothing, and the hook requests' tokens are counted.
import assert from "node:assert/strict";
import { test } from "node:test";
import { envWithClaudeSettings, runCli, runJson } from "../support/cli.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const JUDGE = "You evaluate one event";
type Body = { system?: unknown; messages: Array<{ role: string; content: unknown }> };
const prompt = (text: string, extra: Record<string, unknown> = {}) => [
  { hooks: [{ type: "prompt", prompt: text, ...extra }] },
];

test("a Stop prompt hook sends the agent back with the model's reason, then lets it finish", async () => {
  const server = await serveScoped({
    turns: [{ text: "All done." }, { text: "Ran the tests: 12 passed. Done." }],
    routes: [
      {
        match: JUDGE,
        turns: [
          { text: '{"ok": false, "reason": "Run the tests first."}' },
          { text: '```json\n{"ok": true}\n```' },
        ],
      },
    ],
  });
  const space = scopedWorkspace({ "README.md": "# demo\n" });
  const env = envWithClaudeSettings(
    { hooks: { Stop: prompt("Has the agent verified its work? Session event: $ARGUMENTS") } },
    server,
  );
  const run = await runJson("fix it", space.dir, env);
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.result, "Ran the tests: 12 passed. Done.");
  const bodies = server.requests.map((request) => request.body as Body);
  const judged = bodies.filter((body) => JSON.stringify(body.system).includes(JUDGE));
  assert.equal(judged.length, 2);
  // $ARGUMENTS became the Stop payload, with the agent's last message in it.
  assert.match(
    JSON.stringify(judged[0]!.messages),
    /Has the agent verified its work\? Session event: \{.*last_assistant_message.*All done\./,
  );
  const main = bodies.filter((body) => !JSON.stringify(body.system).includes(JUDGE));
  assert.match(JSON.stringify(main[1]!.messages.at(-1)), /Run the tests first\./);
  // The judge's requests are part of the run's usage: the fake server bills ceil(characters / 4)
  // output tokens per answer (its text and its empty tool-call list, "[]"), so the total is the
  // agent's two answers plus the judge's two.
  const answers = [
    "All done.",
    "Ran the tests: 12 passed. Done.",
    '{"ok": false, "reason": "Run the tests first."}',
    '```json\n{"ok": true}\n```',
  ];
  const expected = answers.reduce((sum, text) => sum + Math.ceil((text.length + 2) / 4), 0);
  assert.equal(result.usage.output_tokens, expected, JSON.stringify(result.usage));
});

test("a PreToolUse prompt hook denies with the model's reason; a non-JSON answer is a hook error that denies nothing", async () => {
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          { id: "toolu_rm", name: "Bash", input: { command: "rm -rf build" } },
          { id: "toolu_ls", name: "Bash", input: { command: "ls" } },
        ],
      },
      { text: "done" },
    ],
    routes: [
      {
        match: JUDGE,
        turns: [
          { text: '{"ok": false, "reason": "Deleting build output needs a human."}' },
          { text: "Looks fine to me!" },
        ],
      },
    ],
  });
  const space = scopedWorkspace({ "README.md": "# demo\n" });
  const env = envWithClaudeSettings(
    {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Is this command safe?" }] }],
      },
    },
    server,
  );
  const run = await runCli(["-p", "clean", "--output-format", "json", "--allowedTools", "Bash"], {
    cwd: space.dir,
    env,
    timeoutMs: 60_000,
  });
  assert.equal(run.code, 0, run.stderr);
  const last = JSON.stringify((server.requests.at(-1)!.body as Body).messages.at(-1));
  const results = JSON.parse(last).content as Array<{
    tool_use_id: string;
    content: string;
    is_error?: boolean;
  }>;
  const rm = results.find((block) => block.tool_use_id === "toolu_rm")!;
  const ls = results.find((block) => block.tool_use_id === "toolu_ls")!;
  // The two calls ran their hooks in parallel: which one got which answer depends on timing, so the
  // assertions hold for either order — one denied with the reason, one run after a reported hook error.
  const denied = [rm, ls].filter((block) => block.is_error);
  assert.equal(denied.length, 1, last);
  assert.match(denied[0]!.content, /Deleting build output needs a human\./);
  assert.match(
    run.stderr,
    /PreToolUse hook "Is this command safe\?" .*failed: the model's answer is not \{"ok": …\} JSON: Looks fine to me!/,
  );
});

test("a prompt hook that outlives its timeout is a hook error that blocks nothing", async () => {
  const server = await serveScoped({
    turns: [{ text: "All done." }],
    routes: [
      {
        match: JUDGE,
        turns: [{ text: '{"ok": false, "reason": "too late"}', fault: { chunk_delay_ms: 3000 } }],
      },
    ],
  });
  const space = scopedWorkspace({ "README.md": "# demo\n" });
  const env = envWithClaudeSettings({ hooks: { Stop: prompt("Done? $ARGUMENTS", { timeout: 1 }) } }, server);
  const run = await runJson("finish", space.dir, env);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).result, "All done.", "the late answer did not send the agent back");
  assert.match(run.stderr, /Stop hook "Done\? \$ARGUMENTS" .*failed: timed out after 1000 ms/);
});
