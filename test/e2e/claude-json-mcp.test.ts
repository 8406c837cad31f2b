// End-to-end: MCP servers Claude Code keeps in ~/.claude.json (`claude mcp add --scope user` at the
// top level, the default local scope under `projects[<folder>]`) are used as they are: listed by
// `reagent mcp list` with where they came from, and their tools called in a headless run against the
// fake model server. A broken entry or a file that does not parse is a warning, never a failed start.
import assert from "node:assert/strict";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadMcpConfig } from "../../src/config/mcp-config.js";
import { fixtureSpec } from "../mcp/fixture-specs.js";
import { cleanEnv, runCli } from "../support/cli.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { createWorkspace } from "../support/workspace.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const good = fixtureSpec("good-server.ts");
// The shape `claude mcp add` writes.
const stdio = {
  type: "stdio",
  command: good.type === "stdio" ? good.command : "",
  args: good.type === "stdio" ? good.args : [],
  env: {},
};

test("servers from ~/.claude.json: user scope everywhere, local scope for its folder; listed and called", async () => {
  const model: FakeModelServer = await startFakeModelServer([
    { tool_calls: [{ id: "call_1", name: "mcp__mine__echo", input: { message: "from claude.json" } }] },
    { text: "done" },
  ]);
  const space = createWorkspace({ "README.md": "x\n" });
  cleanups.push(
    () => model.close(),
    () => space.cleanup(),
  );
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: model.anthropicBaseURL });
  writeFileSync(
    join(env.HOME, ".claude.json"),
    JSON.stringify({
      numStartups: 12,
      mcpServers: { mine: stdio, broken: { type: "http" } },
      projects: {
        [realpathSync(space.dir)]: { allowedTools: [], mcpServers: { here: stdio } },
        "/elsewhere": { mcpServers: { other: stdio } },
      },
    }),
  );
  const list = await runCli(["mcp", "list"], { cwd: space.dir, env, timeoutMs: 90_000 });
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^mine {2}\[stdio\] {2}connected · 8 tools/m);
  assert.match(list.stdout, /^here {2}\[stdio\] {2}connected/m);
  assert.doesNotMatch(list.stdout, /^other/m, "another folder's local servers are not used");
  assert.match(
    list.stderr,
    /~\/\.claude\.json: server "broken", field "url": is required \(server skipped\)/,
  );

  const run = await runCli(["-p", "echo", "--allowedTools", "mcp__mine__echo"], {
    cwd: space.dir,
    env,
    timeoutMs: 90_000,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "done\n");
  assert.match(JSON.stringify(model.requests[1]?.body), /echo: from claude\.json/);
});

test("precedence and damage: local scope over .mcp.json over user scope; an unreadable file is one warning", () => {
  const space = createWorkspace({
    ".mcp.json": JSON.stringify({ mcpServers: { shared: { command: "from-project" } } }),
  });
  const home = createWorkspace({
    ".agents/mcp.json": JSON.stringify({ mcpServers: { mine: { command: "from-agents" } } }),
  });
  cleanups.push(
    () => space.cleanup(),
    () => home.cleanup(),
  );
  const write = (data: unknown) => writeFileSync(join(home.dir, ".claude.json"), JSON.stringify(data));
  write({
    mcpServers: {
      mine: { command: "from-claude-user" },
      shared: { command: "from-claude-user" },
      solo: { command: "solo" },
    },
    projects: { [space.dir]: { mcpServers: { shared: { command: "from-claude-local" } } } },
  });
  const config = loadMcpConfig({ projectDir: space.dir, homeDir: home.dir, env: {} });
  const commands = Object.fromEntries(
    Object.entries(config.servers).map(([name, server]) => [name, "command" in server ? server.command : ""]),
  );
  assert.deepEqual(commands, { mine: "from-agents", shared: "from-claude-local", solo: "solo" });
  assert.deepEqual(config.warnings, []);
  const strict = loadMcpConfig({
    projectDir: space.dir,
    homeDir: home.dir,
    env: {},
    files: { user: false, project: false },
  });
  assert.deepEqual(Object.keys(strict.servers), [], "--strict-mcp-config reads none of it");
  writeFileSync(join(home.dir, ".claude.json"), '{"mcpServers": {"half": ');
  const damaged = loadMcpConfig({ projectDir: space.dir, homeDir: home.dir, env: {} });
  assert.deepEqual(Object.keys(damaged.servers).sort(), ["mine", "shared"]);
  assert.equal(damaged.warnings.length, 1);
  assert.match(damaged.warnings[0]!, /^~\/\.claude\.json: its MCP servers are not used \(/);
});
