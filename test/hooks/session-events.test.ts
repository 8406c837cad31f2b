import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { tempFolder } from "../support/temp-folder.js";
import { claude, cmd, harness, pre } from "./harness.js";

const json = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;
const post = {
  ...pre,
  toolResponse: { stdout: "file.txt" },
  toolResult: "file.txt",
  isError: false,
  durationMs: 7,
};

test("PostToolUse payload has tool_response, duration_ms, tool_result and tool_is_error", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("PostToolUse", [{ hooks: [cmd("cat > payload.json")] }])],
  });
  await h.engine.postToolUse(post);
  const payload = JSON.parse(await readFile(join(dir, "payload.json"), "utf8"));
  assert.equal(payload.hook_event_name, "PostToolUse");
  assert.deepEqual(payload.tool_response, { stdout: "file.txt" });
  assert.equal(payload.duration_ms, 7);
  assert.equal(payload.tool_result, "file.txt");
  assert.equal(payload.tool_is_error, false);
  assert.match(h.traces[0]!, /^\[trace\] hooks\.post tool=Bash/);
});

test("PostToolUse: exit 2 and decision block give a reason for the model; other exits are errors", async () => {
  const dir = tempFolder("hooks");
  const exit2 = await harness(dir, {
    settings: [claude("PostToolUse", [{ hooks: [cmd("echo 'lint failed' >&2; exit 2")] }])],
  });
  assert.equal((await exit2.engine.postToolUse(post)).blockReason, "lint failed");
  assert.equal(exit2.notices[0]!.kind, "block");
  const block = await harness(dir, {
    settings: [claude("PostToolUse", [{ hooks: [cmd(json({ decision: "block", reason: "fix it" }))] }])],
  });
  assert.equal((await block.engine.postToolUse(post)).blockReason, "fix it");
  const error = await harness(dir, {
    settings: [claude("PostToolUse", [{ hooks: [cmd("exit 3", { onError: "deny" })] }])],
  });
  const outcome = await error.engine.postToolUse(post);
  assert.equal(outcome.blockReason, undefined);
  assert.equal(error.notices[0]!.kind, "error");
});

test("PostToolUse: updatedToolOutput replaces the result (last in order wins) and additionalContext is kept", async () => {
  const dir = tempFolder("hooks");
  const output = (text: string) =>
    cmd(
      json({
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          updatedToolOutput: text,
          additionalContext: `ctx ${text}`,
        },
      }),
    );
  const h = await harness(dir, {
    settings: [claude("PostToolUse", [{ hooks: [output("A"), output("B")] }])],
  });
  const outcome = await h.engine.postToolUse(post);
  assert.equal(outcome.updatedToolOutput, "B");
  assert.deepEqual(outcome.additionalContext, ["ctx A", "ctx B"]);
  assert.match(h.notices.find((notice) => notice.kind === "warning")!.text, /different updatedToolOutput/);
});

test("additionalContext over 10,000 characters is spilled to a file with a preview", async () => {
  const dir = tempFolder("hooks");
  const script = `node -e 'process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"PostToolUse",additionalContext:"y".repeat(25000)+"END"}}))'`;
  const h = await harness(dir, { settings: [claude("PostToolUse", [{ hooks: [cmd(script)] }])] });
  const [context] = (await h.engine.postToolUse(post)).additionalContext;
  assert.ok(context!.length < 10_000);
  const path = /full text is in (\S+)/.exec(context!)![1]!;
  assert.ok(path.startsWith(join(dir, ".spill")));
  const full = await readFile(path, "utf8");
  assert.equal(full.length, 25_003);
  assert.ok(full.endsWith("END"));
});

test("PostToolUseFailure payload has error and duration_ms; exit 2 reason reaches the model", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("PostToolUseFailure", [
        { matcher: "Bash", hooks: [cmd("cat > payload.json; echo retry >&2; exit 2")] },
      ]),
    ],
  });
  const outcome = await h.engine.postToolUseFailure({ ...pre, error: "Exit code 1\nboom", durationMs: 3 });
  assert.equal(outcome.blockReason, "retry");
  const payload = JSON.parse(await readFile(join(dir, "payload.json"), "utf8"));
  assert.equal(payload.error, "Exit code 1\nboom");
  assert.equal(payload.duration_ms, 3);
  assert.match(h.traces[0]!, /^\[trace\] hooks\.post_failure /);
});

test("UserPromptSubmit: plain stdout and JSON additionalContext become context; matcher ignored", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("UserPromptSubmit", [
        { matcher: "NeverMatches", hooks: [cmd("cat > payload.json; echo 'today is Monday'")] },
        {
          hooks: [
            cmd(
              json({
                hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "from json" },
              }),
            ),
          ],
        },
      ]),
    ],
  });
  const outcome = await h.engine.userPromptSubmit("fix the bug");
  assert.deepEqual(outcome.additionalContext, ["today is Monday", "from json"]);
  assert.equal(outcome.blocked, undefined);
  assert.equal(JSON.parse(await readFile(join(dir, "payload.json"), "utf8")).prompt, "fix the bug");
});

test("UserPromptSubmit: exit 2, decision block and onError deny block; plain text on exit 1 is an error", async () => {
  const dir = tempFolder("hooks");
  const blockedBy = async (command: string, extra: Record<string, unknown> = {}) => {
    const h = await harness(dir, {
      settings: [claude("UserPromptSubmit", [{ hooks: [cmd(command, extra)] }])],
    });
    return { outcome: await h.engine.userPromptSubmit("hi"), notices: h.notices };
  };
  assert.deepEqual((await blockedBy("echo 'secret in prompt' >&2; exit 2")).outcome.blocked, {
    reason: "secret in prompt",
  });
  assert.deepEqual((await blockedBy(json({ decision: "block", reason: "nope" }))).outcome.blocked, {
    reason: "nope",
  });
  assert.ok((await blockedBy("exit 1", { onError: "deny" })).outcome.blocked);
  const error = await blockedBy("echo text; exit 1");
  assert.equal(error.outcome.blocked, undefined);
  assert.deepEqual(error.outcome.additionalContext, []);
  assert.equal(error.notices[0]!.kind, "error");
});

