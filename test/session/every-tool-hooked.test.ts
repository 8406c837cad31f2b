// Proves the single tool path: every registered tool — built-in, Skill and MCP (a real fixture
// server over stdio) — is called once, and each call reaches PreToolUse, which denies it, so no
// tool runs.
import assert from "node:assert/strict";
import { chmodSync, readFileSync } from "node:fs";
import { after, test } from "node:test";
import { createMcpManager } from "../../src/mcp/manager.js";
import { discoverSkills } from "../../src/skills/discover-skills.js";
import { createSkillTool } from "../../src/skills/skill-tool.js";
import { FIXTURE_CONNECT_MS, fixtureSpec } from "../mcp/fixture-specs.js";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({
  "a.txt": "hello\n",
  ".agents/skills/demo/SKILL.md": "---\nname: demo\ndescription: A demo skill.\n---\nDo the demo.\n",
});
const manager = createMcpManager({
  servers: { fx: fixtureSpec("good-server.ts") },
  cwd: workspace.dir,
  connectTimeoutMs: FIXTURE_CONNECT_MS,
});
after(async () => {
  await manager.close();
  workspace.cleanup();
});

const VALID_INPUT: Record<string, Record<string, unknown>> = {
  Read: { file_path: "a.txt" },
  Write: { file_path: "new.txt", content: "x" },
  Edit: { file_path: "a.txt", old_string: "hello", new_string: "bye" },
  Glob: { pattern: "*" },
  Grep: { pattern: "hello" },
  Bash: { command: "touch ran-bash" },
  Skill: { skill: "demo" },
  ReadMcpResource: { server: "fx", uri: "fixture://readme" },
};

test("every registered tool call goes through PreToolUse (built-in, Skill and MCP)", async () => {
  const failures = await manager.connectAll();
  assert.deepEqual(failures, []);
  const { skills } = await discoverSkills({ cwd: workspace.dir, homeDir: workspace.dir });
  const extraTools = [createSkillTool({ skills }), ...manager.tools()];
  const log = `${workspace.dir}/pre.log`;
  const record = workspace.write(
    "record.sh",
    `#!/bin/sh\ncat >> ${log}\necho >> ${log}\necho "blocked" >&2\nexit 2\n`,
  );
  chmodSync(record, 0o755);
  const probe = createTestSession({ cwd: workspace.dir, script: [], extraTools });
  const names = probe.registry.names();
  assert.ok(names.includes("Skill") && names.some((name) => name.startsWith("mcp__fx__")), names.join(","));
  const calls = names.map((name, index) => ({ id: `c${index}`, name, input: VALID_INPUT[name] ?? {} }));
  const { session, model } = createTestSession({
    cwd: workspace.dir,
    script: [{ tool_calls: calls }, { text: "done" }],
    compactHooks: [{ PreToolUse: [{ matcher: "*", command: record }] }],
    extraTools,
  });
  await session.submit("call everything");
  const seen = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line).tool_name as string);
  assert.deepEqual([...seen].sort(), [...names].sort());
  const results = JSON.stringify(model.requests[1].messages.at(-1));
  assert.equal((results.match(/denied by a PreToolUse hook/g) ?? []).length, names.length);
  assert.equal(readFileSync(`${workspace.dir}/a.txt`, "utf8"), "hello\n", "Edit did not run");
});
