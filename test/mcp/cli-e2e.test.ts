// End to end through the built CLI: `reagent mcp list` and a headless run whose model (the fake model
// server) calls an MCP tool of a fixture server and reads an `@server:uri` attachment.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { createWorkspace } from "../support/workspace.js";
import { fixtureSpec } from "./fixture-specs.js";

const workspace = createWorkspace({ "README.md": "project\n" });
const servers: FakeModelServer[] = [];
after(async () => {
  workspace.cleanup();
  await Promise.all(servers.map((server) => server.close()));
});

const good = fixtureSpec("good-server.ts");
const dies = fixtureSpec("exit-at-start.ts");
const inlineConfig = JSON.stringify({
  mcpServers: {
    fx: { command: good.type === "stdio" ? good.command : "", args: good.type === "stdio" ? good.args : [] },
    dead: {
      command: dies.type === "stdio" ? dies.command : "",
      args: dies.type === "stdio" ? dies.args : [],
    },
  },
});

type Body = { messages: Array<{ role: string; content: unknown }>; tools: Array<Record<string, unknown>> };

test("reagent mcp list: transport, status with reason, counts and prompts", async () => {
  const run = await runCli(["mcp", "list", "--mcp-config", inlineConfig], { cwd: workspace.dir });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^fx {2}\[stdio\] {2}connected · 8 tools, 2 resources, 2 prompts/m);
  assert.match(
    run.stdout,
    /^dead {2}\[stdio\] {2}failed: server process exited during start-up \(exit code 3; stderr: fatal: FIXTURE_TOKEN is missing; log: \S+mcp-dead\.log\) {2}\(--mcp-config/m,
  );
  assert.match(run.stdout, /\/fx:review <file> \[focus\]/);
});

test("--mcp-config before the subcommand works too (the option takes one value)", async () => {
  const run = await runCli(["--mcp-config", inlineConfig, "mcp", "list"], { cwd: workspace.dir });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^fx {2}\[stdio\] {2}connected/m);
});

test("an invalid --mcp-config exits 2 naming the server and field", async () => {
  const run = await runCli(["mcp", "list", "--mcp-config", '{"mcpServers":{"x":{"type":"http"}}}'], {
    cwd: workspace.dir,
  });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /server "x", field "url": is required/);
});

test("headless: the model calls an MCP tool and sees an @server:uri attachment", async () => {
  const model = await startFakeModelServer([
    {
      text: "Echoing.",
      tool_calls: [{ id: "call_1", name: "mcp__fx__echo", input: { message: "via cli" } }],
    },
    { text: "Done: echo: via cli" },
  ]);
  servers.push(model);
  workspace.write(".mcp.json", inlineConfig);
  // readOnlyHint alone never skips the gate: the echo tool runs because a rule allows it.
  const run = await runCli(
    ["-p", "echo something, see @fx:fixture://readme", "--allowedTools", "mcp__fx__echo"],
    {
      cwd: workspace.dir,
      env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: model.anthropicBaseURL }),
    },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "Done: echo: via cli\n");
  assert.match(run.stderr, /dead.*FIXTURE_TOKEN/);
  const [firstRequest, secondRequest] = model.requests;
  assert.ok(firstRequest && secondRequest, "two model requests");
  const first = firstRequest.body as Body;
  const echo = first.tools.find((tool) => tool.name === "mcp__fx__echo");
  assert.ok(echo, "mcp__fx__echo offered to the model");
  assert.deepEqual((echo.input_schema as { required?: string[] }).required, ["message"]);
  assert.ok(first.tools.some((tool) => tool.name === "ReadMcpResource"));
  assert.match(JSON.stringify(first.messages), /Fixture readme text\./);
  const second = JSON.stringify((secondRequest.body as Body).messages.at(-1));
  assert.match(second, /"tool_use_id":"call_1"/);
  assert.match(second, /echo: via cli/);
});
