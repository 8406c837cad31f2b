// The TypeScript example of README's "Use reagent from the Claude Agent SDK", run as written: the
// code block is taken from the README, saved next to a link to this repository's node_modules (so it
// imports the real @anthropic-ai/claude-agent-sdk), and run with reagent and a local fake model.
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { sdkEnv } from "../support/agent-sdk.js";
import { BIN, REPO_ROOT, runProgram } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { tempFolder } from "../support/temp-folder.js";

function readmeExample(): string {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Use reagent from the Claude Agent SDK"));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  assert.ok(match, "the section has a TypeScript example");
  return match[1]!;
}

test("README's Agent SDK example runs unchanged against reagent", async () => {
  const server = await startFakeModelServer([
    { tool_calls: [{ id: "b1", name: "Bash", input: { command: "touch scratch.txt" } }] },
    { tool_calls: [{ id: "g1", name: "Glob", input: { pattern: "*.txt" } }] },
    { text: "There is one text file: notes.txt." },
  ]);
  const dir = tempFolder("readme");
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "notes.txt"), "hello\n");
  writeFileSync(join(dir, "example.mts"), readmeExample());
  const { code, stdout, stderr } = await runProgram(process.execPath, ["--import", "tsx", "example.mts"], {
    cwd: dir,
    env: { ...sdkEnv(server), REAGENT_PATH: BIN },
    timeoutMs: 120_000,
  });
  assert.equal(code, 0, stderr);
  assert.equal(stdout, "model: claude-sonnet-4-6\nThere is one text file: notes.txt.\n");
  // The example's canUseTool refused the shell command; the model was told why.
  const second = JSON.stringify(server.requests[1]!.body);
  assert.match(second, /No shell commands in this job\./);
  assert.equal(existsSync(join(dir, "scratch.txt")), false);
  assert.equal(server.requests.length, 3);
});
