// End-to-end: a Claude Code plugin with one of each component (command, agent, skill, a hookify-shaped
// PreToolUse guard, an MCP stdio server) through the built CLI against the wire-level fake model
// server, enabled through the settings keys with a `directory` marketplace and through --plugin-dir:
// its command's body reaches the model, its agent runs as `kit:checker`, its MCP tool is called as
// mcp__plugin_kit_tools__echo, its guard blocks `rm -rf` (with CLAUDE_PLUGIN_ROOT set), `hooks list`
// names the plugin, the stream-json init lists it, and a broken plugin is reported while kit loads.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { writeMarketplace, writePlugin } from "../support/plugin-fixture.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

type Body = {
  system?: unknown;
  messages: Array<{ role: string; content: unknown }>;
  tools: Array<{ name: string }>;
};
const bodies = (server: FakeModelServer) => server.requests.map((request) => request.body as Body);
const text = (value: unknown) => JSON.stringify(value);
const lines = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The main turns: after the command's prompt, a guarded rm -rf, the plugin's MCP tool and its agent. */
const SCRIPT = {
  turns: [
    {
      tool_calls: [
        { id: "toolu_rm", name: "Bash", input: { command: "rm -rf build" } },
        { id: "toolu_echo", name: "mcp__plugin_kit_tools__echo", input: { message: "from the plugin" } },
        {
          id: "toolu_agent",
          name: "Agent",
          input: { description: "check", prompt: "Check the project", subagent_type: "kit:checker" },
        },
      ],
    },
    { text: "all done" },
  ],
  routes: [{ match: "KIT CHECKER agent", turns: [{ text: "checker says fine" }] }],
};

function envFor(server: FakeModelServer, home: string) {
  return {
    ...cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
    HOME: home,
  };
}

async function runPluginTurn(server: FakeModelServer, cwd: string, home: string, extra: string[] = []) {
  return runCli(
    [
      ...extra,
      "-p",
      "/kit:greet Ada",
      "--output-format",
      "stream-json",
      "--verbose",
      "--allowedTools",
      "mcp__plugin_kit_tools__echo",
      "Agent",
    ],
    { cwd, env: envFor(server, home), timeoutMs: 120_000 },
  );
}

function assertPluginWorked(
  server: FakeModelServer,
  run: { code: number | null; stdout: string; stderr: string },
  root: string,
  cwd: string,
) {
  assert.equal(run.code, 0, run.stderr);
  const out = lines(run.stdout);
  const init = out.find((line) => line.type === "system" && line.subtype === "init") as Record<
    string,
    unknown
  >;
  assert.deepEqual(init.plugins, [{ name: "kit", path: root, version: "1.2.0" }]);
  assert.ok((init.slash_commands as string[]).includes("kit:greet"), text(init.slash_commands));
  assert.ok((init.agents as string[]).includes("kit:checker"), text(init.agents));
  assert.ok((init.skills as string[]).includes("kit:tidy"), text(init.skills));
  const requests = bodies(server);
  // The command's body is the prompt; the agent's body is its system prompt.
  assert.match(text(requests[0]?.messages[0]), /Say KIT-GREETING to Ada\./);
  assert.ok(requests[0]?.tools.some((tool) => tool.name === "mcp__plugin_kit_tools__echo"));
  assert.ok(
    requests.some((body) => text(body.system).includes("KIT CHECKER agent")),
    "the agent ran",
  );
  const result = out.at(-1) as { permission_denials: Array<{ tool_name: string; reason?: string }> };
  assert.equal(result.permission_denials.length, 1, text(result.permission_denials));
  assert.equal(result.permission_denials[0]?.tool_name, "Bash");
  assert.match(text(result.permission_denials), /kit guard: rm -rf is blocked/);
  const answers = text(requests.at(-1)?.messages);
  assert.match(answers, /echo: from the plugin/);
  assert.match(answers, /checker says fine/);
  assert.equal(readFileSync(join(cwd, "plugin-root.txt"), "utf8"), root);
}

test("a plugin enabled through extraKnownMarketplaces + enabledPlugins loads every part; a broken one is reported", async () => {
  const market = writeMarketplace(tempFolder("market"), { broken: true });
  const home = tempFolder("home");
  writeTree(home, {
    ".claude/settings.json": JSON.stringify({
      extraKnownMarketplaces: { market: { source: { source: "directory", path: market } } },
      enabledPlugins: { "kit@market": true, "broken@market": true, "off@market": false },
    }),
  });
  const project = scopedWorkspace({ "README.md": "# demo\n" });
  const server = await serveScoped(SCRIPT);
  const list = await runCli(["hooks", "list"], { cwd: project.dir, env: envFor(server, home) });
  assert.equal(list.code, 0, list.stderr);
  const root = join(market, "plugins", "kit");
  assert.match(
    list.stdout,
    new RegExp(`python3 ${root}/hooks/guard\\.py\\n\\s+plugin kit: ${root}/hooks/hooks\\.json`),
  );
  assert.match(
    list.stderr,
    /plugin broken@market: .*plugins\/broken\/\.claude-plugin\/plugin\.json: invalid JSON/,
  );
  const run = await runPluginTurn(server, project.dir, home);
  assertPluginWorked(server, run, root, project.dir);
  assert.match(run.stderr, /plugin broken@market: .*broken\/\.claude-plugin\/plugin\.json: invalid JSON/);
});

