import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { tempFolder } from "../support/temp-folder.js";
import { claude, cmd, harness, pre } from "./harness.js";

const json = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;
const deny = (reason: string) => ({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: reason,
  },
});
const decide = (permissionDecision: string, extra: Record<string, unknown> = {}) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision, ...extra },
});

test("the payload carries the common fields and the tool call; CLAUDE_PROJECT_DIR is set and substituted", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("PreToolUse", [
        {
          matcher: "Bash",
          hooks: [cmd("cat > $" + "{CLAUDE_PROJECT_DIR}/payload.json; echo $REAGENT_PROJECT_DIR > env.txt")],
        },
      ]),
    ],
  });
  const outcome = await h.engine.preToolUse({
    ...pre,
    toolInput: { command: "ls", file_path: join(dir, "a.ts") },
  });
  assert.equal(outcome.decision, "none");
  const payload = JSON.parse(await readFile(join(dir, "payload.json"), "utf8"));
  assert.deepEqual(payload, {
    session_id: "session-1",
    transcript_path: null,
    cwd: dir,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls", file_path: join(dir, "a.ts") },
    tool_use_id: "toolu_1",
  });
  assert.equal((await readFile(join(dir, "env.txt"), "utf8")).trim(), dir);
});

test("exit 0 without output: no decision, one trace line, start and end events", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("PreToolUse", [{ matcher: "Bash", hooks: [cmd("true")] }])],
  });
  const outcome = await h.engine.preToolUse(pre);
  assert.equal(outcome.decision, "none");
  assert.equal(h.notices.length, 0);
  assert.equal(h.traces.length, 1);
  assert.match(
    h.traces[0]!,
    /^\[trace\] hooks\.pre tool=Bash matcher=Bash hook=true exitCode=0 ms=\d+ decision=none\n$/,
  );
  assert.deepEqual(
    h.events.map((event) => event.type),
    ["hook-start", "hook-end"],
  );
});

test("exit 2 denies with stderr as the reason and a block notice naming the hook", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("PreToolUse", [{ matcher: "Bash", hooks: [cmd("echo 'no rm please' >&2; exit 2")] }])],
  });
  const outcome = await h.engine.preToolUse(pre);
  assert.equal(outcome.decision, "deny");
  assert.equal(outcome.reason, "no rm please");
  assert.equal(h.notices.length, 1);
  assert.equal(h.notices[0]!.kind, "block");
  assert.match(
    h.notices[0]!.text,
    /PreToolUse hook "echo 'no rm please' >&2; exit 2" \(settings-0\.json\) denied the call \(exit code 2\): no rm please/,
  );
  assert.match(h.traces[0]!, /exitCode=2 .*decision=deny/);
});

test("exit 2 with a blocking JSON decision: its reason goes first, stderr after it (once), last-line JSON too", async () => {
  const dir = tempFolder("hooks");
  const reasonOf = async (script: string) => {
    const h = await harness(dir, { settings: [claude("PreToolUse", [{ hooks: [cmd(script)] }])] });
    const outcome = await h.engine.preToolUse(pre);
    assert.equal(outcome.decision, "deny", script);
    return outcome.reason;
  };
  assert.equal(await reasonOf(`${json(deny("use a worktree"))}; exit 2`), "use a worktree");
  assert.equal(
    await reasonOf(`${json({ decision: "block", reason: "tests failed" })}; echo 'see log' >&2; exit 2`),
    "tests failed\nsee log",
  );
  assert.equal(
    await reasonOf(`${json({ decision: "block", reason: "same" })}; echo same >&2; exit 2`),
    "same",
    "said twice, given once",
  );
  assert.equal(
    await reasonOf(`echo checking; echo '{"decision":"block","reason":"after a log line"}'; exit 2`),
    "after a log line",
  );
  assert.equal(
    await reasonOf(`${json({ reason: "a reason and no decision" })}; exit 2`),
    "a reason and no decision",
  );
});

