// Settings `apiKeyHelper` through the built CLI: the script's stdout is the key (sent as x-api-key and
// as a bearer token on Anthropic, as a bearer token on OpenAI), it is run once and cached, run again
// after an HTTP 401 and after CLAUDE_CODE_API_KEY_HELPER_TTL_MS, and a failing or silent helper stops
// the start with an error naming the setting and the script's stderr.
import assert from "node:assert/strict";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { envWithClaudeSettings, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const workspace = scopedWorkspace({ "a.txt": "alpha\n" });

/** A helper that counts its runs and prints `key-N`. */
function countingHelper(name: string): { command: string; runs: () => number } {
  const counter = join(workspace.dir, `${name}.count`);
  const script = join(workspace.dir, `${name}.sh`);
  writeFileSync(counter, "0");
  writeFileSync(
    script,
    `#!/bin/sh\nn=$(($(cat "${counter}") + 1))\necho "$n" > "${counter}"\necho "key-$n"\n`,
  );
  chmodSync(script, 0o755);
  return { command: script, runs: () => Number(readFileSync(counter, "utf8").trim()) };
}

const headers = (server: FakeModelServer, index: number) => server.requests[index]!.headers;

test("Anthropic: the helper's key is sent as x-api-key and bearer token, asked for once", async () => {
  const server = await serveScoped([
    { tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
    { text: "done" },
  ]);
  const helper = countingHelper("once");
  const env = envWithClaudeSettings({ apiKeyHelper: helper.command }, undefined, {
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
  });
  const run = await runCli(["-p", "read a"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "done");
  assert.equal(headers(server, 0)["x-api-key"], "key-1");
  assert.equal(headers(server, 0).authorization, "Bearer key-1");
  assert.equal(headers(server, 1)["x-api-key"], "key-1");
  assert.equal(helper.runs(), 1);
});

test("an HTTP 401 runs the helper again and the request is sent with the new key", async () => {
  const server = await serveScoped([{ fault: { status: 401 } }, { text: "in" }]);
  const helper = countingHelper("refresh");
  const env = envWithClaudeSettings({ apiKeyHelper: helper.command }, undefined, {
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
  });
  const run = await runCli(["-p", "hi"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), "in");
  assert.deepEqual(
    server.requests.map((request) => request.headers["x-api-key"]),
    ["key-1", "key-2"],
  );
  assert.equal(helper.runs(), 2);
});

test("CLAUDE_CODE_API_KEY_HELPER_TTL_MS: an expired key is asked for again", async () => {
  const server = await serveScoped([
    { tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
    { text: "done" },
  ]);
  const helper = countingHelper("ttl");
  const env = envWithClaudeSettings({ apiKeyHelper: helper.command }, undefined, {
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    CLAUDE_CODE_API_KEY_HELPER_TTL_MS: "1",
  });
  const run = await runCli(["-p", "read a"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(helper.runs() >= 2, `ran ${helper.runs()} times`);
  assert.notEqual(headers(server, 0)["x-api-key"], headers(server, 1)["x-api-key"]);
});

test("OpenAI without OPENAI_API_KEY: the helper's key is the bearer token", async () => {
  const server = await serveScoped([{ text: "hello" }]);
  const helper = countingHelper("openai");
  const env = envWithClaudeSettings({ apiKeyHelper: helper.command, provider: "openai" }, undefined, {
    OPENAI_BASE_URL: server.openaiBaseURL,
  });
  const run = await runCli(["-p", "hi", "--model", "gpt-4.1"], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(headers(server, 0).authorization, "Bearer key-1");
});

test("a failing helper stops the start, naming the setting and the script's stderr", async () => {
  const server = await serveScoped([{ text: "never" }]);
  const script = join(workspace.dir, "locked.sh");
  writeFileSync(script, "#!/bin/sh\necho 'vault is locked' >&2\nexit 3\n");
  chmodSync(script, 0o755);
  const env = envWithClaudeSettings({ apiKeyHelper: script }, undefined, {
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
  });
  const run = await runCli(["-p", "hi"], { cwd: workspace.dir, env });
  assert.equal(run.code, 2, run.stderr);
  assert.match(
    run.stderr,
    /settings apiKeyHelper \(".*locked\.sh"\) failed \(exit status 3; stderr: vault is locked\)/,
  );
  assert.equal(server.requests.length, 0);
});

test("a helper that prints nothing is an error too", async () => {
  const env = envWithClaudeSettings({ apiKeyHelper: "true" }, undefined, {
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
  });
  const run = await runCli(["-p", "hi"], { cwd: workspace.dir, env });
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /apiKeyHelper \("true"\) printed nothing on stdout/);
});
