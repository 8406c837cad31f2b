// Proves that subagents have no second way to run a tool: every tool a subagent can be given —
// built-in, task tools, Skill, MCP (a real fixture server over stdio), and its own Agent/TaskOutput/TaskStop —
// is called once from inside a subagent, and each call reaches PreToolUse (with the agent's id and
// type in the payload) and then the permission gate, where the hook's "ask" becomes a headless
// denial, so no tool runs.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { agentMayUse } from "../../src/agents/agent-tools.js";
import { BUILT_IN_AGENTS } from "../../src/agents/built-in-agents.js";
import { createEveryToolFixture, VALID_INPUT } from "../support/every-tool-fixture.js";
import { hookScript, onEvent } from "../support/hook-engine.js";
import { createSubagentHarness, lastResults } from "../support/subagent-harness.js";

const { workspace, env } = createEveryToolFixture();

test("every tool a subagent can be given passes PreToolUse and the gate", async () => {
  const log = join(workspace.dir, "pre.jsonl");
  const ask = hookScript(
    workspace.dir,
    "ask.sh",
    // Asks for every call made inside a subagent; the parent's own Agent call goes ahead.
    `payload=$(cat); echo "$payload" >> ${log}
case "$payload" in *'"agent_id"'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"coverage"}}';; esac`,
  );
  const generalPurpose = BUILT_IN_AGENTS.find((agent) => agent.name === "general-purpose")!;
  const probe = await createSubagentHarness({ cwd: workspace.dir, script: [], env });
  const given = probe.registry.names().filter((name) => agentMayUse(generalPurpose, name));
  assert.ok(given.includes("Skill") && given.some((name) => name.startsWith("mcp__fx__")), given.join(","));
  // Its own delegation tools (a first-level subagent may start agents) are gated the same way.
  const names = [...given, "Agent", "TaskOutput", "TaskStop"];
  const calls = names.map((name, index) => {
    const input = VALID_INPUT[name] ?? (name.startsWith("mcp__") ? {} : undefined);
    assert.ok(input, `add a valid input for ${name} to VALID_INPUT`);
    return { id: `c${index}`, name, input };
  });
  const { session, model, gateChecks } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    settings: [onEvent("PreToolUse", ask)],
    env,
    newAgentId: () => "cov",
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Agent", input: { description: "everything", prompt: "COVERAGE: call every tool" } },
          ],
        },
        { text: "done" },
      ],
      routes: [{ match: "COVERAGE:", turns: [{ tool_calls: calls }, { text: "all denied" }] }],
    },
  });
  await session.submit("cover");
  const payloads = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
  const fromAgent = payloads.filter((payload) => payload.agent_id === "cov");
  assert.deepEqual(fromAgent.map((payload) => payload.tool_name).sort(), [...names].sort());
  for (const payload of fromAgent) assert.equal(payload.agent_type, "general-purpose");
  assert.deepEqual(
    gateChecks
      .filter((check) => check.agent === "general-purpose")
      .map((check) => check.toolName)
      .sort(),
    [...names].sort(),
  );
  const results = lastResults(
    model.requests.find((request) => request.route === "COVERAGE:" && request.messages.length === 3)!,
  );
  assert.equal(results.length, names.length);
  for (const result of results) {
    assert.equal(result.is_error, true);
    assert.match(String(result.content), /coverage|non-interactive/);
  }
  assert.equal(readFileSync(join(workspace.dir, "a.txt"), "utf8"), "hello\n", "Edit did not run");
  assert.ok(!existsSync(join(workspace.dir, "ran-bash")), "Bash did not run");
  assert.ok(!existsSync(join(workspace.dir, "new.txt")), "Write did not run");
});