test("exit 2 blocks even when its JSON says allow; the reason is stderr and the JSON is ignored", async () => {
  const dir = tempFolder("hooks");
  const allowJson = json(decide("allow", { permissionDecisionReason: "json reason" }));
  const h = await harness(dir, {
    settings: [
      claude("PreToolUse", [{ hooks: [cmd(`${allowJson}; echo 'use the make target' >&2; exit 2`)] }]),
    ],
  });
  const outcome = await h.engine.preToolUse(pre);
  assert.equal(outcome.decision, "deny");
  assert.equal(outcome.reason, "use the make target");
  const silent = await harness(dir, {
    settings: [claude("PreToolUse", [{ hooks: [cmd(`${allowJson}; exit 2`)] }])],
  });
  const quiet = await silent.engine.preToolUse(pre);
  assert.equal(quiet.decision, "deny");
  assert.doesNotMatch(quiet.reason ?? "", /json reason/);
  assert.match(quiet.reason ?? "", /exit code 2/);
});

test("a JSON deny counts on exit 0 and on exit 1", async () => {
  const dir = tempFolder("hooks");
  for (const code of [0, 1]) {
    const h = await harness(dir, {
      settings: [claude("PreToolUse", [{ hooks: [cmd(`${json(deny("nope"))}; exit ${code}`)] }])],
    });
    const outcome = await h.engine.preToolUse(pre);
    assert.equal(outcome.decision, "deny", `exit ${code}`);
    assert.equal(outcome.reason, "nope");
    assert.equal(h.notices[0]!.kind, "block");
  }
});

test("legacy decision approve/block maps to allow/deny", async () => {
  const dir = tempFolder("hooks");
  const approve = await harness(dir, {
    settings: [claude("PreToolUse", [{ hooks: [cmd(json({ decision: "approve", reason: "ok" }))] }])],
  });
  assert.equal((await approve.engine.preToolUse(pre)).decision, "allow");
  const block = await harness(dir, {
    settings: [claude("PreToolUse", [{ hooks: [cmd(json({ decision: "block", reason: "bad" }))] }])],
  });
  const outcome = await block.engine.preToolUse(pre);
  assert.equal(outcome.decision, "deny");
  assert.equal(outcome.reason, "bad");
});

test("a banner line before the JSON makes it plain text (no decision)", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("PreToolUse", [{ hooks: [cmd(`echo banner; ${json(deny("x"))}`)] }])],
  });
  const outcome = await h.engine.preToolUse(pre);
  assert.equal(outcome.decision, "none");
  assert.equal(h.notices.length, 0);
});

test("non-zero exit without JSON, invalid decisions, 127 and 126 are hook errors; the call proceeds", async () => {
  const dir = tempFolder("hooks");
  await import("node:fs/promises").then((fs) =>
    fs.writeFile(join(dir, "plain.sh"), "#!/bin/sh\n", { mode: 0o644 }),
  );
  const cases: Array<[string, RegExp]> = [
    ["echo 'first line' >&2; echo second >&2; exit 1", /failed: exit code 1: first line$/],
    [
      json(decide("maybe")),
      /invalid JSON output: hookSpecificOutput\.permissionDecision must be "allow", "deny" or "ask", got "maybe"$/,
    ],
    [json({ continue: "no" }), /invalid JSON output: continue must be a boolean, got "no"$/],
    ["./missing.sh", /exit code 127 \(command not found\)/],
    ["./plain.sh", /exit code 126 \(not executable\)/],
  ];
  for (const [command, expected] of cases) {
    const h = await harness(dir, { settings: [claude("PreToolUse", [{ hooks: [cmd(command)] }])] });
    const outcome = await h.engine.preToolUse(pre);
    assert.equal(outcome.decision, "none", command);
    assert.equal(h.notices.length, 1, command);
    assert.equal(h.notices[0]!.kind, "error");
    assert.match(h.notices[0]!.text, expected);
    assert.match(h.traces[0]!, /decision=error/);
    assert.equal(h.events.at(-1)!.type === "hook-end" && h.events.at(-1)!.type, "hook-end");
  }
});

