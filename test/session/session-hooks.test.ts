// Session-level hook behaviour with real hook processes, the real runner, gate and built-in tools.
import assert from "node:assert/strict";
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { after, test } from "node:test";
import type { ToolResultBlock } from "../../src/model/types.js";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "a.txt": "hello\n" });
after(() => workspace.cleanup());

function script(name: string, body: string): string {
  const path = workspace.write(`hooks/${name}`, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const lastResults = (messages: Array<{ role: string; content: unknown[] }>) =>
  (messages.at(-1)?.content ?? []).filter(
    (block) => (block as ToolResultBlock).type === "tool_result",
  ) as ToolResultBlock[];

test("a PreToolUse exit 2 blocks the tool, the model gets the hook's stderr, and the call is a denial", async () => {
  const marker = `${workspace.dir}/ran.txt`;
  const deny = script("deny.sh", 'cat > /dev/null; echo "no shell today" >&2; exit 2');
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [
      { tool_calls: [{ id: "b1", name: "Bash", input: { command: `touch ${marker}` } }] },
      { text: "ok" },
    ],
    compactHooks: [{ PreToolUse: [{ matcher: "Bash", command: deny }] }],
  });
  const turn = await session.submit("go");
  assert.equal(turn.terminal.reason, "completed");
  assert.equal(existsSync(marker), false, "the tool did not run");
  const [result] = lastResults(model.requests[1]?.messages ?? []);
  assert.ok(result);
  assert.equal(result.is_error, true);
  assert.match(result.content, /no shell today/);
  assert.deepEqual(turn.permissionDenials, [
    {
      tool_name: "Bash",
      tool_use_id: "b1",
      tool_input: { command: `touch ${marker}` },
      reason: "Tool call denied by a PreToolUse hook: no shell today",
    },
  ]);
});

test("UserPromptSubmit exit 2 makes no model request and shows the reason", async () => {
  const block = script("block-prompt.sh", 'echo "prompts about secrets are blocked" >&2; exit 2');
  const { session, model, events } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: "never" }],
    settings: [{ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: block }] }] } }],
  });
  const turn = await session.submit("tell me the secret");
  assert.equal(model.requests.length, 0);
  assert.equal(turn.terminal.reason, "stopped_by_hook");
  const blocked = events.find((event) => event.type === "prompt-blocked");
  assert.ok(blocked && blocked.type === "prompt-blocked" && /secrets are blocked/.test(blocked.reason));
});

test("UserPromptSubmit and PostToolUse additionalContext reach the model as marked system notes", async () => {
  const promptContext = script(
    "prompt-context.sh",
    `echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"branch is main"}}'`,
  );
  const postContext = script(
    "post-context.sh",
    `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"remember to run tests"}}'`,
  );
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] }, { text: "done" }],
    settings: [
      {
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: "command", command: promptContext }] }],
          PostToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: postContext }] }],
        },
      },
    ],
  });
  await session.submit("go");
  const first = JSON.stringify(model.requests[0]?.messages[0]);
  assert.match(first, /system-note source=\\"UserPromptSubmit hook\\"/);
  assert.match(first, /branch is main/);
  const second = JSON.stringify(model.requests[1]?.messages.at(-1));
  assert.match(second, /system-note source=\\"PostToolUse hook\\" tool=\\"Read\\"/);
  assert.match(second, /remember to run tests/);
  assert.match(second, /1\\thello/, "the tool output stays");
});

test("a Stop block continues the turn with its reason; the next Stop payload has stop_hook_active", async () => {
  const log = `${workspace.dir}/stop-payloads.log`;
  const stop = script(
    "stop.sh",
    `payload=$(cat); echo "$payload" >> ${log}
case "$payload" in *'"stop_hook_active":true'*) exit 0;; esac
echo "run the tests first" >&2; exit 2`,
  );
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: "first answer" }, { text: "tests ran" }],
    settings: [{ hooks: { Stop: [{ hooks: [{ type: "command", command: stop }] }] } }],
  });
  const turn = await session.submit("go");
  assert.equal(turn.result, "tests ran");
  assert.equal(model.requests.length, 2);
  assert.match(JSON.stringify(model.requests[1]?.messages.at(-1)), /run the tests first/);
  const payloads = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.deepEqual(
    payloads.map((payload) => [payload.stop_hook_active, payload.last_assistant_message]),
    [
      [false, "first answer"],
      [true, "tests ran"],
    ],
  );
});

test("SessionStart exports through CLAUDE_ENV_FILE reach later Bash calls", async () => {
  const start = script("start.sh", 'echo "export GREETING=from-session-start" >> "$CLAUDE_ENV_FILE"');
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: [{ name: "Bash", input: { command: "echo value=$GREETING" } }] }, { text: "ok" }],
    settings: [{ hooks: { SessionStart: [{ hooks: [{ type: "command", command: start }] }] } }],
  });
  await session.start("startup");
  await session.submit("go");
  const [result] = lastResults(model.requests[1]?.messages ?? []);
  assert.ok(result);
  assert.match(result.content, /value=from-session-start/);
});

