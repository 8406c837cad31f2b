// Claude Code compatibility of the hooks engine: every documented event name loads, unfired events
// warn, legacy `approve` is "no decision" everywhere, exit 2 takes stderr and ignores JSON, and the
// PermissionRequest / StopFailure / Subagent payloads and decisions — driven by hook scripts in the
// shapes people publish (bash + jq, python3, node) from test/fixtures/claude-hooks.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { HookConfigError } from "../../src/hooks/config-types.js";
import { loadHookConfig } from "../../src/hooks/load-config.js";
import { HOOK_EVENTS } from "../../src/hooks/types.js";
import { hasJq } from "../support/programs.js";
import { tempFolder } from "../support/temp-folder.js";
import { claude, cmd, harness, pre } from "./harness.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");
const script = (name: string) => cmd(join(FIXTURES, name));
const json = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;
const needsJq = hasJq ? {} : { skip: "jq is not installed (.ci/run installs it)" };

test("every event Claude Code documents loads; events reagent does not fire warn once, naming them", () => {
  const hooks = Object.fromEntries(HOOK_EVENTS.map((event) => [event, [{ hooks: [cmd("true")] }]]));
  const config = loadHookConfig({
    settings: [{ source: "~/.claude/settings.json", data: { hooks } }],
    compactFiles: [],
    disabled: false,
    projectDir: "/tmp",
  });
  assert.equal(config.handlers.length, HOOK_EVENTS.length);
  assert.ok(HOOK_EVENTS.length >= 30, "Claude Code documents about 30 events");
  for (const event of ["ElicitationResult", "Elicitation", "TeammateIdle", "MessageDisplay"])
    assert.ok(
      config.warnings.some(
        (warning) =>
          warning ===
          `~/.claude/settings.json: hooks.${event}: reagent does not fire the ${event} event; its 1 hook never run`,
      ),
      `${event}: ${config.warnings.join("\n")}`,
    );
  for (const event of [
    "PreToolUse",
    "PermissionRequest",
    "Stop",
    "Notification",
    "StopFailure",
    "PostToolBatch",
    "CwdChanged",
    "TaskCreated",
    "TaskCompleted",
  ])
    assert.ok(!config.warnings.some((warning) => warning.includes(`hooks.${event}:`)), event);
});

test("a near miss of an event name is an error with a suggestion; an unrelated name is warned about and skipped", () => {
  const load = (name: string) =>
    loadHookConfig({
      settings: [{ source: "s.json", data: { hooks: { [name]: [{ hooks: [cmd("true")] }] } } }],
      compactFiles: [],
      disabled: false,
      projectDir: "/tmp",
    });
  assert.throws(
    () => load("stop"),
    (error: unknown) => {
      assert.ok(error instanceof HookConfigError);
      assert.match(error.message, /unknown hook event "stop"; did you mean "Stop"\?/);
      return true;
    },
  );
  assert.throws(() => load("PreToolUsed"), /did you mean "PreToolUse"/);
  const future = load("AfterTheHeatDeath");
  assert.equal(future.handlers.length, 0);
  assert.match(future.warnings.join("\n"), /hooks\.AfterTheHeatDeath: unknown hook event .* is ignored/);
});

test('a legacy {"decision":"approve"} is no decision on Stop, UserPromptSubmit and PostToolUse (no error)', async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("Stop", [{ hooks: [script("stop-approve.py")] }]),
      claude("UserPromptSubmit", [{ hooks: [cmd(json({ decision: "approve" }))] }]),
      claude("PostToolUse", [{ hooks: [cmd(json({ decision: "approve", reason: "fine" }))] }]),
    ],
  });
  const stop = await h.engine.stop({ stopHookActive: false, lastAssistantMessage: "done" });
  assert.equal(stop.block, undefined);
  const prompt = await h.engine.userPromptSubmit("hello");
  assert.equal(prompt.blocked, undefined);
  const post = await h.engine.postToolUse({
    ...pre,
    toolResponse: {},
    toolResult: "",
    isError: false,
    durationMs: 1,
  });
  assert.equal(post.blockReason, undefined);
  assert.deepEqual(
    h.notices.filter((notice) => notice.kind === "error"),
    [],
  );
});

test(
  "published PreToolUse guards: bash + jq exit 2 with stderr, python3 hookSpecificOutput deny",
  needsJq,
  async () => {
    const dir = tempFolder("hooks");
    const h = await harness(dir, {
      settings: [
        claude("PreToolUse", [
          { matcher: "Bash", hooks: [script("guard-git-push.sh"), script("block-rm-rf.py")] },
        ]),
      ],
    });
    const push = await h.engine.preToolUse({ ...pre, toolInput: { command: "git push origin main" } });
    assert.equal(push.decision, "deny");
    assert.equal(push.reason, "Pushing to main is not allowed; open a pull request instead.");
    const rm = await h.engine.preToolUse({ ...pre, toolInput: { command: "rm -rf build" } });
    assert.equal(rm.decision, "deny");
    assert.equal(rm.reason, "Blocked dangerous command: rm -rf build");
    const fine = await h.engine.preToolUse({ ...pre, toolInput: { command: "git status" } });
    assert.equal(fine.decision, "none");
  },
);

