// End-to-end (built CLI, fake model server routing each agent's requests): as in Claude Code 2.1.197, a
// subagent without a `tools` list (or one listing Agent/Task) gets the Agent tool, with TaskOutput and
// TaskStop, one level deep: the agents it starts get none. Inside the nested agent the hooks and the
// gate work exactly as for the first level: PreToolUse sees its calls with its agent id and type, and a
// Write is denied in a headless run's default mode (reported in permission_denials; nothing written).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { agentCall } from "../support/agent-call.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

type Body = { messages: Array<{ role: string; content: unknown }>; tools: Array<{ name: string }> };
const bodies = (server: FakeModelServer) => server.requests.map((request) => request.body as Body);

test("a subagent starts its own agent; inside it PreToolUse fires and the gate denies a Write", async () => {
  const space = scopedWorkspace({
    // A published shape: no `tools` list, so the agent may delegate.
    ".claude/agents/lead.md":
      "---\nname: lead\ndescription: Plans the work and delegates the writing\nmodel: inherit\n---\nYou are the LEAD agent.\n",
    ".claude/settings.json": JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Write|Agent",
            hooks: [
              {
                type: "command",
                command:
                  'jq -c \'{tool: .tool_name, agent: (.agent_type // "main"), id: (.agent_id // "")}\' >> pre-tool.jsonl',
              },
            ],
          },
        ],
      },
    }),
  });
  const server = await serveScoped({
    turns: [
      { tool_calls: [agentCall("toolu_lead", "lead", "Get notes.txt written")] },
      { text: "main done" },
    ],
    routes: [
      {
        match: "LEAD agent",
        turns: [
          { tool_calls: [agentCall("toolu_writer", "general-purpose", "WRITER: write notes.txt")] },
          { text: "lead: the writer was refused" },
        ],
      },
      {
        match: "WRITER:",
        turns: [
          {
            tool_calls: [
              agentCall("toolu_deeper", "general-purpose", "DEEPER: anything"),
              { id: "toolu_write", name: "Write", input: { file_path: "notes.txt", content: "hello\n" } },
            ],
          },
          { text: "writer: could not write" },
        ],
      },
    ],
  });
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "write the notes", "--output-format", "json"], { cwd: space.dir, env });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.result, "main done");

  const lead = bodies(server).find((body) => JSON.stringify(body.messages[0]).includes("Get notes.txt"));
  const leadTools = lead?.tools.map((tool) => tool.name) ?? [];
  for (const name of ["Agent", "TaskOutput", "TaskStop"]) assert.ok(leadTools.includes(name), name);
  const writer = bodies(server).filter((body) => JSON.stringify(body.messages[0]).includes("WRITER:"));
  assert.equal(writer.length, 2);
  const writerTools = writer[0]?.tools.map((tool) => tool.name) ?? [];
  assert.ok(writerTools.includes("Write") && !writerTools.includes("Agent"), writerTools.join(","));
  assert.ok(!bodies(server).some((body) => JSON.stringify(body.messages[0]).includes("DEEPER:")));
  const results = JSON.stringify(writer[1]?.messages.at(-1));
  assert.match(results, /This agent cannot start subagents/);
  assert.match(results, /non-interactive/, "the gate denied the Write inside the nested agent");
  assert.ok(!existsSync(join(space.dir, "notes.txt")), "nothing was written");

  const denial = result.permission_denials.find(
    (entry: { tool_name: string }) => entry.tool_name === "Write",
  );
  assert.equal(denial?.tool_use_id, "toolu_write");
  assert.equal(denial?.tool_input.file_path, join(space.dir, "notes.txt"));
  const pre = readFileSync(join(space.dir, "pre-tool.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.deepEqual(
    pre.map((entry) => `${entry.agent}:${entry.tool}`),
    ["main:Agent", "lead:Agent", "general-purpose:Agent", "general-purpose:Write"],
  );
  assert.notEqual(pre[1].id, pre[3].id, "the nested agent has an id of its own");
});
