// End-to-end (built CLI, fake model server): `-p` attaches the files a prompt mentions with `@path`
// through Read, as the REPL does; a Read deny rule keeps a file out and the run says so on stderr.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { createWorkspace } from "../support/workspace.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("-p 'explain @file' sends the file with the prompt; a denied one is named and not sent", async () => {
  const space = createWorkspace({
    "src/util.ts": "export const answer = 42;\n",
    ".env": "API_TOKEN=do-not-send\n",
    ".agents/settings.json": JSON.stringify({ permissions: { deny: ["Read(.env)"] } }),
  });
  cleanups.push(() => space.cleanup());
  const server = await startFakeModelServer([{ text: "it exports 42" }]);
  cleanups.push(() => server.close());
  const env = cleanEnv({ ANTHROPIC_API_KEY: "x", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "explain @src/util.ts and @.env"], { cwd: space.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /it exports 42/);
  const sent = JSON.stringify(server.requests.at(-1)!.body);
  assert.match(sent, /<attached-file path=\\"src\/util\.ts\\">/);
  assert.match(sent, /export const answer = 42;/);
  assert.doesNotMatch(sent, /do-not-send/);
  assert.match(run.stderr, /@\.env was not attached: .*denied/i);
});
