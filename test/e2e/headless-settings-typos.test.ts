// End to end: settings key typos are reported once on stderr at start-up (a case-only variant of a
// permissions key stops the run before any model request); valid output is unaffected.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { createWorkspace, type Workspace } from "../support/workspace.js";

const servers: FakeModelServer[] = [];
const spaces: Workspace[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
  for (const space of spaces) space.cleanup();
});

async function setup(settings: unknown) {
  const server = await startFakeModelServer([{ text: "done" }]);
  servers.push(server);
  const space = createWorkspace({ ".claude/settings.json": JSON.stringify(settings) });
  spaces.push(space);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  return { server, space, env };
}

test("settings key typos are warned about once on stderr; the run goes on", async () => {
  const { space, env } = await setup({
    permisions: {},
    permissions: { dney: ["Bash(echo *)"] },
    statusLine: { type: "command", command: "true" },
    hooks: { Stop: [{ hooks: [{ type: "command", command: "true", timout: 5 }] }] },
  });
  const run = await runCli(["-p", "x"], { cwd: space.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "done");
  const lines = run.stderr.split("\n").filter((line) => line.startsWith("reagent: "));
  assert.deepEqual(lines, [
    'reagent: .claude/settings.json: unknown setting "permisions" is ignored; did you mean "permissions"?',
    "reagent: .claude/settings.json: unknown key permissions.dney is ignored; did you mean deny?",
    'reagent: .claude/settings.json: hooks.Stop[0].hooks[0]: unknown key "timout" is ignored; did you mean "timeout"?',
  ]);
});

test("a deny list spelt with the wrong case stops the run (exit 2) before any model request", async () => {
  const { server, space, env } = await setup({ permissions: { Deny: ["Bash(echo *)"] } });
  const run = await runCli(["-p", "x"], { cwd: space.dir, env });
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /\.claude\/settings\.json: permissions\.Deny: keys are case-sensitive; rename it to "deny"/,
  );
  assert.equal(server.requests.length, 0);
});