test("onError deny (and compact denyOnFailure) turns a hook error into a deny", async () => {
  const dir = tempFolder("hooks");
  const claudeForm = await harness(dir, {
    settings: [claude("PreToolUse", [{ hooks: [cmd("exit 1", { onError: "deny" })] }])],
  });
  assert.equal((await claudeForm.engine.preToolUse(pre)).decision, "deny");
  assert.match(claudeForm.notices[0]!.text, /failed: exit code 1; denied \(onError: deny\)/);
  const compact = await harness(dir, {
    compact: { PreToolUse: [{ matcher: "Bash", command: "sleep 5", timeoutMs: 200, denyOnFailure: true }] },
  });
  const outcome = await compact.engine.preToolUse(pre);
  assert.equal(outcome.decision, "deny");
  assert.match(outcome.reason!, /timed out after 200 ms/);
  const hookEnd = compact.events.find((event) => event.type === "hook-end");
  assert.equal(hookEnd?.type === "hook-end" && hookEnd.outcome, "timeout");
});

test("compact format: the last stdout line's JSON deny denies", async () => {
  const dir = tempFolder("hooks");
  for (const key of ["permissionDecision", "decision", "behavior"]) {
    const line = JSON.stringify({ [key]: "deny", reason: `by ${key}` });
    const h = await harness(dir, {
      compact: { PreToolUse: [{ matcher: "Bash", command: `echo checking; echo '${line}'` }] },
    });
    const outcome = await h.engine.preToolUse(pre);
    assert.equal(outcome.decision, "deny", key);
    assert.equal(outcome.reason, `by ${key}`);
  }
});

test("merge lattice: deny > ask > allow > none, reasons from the winners", async () => {
  const dir = tempFolder("hooks");
  const hooks = (...decisions: string[]) =>
    decisions.map((decision, index) =>
      cmd(`${json(decide(decision, { permissionDecisionReason: decision }))} # ${index}`),
    );
  const run = async (...decisions: string[]) => {
    const h = await harness(dir, { settings: [claude("PreToolUse", [{ hooks: hooks(...decisions) }])] });
    return h.engine.preToolUse(pre);
  };
  assert.equal((await run("allow", "ask")).decision, "ask");
  assert.equal((await run("ask", "deny", "allow")).decision, "deny");
  const allow = await run("allow");
  assert.equal(allow.decision, "allow");
  assert.equal(allow.reason, "allow");
  assert.equal((await run("deny", "deny")).reason, "deny\ndeny");
});

test("updatedInput: the last in configuration order wins and the conflict is named", async () => {
  const dir = tempFolder("hooks");
  const update = (command: string, delay: string) =>
    cmd(`sleep ${delay}; ${json(decide("allow", { updatedInput: { command } }))}`);
  const h = await harness(dir, {
    settings: [
      claude("PreToolUse", [{ matcher: "Bash", hooks: [update("first", "0")] }]),
      claude("PreToolUse", [{ hooks: [update("second", "0.3")] }]),
    ],
    compact: {
      PreToolUse: [
        { command: `${json(decide("allow", { updatedInput: { command: "third" } }))} #`, matcher: "Bash" },
      ],
    },
  });
  const outcome = await h.engine.preToolUse(pre);
  assert.deepEqual(outcome.updatedInput, { command: "third" });
  const warning = h.notices.find((notice) => notice.kind === "warning");
  assert.ok(warning);
  assert.match(warning.text, /3 hooks returned different updatedInput/);
  assert.match(warning.text, /settings-0\.json.*settings-1\.json.*\.agents\/hooks\.json/);
});