test("Stop: payload has stop_hook_active and last_assistant_message; exit 2 continues with the reason", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("Stop", [{ hooks: [cmd("cat > payload.json; echo 'run the tests first' >&2; exit 2")] }]),
    ],
  });
  const outcome = await h.engine.stop({ stopHookActive: true, lastAssistantMessage: "done" });
  assert.deepEqual(outcome.block, { reason: "run the tests first" });
  const payload = JSON.parse(await readFile(join(dir, "payload.json"), "utf8"));
  assert.equal(payload.stop_hook_active, true);
  assert.equal(payload.last_assistant_message, "done");
  assert.match(h.traces[0]!, /^\[trace\] hooks\.stop /);
});

test("Stop: at most 8 blocks in a row are honoured; continue:false wins over a block", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("Stop", [{ hooks: [cmd(json({ decision: "block", reason: "again" }))] }])],
  });
  for (let i = 0; i < 8; i++) {
    const outcome = await h.engine.stop({ stopHookActive: i > 0, lastAssistantMessage: "" });
    assert.ok(outcome.block, `block ${i + 1}`);
  }
  const ninth = await h.engine.stop({ stopHookActive: true, lastAssistantMessage: "" });
  assert.equal(ninth.block, undefined);
  assert.match(ninth.notices.at(-1)!.text, /blocked 9 times; ending/);
  assert.ok(
    (await h.engine.stop({ stopHookActive: false, lastAssistantMessage: "" })).block,
    "counter resets",
  );
  const both = await harness(dir, {
    settings: [
      claude("Stop", [
        { hooks: [cmd(json({ decision: "block", reason: "x", continue: false, stopReason: "halt" }))] },
      ]),
    ],
  });
  const outcome = await both.engine.stop({ stopHookActive: false, lastAssistantMessage: "" });
  assert.equal(outcome.block, undefined);
  assert.deepEqual(outcome.stop, { reason: "halt" });
});

test("SessionStart: matcher on source, stdout as context, CLAUDE_ENV_FILE exports", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("SessionStart", [
        {
          matcher: "startup",
          hooks: [
            cmd(
              `echo 'export NODE_ENV=test' >> "$CLAUDE_ENV_FILE"; echo "FOO='a b'" >> "$REAGENT_ENV_FILE"; echo 'branch main'`,
            ),
          ],
        },
        { matcher: "resume", hooks: [cmd("echo resumed")] },
      ]),
    ],
  });
  const outcome = await h.engine.sessionStart("startup", "scripted");
  assert.deepEqual(outcome.additionalContext, ["branch main"]);
  assert.deepEqual(outcome.envExports, { NODE_ENV: "test", FOO: "a b" });
  assert.match(h.traces[0]!, /^\[trace\] hooks\.session_start /);
  const resumed = await h.engine.sessionStart("resume", "scripted");
  assert.deepEqual(resumed.additionalContext, ["resumed"]);
  assert.deepEqual(resumed.envExports, {});
});

test("SessionStart and SessionEnd: exit 2 is shown to the user and the run goes on", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("SessionStart", [{ hooks: [cmd("echo 'not on main' >&2; exit 2")] }]),
      claude("SessionEnd", [{ matcher: "clear", hooks: [cmd("cat > end.json; exit 2")] }]),
    ],
  });
  const start = await h.engine.sessionStart("startup", "m");
  assert.equal(start.notices[0]!.kind, "block");
  assert.match(start.notices[0]!.text, /not on main/);
  await h.engine.sessionEnd("other");
  assert.equal(h.notices.length, 1);
  const end = await h.engine.sessionEnd("clear");
  assert.equal(end.notices[0]!.kind, "block");
  assert.equal(JSON.parse(await readFile(join(dir, "end.json"), "utf8")).reason, "clear");
});

test("PreCompact blocks on exit 2 and matches the trigger", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("PreCompact", [{ matcher: "auto", hooks: [cmd("echo busy >&2; exit 2")] }])],
  });
  assert.equal((await h.engine.preCompact("manual", "")).blocked, undefined);
  assert.deepEqual((await h.engine.preCompact("auto", "")).blocked, { reason: "busy" });
});

test("if rules never run on events without a tool", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("UserPromptSubmit", [{ hooks: [cmd("exit 2", { if: "Bash(*)" })] }])],
  });
  assert.equal((await h.engine.userPromptSubmit("x")).blocked, undefined);
  assert.equal(h.events.length, 0);
});

test("HOOKS=0 and disableAllHooks: nothing runs and one disabled notice is given", async () => {
  const dir = tempFolder("hooks");
  const stopHook = claude("Stop", [{ hooks: [cmd("exit 2")] }]);
  const off = await harness(dir, { settings: [stopHook], disabled: true });
  assert.equal((await off.engine.stop({ stopHookActive: false, lastAssistantMessage: "" })).block, undefined);
  assert.deepEqual(
    off.notices.map((notice) => [notice.kind, notice.text]),
    [["disabled", "hooks are disabled (HOOKS=0)"]],
  );
  const byFile = await harness(dir, { settings: [stopHook, { disableAllHooks: true }] });
  assert.equal(
    (await byFile.engine.stop({ stopHookActive: false, lastAssistantMessage: "" })).block,
    undefined,
  );
  assert.equal(byFile.notices.length, 1);
  assert.equal(byFile.notices[0]!.kind, "disabled");
});