test("PermissionRequest: payload, allow / deny with message / interrupt / ask, and exit 2 denies with stderr", async () => {
  const dir = tempFolder("hooks");
  const request = {
    toolName: "Bash",
    toolInput: { command: "npm test" },
    toolUseId: "toolu_9",
    suggestions: [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm test" }] }],
  };
  const node = await harness(dir, {
    settings: [
      claude("PermissionRequest", [
        { matcher: "Bash", hooks: [script("auto-allow-tests.js"), cmd("cat > permission-payload.json")] },
      ]),
    ],
  });
  assert.equal((await node.engine.permissionRequest(request)).decision, "allow");
  const payload = JSON.parse(await readFile(join(dir, "permission-payload.json"), "utf8"));
  assert.equal(payload.hook_event_name, "PermissionRequest");
  assert.equal(payload.tool_name, "Bash");
  assert.deepEqual(payload.tool_input, { command: "npm test" });
  assert.deepEqual(payload.permission_suggestions, request.suggestions);
  const env = await node.engine.permissionRequest({ ...request, toolInput: { command: "cat .env" } });
  assert.deepEqual([env.decision, env.reason], ["deny", "Never touch .env files."]);
  const other = await node.engine.permissionRequest({ ...request, toolInput: { command: "make" } });
  assert.equal(other.decision, "none");
  assert.match(node.traces.join(""), /hooks\.permission_request tool=Bash/);

  const decide = (decision: unknown) =>
    cmd(json({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision } }));
  const interrupt = await harness(dir, {
    settings: [
      claude("PermissionRequest", [
        { hooks: [decide({ behavior: "deny", message: "stop", interrupt: true })] },
      ]),
    ],
  });
  const stopped = await interrupt.engine.permissionRequest(request);
  assert.equal(stopped.decision, "deny");
  assert.deepEqual(stopped.stop, { reason: "stop" });
  const ask = await harness(dir, {
    settings: [claude("PermissionRequest", [{ hooks: [decide({ behavior: "ask" })] }])],
  });
  assert.equal((await ask.engine.permissionRequest(request)).decision, "none");
  const rewrite = await harness(dir, {
    settings: [
      claude("PermissionRequest", [
        { hooks: [decide({ behavior: "allow", updatedInput: { command: "npm test -- --bail" } })] },
      ]),
    ],
  });
  assert.deepEqual((await rewrite.engine.permissionRequest(request)).updatedInput, {
    command: "npm test -- --bail",
  });
  const exit2 = await harness(dir, {
    settings: [
      claude("PermissionRequest", [
        {
          hooks: [
            cmd(`${json({ hookSpecificOutput: { decision: { behavior: "allow" } } })}; echo no >&2; exit 2`),
          ],
        },
      ]),
    ],
  });
  assert.deepEqual(
    (({ decision, reason }) => ({ decision, reason }))(await exit2.engine.permissionRequest(request)),
    { decision: "deny", reason: "no" },
  );
  const bad = await harness(dir, {
    settings: [claude("PermissionRequest", [{ hooks: [decide({ behavior: "sure" })] }])],
  });
  assert.equal((await bad.engine.permissionRequest(request)).decision, "none");
  assert.match(bad.notices[0]!.text, /decision\.behavior must be "allow" or "deny"/);
});

test("StopFailure and Subagent payloads carry Claude Code's fields", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("StopFailure", [{ matcher: "rate_limit", hooks: [cmd("cat > failure.json")] }]),
      claude("SubagentStart", [{ matcher: "Explore", hooks: [cmd("cat > start.json; echo 'be brief'")] }]),
      claude("SubagentStop", [{ hooks: [cmd("cat > stop.json; echo 'check again' >&2; exit 2")] }]),
    ],
  });
  await h.engine.stopFailure({ error: "server_error", errorDetails: "500", lastAssistantMessage: "" });
  await assert.rejects(readFile(join(dir, "failure.json")), "the matcher tests the error type");
  await h.engine.stopFailure({
    error: "rate_limit",
    errorDetails: "429 slow down",
    lastAssistantMessage: "x",
  });
  const failure = JSON.parse(await readFile(join(dir, "failure.json"), "utf8"));
  assert.deepEqual([failure.error, failure.error_details], ["rate_limit", "429 slow down"]);
  const agent = h.engine.forAgent({ agentId: "a1", agentType: "Explore" });
  const start = await agent.subagentStart();
  assert.deepEqual(JSON.parse(await readFile(join(dir, "start.json"), "utf8")).agent_type, "Explore");
  assert.deepEqual(start.additionalContext, []);
  const stop = await agent.subagentStop({
    transcriptPath: null,
    stopHookActive: false,
    lastAssistantMessage: "found it",
  });
  assert.deepEqual(stop.block, { reason: "check again" });
  const payload = JSON.parse(await readFile(join(dir, "stop.json"), "utf8"));
  assert.equal(payload.agent_id, "a1");
  assert.equal(payload.last_assistant_message, "found it");
});