test("--plugin-dir loads a plugin folder for one run (repeatable; a missing folder is reported)", async () => {
  const root = writePlugin(tempFolder("plugins"));
  const project = scopedWorkspace({ "README.md": "# demo\n" });
  const server = await serveScoped(SCRIPT);
  const home = tempFolder("home");
  const list = await runCli(["--plugin-dir", root, "hooks", "list"], {
    cwd: project.dir,
    env: envFor(server, home),
  });
  assert.match(list.stdout, /plugin kit: .*hooks\.json/);
  const agents = await runCli(["--plugin-dir", root, "agents", "list"], {
    cwd: project.dir,
    env: envFor(server, home),
  });
  assert.match(agents.stdout, /kit:checker/);
  const skills = await runCli(["--plugin-dir", root, "skills", "list"], {
    cwd: project.dir,
    env: envFor(server, home),
  });
  assert.match(skills.stdout, /kit:tidy/);
  const missing = join(tempFolder("nothing"), "absent");
  const run = await runPluginTurn(server, project.dir, home, [
    "--plugin-dir",
    root,
    "--plugin-dir",
    missing,
    "--settings",
    JSON.stringify({ outputStyle: "kit:terse" }),
  ]);
  assertPluginWorked(server, run, root, project.dir);
  // The plugin's output style, named plugin:style, reaches the system prompt.
  assert.match(text(bodies(server)[0]?.system), /KIT-STYLE: answer in one line\./);
  assert.match(run.stderr, new RegExp(`--plugin-dir ${missing}: ${missing}: plugin folder not found`));
  // The SDK's skipMcpDiscovery: the plugin without its MCP servers.
  const noMcp = await runCli(["--plugin-dir-no-mcp", root, "-p", "/plugin"], {
    cwd: project.dir,
    env: envFor(server, home),
  });
  assert.equal(noMcp.code, 0, noMcp.stderr);
  assert.match(
    noMcp.stdout,
    /kit@inline 1\.2\.0 {2}\(--plugin-dir\)\n.*\n {4}commands, agents, skills, hooks, output styles\n/,
  );
  // Without the flag nothing of it is there.
  const plain = await runCli(["-p", "/kit:greet Ada"], { cwd: project.dir, env: envFor(server, home) });
  assert.notEqual(plain.code, 0);
  assert.match(plain.stdout + plain.stderr, /kit:greet/);
});

test("a plugin a project's shared settings enable obeys folder trust: refused until trusted, asked again when its hooks change", async () => {
  const project = scopedWorkspace({
    "script.json": JSON.stringify([
      { tool_calls: [{ id: "b1", name: "Bash", input: { command: "rm -rf build" } }] },
      { text: "done" },
    ]),
    ".claude/settings.json": JSON.stringify({
      extraKnownMarketplaces: { team: { source: { source: "directory", path: "./tools/market" } } },
      enabledPlugins: { "kit@team": true },
    }),
  });
  writeMarketplace(join(project.dir, "tools", "market"), { name: "team" });
  const env = cleanEnv();
  const run = (...args: string[]) => runCli(args, { cwd: project.dir, env, timeoutMs: 120_000 });
  const guarded = () =>
    run("--model", "scripted:script.json", "-p", "x", "--output-format", "json", "--require-trust");
  const refused = await guarded();
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /plugin kit@team enabled/);
  assert.match(refused.stderr, /plugin kit@team: PreToolUse hook \[Bash\]: python3 .*guard\.py/);
  assert.match(refused.stderr, /plugin kit@team: MCP server "plugin_kit_tools"/);
  assert.match(refused.stderr, /plugin marketplace team/);
  const trusted = await run("trust");
  assert.equal(trusted.code, 0, trusted.stderr);
  const allowed = await guarded();
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.match(JSON.stringify(JSON.parse(allowed.stdout).permission_denials), /kit guard: rm -rf is blocked/);
  // The plugin's own hooks file changes: what was trusted is no longer what would run.
  const hooksFile = join(project.dir, "tools", "market", "plugins", "kit", "hooks", "hooks.json");
  writeTree(dirname(hooksFile), {
    "hooks.json": readFileSync(hooksFile, "utf8").replace('"timeout":30', '"timeout":31'),
  });
  const changed = await guarded();
  assert.equal(changed.code, 2);
  assert.match(changed.stderr, /changed since you trusted it/);
});
