// Model names as Claude Code 2.1.197 resolves them, through the built CLI: `fable` and the other
// aliases reach the API as their ids, a retired id is upgraded to its successor with a one-line notice
// on stderr, and ANTHROPIC_DEFAULT_SONNET_MODEL pins what `sonnet` means.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const workspace = scopedWorkspace();

async function sentModel(args: string[], extra: Record<string, string> = {}) {
  const server = await serveScoped([{ text: "ok" }]);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL, ...extra });
  const run = await runCli(["-p", "hi", ...args], { cwd: workspace.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.refusals, []);
  return { model: (server.requests[0]!.body as { model: string }).model, stderr: run.stderr };
}

test("fable, opus, sonnet and haiku are sent as their current ids", async () => {
  assert.equal((await sentModel(["--model", "fable"])).model, "claude-fable-5");
  assert.equal((await sentModel(["--model", "opus"])).model, "claude-opus-4-8");
  assert.equal((await sentModel([], { ANTHROPIC_MODEL: "sonnet" })).model, "claude-sonnet-5");
  assert.equal((await sentModel(["--model", "haiku"])).model, "claude-haiku-4-5");
});

test("a retired id is upgraded with a notice; a pinned alias follows ANTHROPIC_DEFAULT_SONNET_MODEL", async () => {
  const upgraded = await sentModel(["--model", "claude-opus-4-1"]);
  assert.equal(upgraded.model, "claude-opus-4-8");
  assert.match(
    upgraded.stderr,
    /model claude-opus-4-1 is retired; using its successor claude-opus-4-8 instead/,
  );
  const old = await sentModel(["--model", "claude-3-5-sonnet-20241022"]);
  assert.equal(old.model, "claude-sonnet-5");
  const pinned = await sentModel(["--model", "sonnet"], {
    ANTHROPIC_DEFAULT_SONNET_MODEL: "claude-sonnet-4-6",
  });
  assert.equal(pinned.model, "claude-sonnet-4-6");
  assert.doesNotMatch(pinned.stderr, /retired/);
});
