// Proves the single tool path: every registered tool — built-in, Skill and MCP (a real fixture
// server over stdio) — is called once, and each call reaches PreToolUse, which denies it, so no
// tool runs.
import assert from "node:assert/strict";
import { chmodSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { createEveryToolFixture, VALID_INPUT } from "../support/every-tool-fixture.js";
import { createTestSession } from "../support/session-harness.js";

const { workspace, env } = createEveryToolFixture();

test("every registered tool call goes through PreToolUse (built-in, Skill and MCP)", async () => {
  const log = `${workspace.dir}/pre.log`;
  const record = workspace.write(
    "record.sh",
    `#!/bin/sh\ncat >> ${log}\necho >> ${log}\necho "blocked" >&2\nexit 2\n`,
  );
  chmodSync(record, 0o755);
  const probe = await createTestSession({ cwd: workspace.dir, script: [], env });
  const names = probe.registry.names();
  assert.ok(names.includes("Skill") && names.some((name) => name.startsWith("mcp__fx__")), names.join(","));
  const calls = names.map((name, index) => ({ id: `c${index}`, name, input: VALID_INPUT[name] ?? {} }));
  const { session, model } = await createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: calls }, { text: "done" }],
    compactHooks: [{ PreToolUse: [{ matcher: "*", command: record }] }],
    env,
  });
  await session.submit("call everything");
  const seen = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line).tool_name as string);
  assert.deepEqual([...seen].sort(), [...names].sort());
  const results = JSON.stringify(model.requests[1]?.messages.at(-1));
  assert.equal((results.match(/denied by a PreToolUse hook/g) ?? []).length, names.length);
  assert.equal(readFileSync(`${workspace.dir}/a.txt`, "utf8"), "hello\n", "Edit did not run");
});