test("identical updatedInput from two hooks is no conflict; a deny drops updatedInput", async () => {
  const dir = tempFolder("hooks");
  const same = cmd(`${json(decide("allow", { updatedInput: { command: "x" } }))}`);
  const h = await harness(dir, {
    settings: [claude("PreToolUse", [{ hooks: [same, { ...same, command: `${same.command};` }] }])],
  });
  assert.deepEqual((await h.engine.preToolUse(pre)).updatedInput, { command: "x" });
  assert.equal(h.notices.length, 0);
  const denied = await harness(dir, { settings: [claude("PreToolUse", [{ hooks: [same, cmd("exit 2")] }])] });
  assert.equal((await denied.engine.preToolUse(pre)).updatedInput, undefined);
});

test("matchers select handlers; no matching handler spawns nothing", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("PreToolUse", [
        { matcher: "Edit|Write", hooks: [cmd("echo edit >> ran.txt")] },
        { matcher: "mcp__memory__.*", hooks: [cmd("echo mcp >> ran.txt")] },
        { matcher: "bash", hooks: [cmd("echo lower >> ran.txt")] },
      ]),
    ],
  });
  await h.engine.preToolUse(pre);
  assert.equal(h.events.length, 0);
  assert.equal(h.traces.length, 0);
  await h.engine.preToolUse({ ...pre, toolName: "mcp__memory__read_graph" });
  await h.engine.preToolUse({ ...pre, toolName: "Write" });
  assert.equal(await readFile(join(dir, "ran.txt"), "utf8"), "mcp\nedit\n");
});

test("if rules: the handler runs only for matching calls, and when the command cannot be parsed", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [claude("PreToolUse", [{ matcher: "Bash", hooks: [cmd("exit 2", { if: "Bash(rm *)" })] }])],
  });
  const decisionFor = async (command: string) =>
    (await h.engine.preToolUse({ ...pre, toolInput: { command } })).decision;
  assert.equal(await decisionFor("ls"), "none");
  assert.equal(await decisionFor("FOO=1 rm x"), "deny");
  assert.equal(await decisionFor("echo ok && rm x"), "deny");
  assert.equal(await decisionFor("echo $(rm x)"), "deny");
});

test("identical handlers from several files run once", async () => {
  const dir = tempFolder("hooks");
  const group = claude("PreToolUse", [{ matcher: "Bash", hooks: [cmd("echo run >> count.txt")] }]);
  const h = await harness(dir, {
    settings: [group, group],
    compact: { PreToolUse: [{ matcher: "*", command: "echo run >> count.txt" }] },
  });
  await h.engine.preToolUse(pre);
  assert.equal(await readFile(join(dir, "count.txt"), "utf8"), "run\n");
  assert.equal(h.engine.list().filter((entry) => entry.duplicateOf).length, 2);
});

test("five hooks sleeping 200 ms run in parallel", async () => {
  const dir = tempFolder("hooks");
  const hooks = [1, 2, 3, 4, 5].map((n) =>
    cmd(`node -e "console.error(Date.now())"; sleep 0.2; node -e "console.error(Date.now())" # ${n}`),
  );
  const h = await harness(dir, { settings: [claude("PreToolUse", [{ hooks }])] });
  const started = Date.now();
  await h.engine.preToolUse(pre);
  const elapsed = Date.now() - started;
  const ends = h.events.filter((event) => event.type === "hook-end");
  assert.equal(ends.length, 5);
  const starts = h.events.filter((event) => event.type === "hook-start").length;
  assert.equal(starts, 5);
  // All five were started before the first one ended.
  assert.deepEqual(
    h.events.slice(0, 5).map((event) => event.type),
    Array(5).fill("hook-start"),
  );
  assert.ok(elapsed < 2500, `took ${elapsed} ms`);
});

test("continue:false asks to stop and systemMessage is a notice", async () => {
  const dir = tempFolder("hooks");
  const h = await harness(dir, {
    settings: [
      claude("PreToolUse", [
        { hooks: [cmd(json({ continue: false, stopReason: "enough", systemMessage: "hello user" }))] },
      ]),
    ],
  });
  const outcome = await h.engine.preToolUse(pre);
  assert.deepEqual(outcome.stop, { reason: "enough" });
  assert.equal(h.notices[0]!.kind, "system-message");
  assert.match(h.notices[0]!.text, /hello user/);
});