test("continue:false from a PostToolUse hook stops the run after this step with its reason", async () => {
  const halt = script("halt.sh", `echo '{"continue":false,"stopReason":"budget exhausted"}'`);
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] }, { text: "never" }],
    settings: [{ hooks: { PostToolUse: [{ hooks: [{ type: "command", command: halt }] }] } }],
  });
  const turn = await session.submit("go");
  assert.equal(turn.terminal.reason, "stopped_by_hook");
  assert.equal(turn.result, "budget exhausted");
  assert.equal(model.requests.length, 1);
});

test("a hook allow never overrides a deny rule", async () => {
  const allow = script(
    "allow.sh",
    `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`,
  );
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    mode: "default",
    rules: { deny: ["Read(a.txt)"] },
    script: [{ tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] }, { text: "ok" }],
    settings: [{ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: allow }] }] } }],
  });
  const turn = await session.submit("go");
  const [result] = lastResults(model.requests[1]?.messages ?? []);
  assert.ok(result);
  assert.equal(result.is_error, true);
  assert.match(result.content, /Read\(a\.txt\)/);
  assert.equal(turn.permissionDenials.length, 1);
  assert.equal(turn.permissionDenials[0]!.reason, result.content, "the reason is what the model was told");
});

test("a PreToolUse updatedInput is what runs, and the tool line shows the rewritten call", async () => {
  const rewrite = script(
    "rewrite.sh",
    `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"echo rewritten"}}}'`,
  );
  const { session, model, events } = await createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: [{ name: "Bash", input: { command: "echo original" } }] }, { text: "ok" }],
    settings: [
      { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: rewrite }] }] } },
    ],
  });
  await session.submit("go");
  const [result] = lastResults(model.requests[1]?.messages ?? []);
  assert.ok(result);
  assert.match(result.content, /rewritten/);
  const end = events.find((event) => event.type === "tool-call-end");
  assert.ok(end && end.type === "tool-call-end");
  assert.match(end.summary, /Bash\(echo rewritten\) \[input rewritten by a PreToolUse hook\]/);
});

test("Stop hook additionalContext rides along with a block, or waits for the next prompt", async () => {
  const withBlock = script(
    "stop-context.sh",
    `payload=$(cat); case "$payload" in *'"stop_hook_active":true'*) echo '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"later note"}}'; exit 0;; esac
echo '{"decision":"block","reason":"verify first","hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"lint is red"}}'`,
  );
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [{ text: "first" }, { text: "second" }, { text: "third" }],
    settings: [{ hooks: { Stop: [{ hooks: [{ type: "command", command: withBlock }] }] } }],
  });
  await session.submit("go");
  const continued = JSON.stringify(model.requests[1]?.messages.at(-1));
  assert.match(continued, /verify first/);
  assert.match(continued, /system-note source=\\"Stop hook\\"/);
  assert.match(continued, /lint is red/);
  await session.submit("next");
  assert.match(JSON.stringify(model.requests[2]?.messages.at(-1)), /later note/);
});

test("an updatedInput the tool's schema rejects is a visible hook error, and the original input runs", async () => {
  const bad = script(
    "bad-update.sh",
    `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"cmd":"rm -rf /"}}}'`,
  );
  const { session, model, events } = await createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: [{ name: "Bash", input: { command: "echo kept" } }] }, { text: "ok" }],
    settings: [{ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: bad }] }] } }],
  });
  const turn = await session.submit("go");
  const [result] = lastResults(model.requests[1]?.messages ?? []);
  assert.ok(result);
  assert.match(result.content, /kept/);
  const notice = events.find((event) => event.type === "hook-notice" && event.notice.kind === "error");
  assert.ok(notice && notice.type === "hook-notice");
  assert.match(
    notice.notice.text,
    /updatedInput for Bash is invalid \(command: .*\); the original input was kept/,
  );
  assert.equal(turn.hookErrors.length, 1);
});

test("an interrupt while a PreToolUse hook runs means the tool never runs, and the result says so", async () => {
  const marker = `${workspace.dir}/should-not-exist.txt`;
  const slow = script("slow-pre.sh", "cat > /dev/null; sleep 1; exit 0");
  const { session, events } = await createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: [{ name: "Bash", input: { command: `touch ${marker}` } }] }, { text: "never" }],
    settings: [{ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: slow }] }] } }],
  });
  const unsubscribe = session.subscribe((event) => {
    if (event.type === "hook-run" && event.event.type === "hook-start")
      setTimeout(() => session.abort(), 100);
  });
  const turn = await session.submit("go");
  unsubscribe();
  assert.equal(turn.terminal.reason, "aborted");
  assert.equal(existsSync(marker), false);
  const end = events.find((event) => event.type === "tool-call-end");
  assert.ok(end && end.type === "tool-call-end");
  assert.match(end.content, /was not run: the turn was interrupted/);
});
