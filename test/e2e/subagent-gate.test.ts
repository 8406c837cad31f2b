// End-to-end: a subagent's tool calls pass the same permission gate as the main agent's. A -p run in
// default mode with no allow rule: the subagent's Write is denied (headless, nobody to ask), no file
// appears, and the denial is reported in the run's permission_denials.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { serveScoped } from "../support/scoped.js";
import { createWorkspace } from "../support/workspace.js";

test("-p in default mode: a subagent's Write is denied like the main agent's, and nothing is written", async () => {
  const workspace = createWorkspace({
    ".agents/agents/writer.md":
      "---\nname: writer\ndescription: Writes files\n---\nYou are the WRITER agent.\n",
  });
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          {
            id: "toolu_writer",
            name: "Agent",
            input: { description: "write", prompt: "Write out.txt", subagent_type: "writer" },
          },
        ],
      },
      { text: "The writer could not write." },
    ],
    routes: [
      {
        match: "WRITER agent",
        turns: [
          { tool_calls: [{ name: "Write", input: { file_path: "out.txt", content: "written\n" } }] },
          { text: "Write was refused." },
        ],
      },
    ],
  });
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "delegate the write", "--output-format", "json"], {
    cwd: workspace.dir,
    env,
    timeoutMs: 60_000,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(existsSync(join(workspace.dir, "out.txt")), false, "the subagent's Write did not run");
  const result = JSON.parse(run.stdout);
  assert.equal(result.result, "The writer could not write.");
  const denied = result.permission_denials.map((denial: { tool_name: string }) => denial.tool_name);
  assert.deepEqual(denied, ["Write"]);
  const writerRequests = server.requests.filter((request) =>
    JSON.stringify((request.body as { system?: unknown }).system).includes("WRITER agent"),
  );
  assert.equal(writerRequests.length, 2, "the subagent read the refusal and answered");
  assert.doesNotMatch(JSON.stringify(writerRequests[1]?.body), /File created successfully/);
});
