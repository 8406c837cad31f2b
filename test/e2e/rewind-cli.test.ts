// End-to-end: `reagent rewind` over the built CLI. Two -p runs of one session change files through
// Write and Bash; `reagent rewind` lists the prompts, `--to 1` shows a change made by hand since and
// stops, `--yes` overwrites it and puts every file back (a file Bash made is removed, the ignored one
// stays); the project's own git sees nothing of it. Bad input: an unknown prompt, an unknown session.
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { commitAll, git } from "../support/git.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({
  ".gitignore": "scripts/\nout.log\n",
  "a.txt": "one\n",
  "scripts/first.json": JSON.stringify([
    {
      tool_calls: [
        { name: "Read", input: { file_path: "a.txt" } },
        { name: "Write", input: { file_path: "a.txt", content: "written by the agent\n" } },
        { name: "Bash", input: { command: "echo made > made.txt && echo log > out.log" } },
      ],
    },
    { text: "first done" },
  ]),
  "scripts/second.json": JSON.stringify([
    { tool_calls: [{ name: "Bash", input: { command: "echo second >> a.txt" } }] },
    { text: "second done" },
  ]),
});
after(() => workspace.cleanup());
const env = cleanEnv();
const run = (args: string[]) => runCli(args, { cwd: workspace.dir, env, timeoutMs: 60_000 });
const read = (path: string) => readFileSync(join(workspace.dir, path), "utf8");

test("reagent rewind lists a session's prompts and restores the code to before one of them", async () => {
  commitAll(workspace.dir);
  const skip = ["--dangerously-skip-permissions", "--output-format", "json"];
  const first = await run(["-p", "make changes", "--model", "scripted:scripts/first.json", ...skip]);
  assert.equal(first.code, 0, first.stderr);
  const sessionId = JSON.parse(first.stdout).session_id as string;
  const second = await run(["-p", "--continue", "more", "--model", "scripted:scripts/second.json", ...skip]);
  assert.equal(second.code, 0, second.stderr);
  assert.equal(read("a.txt"), "written by the agent\nsecond\n");

  const listed = await run(["rewind"]);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, new RegExp(`Prompts of session ${sessionId}`));
  assert.match(listed.stdout, /^ {2}1 {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}make changes$/m);
  assert.match(listed.stdout, /^ {2}2 .* more$/m);

  writeFileSync(join(workspace.dir, "a.txt"), "edited by hand\n");
  const stopped = await run(["rewind", "--to", "1"]);
  assert.equal(stopped.code, 1, stopped.stdout);
  assert.match(stopped.stdout, /restore a\.txt/);
  assert.match(stopped.stdout, /delete {2}made\.txt/);
  assert.match(stopped.stdout, /1 file changed outside reagent since the checkpoint/);
  assert.match(stopped.stdout, /^-edited by hand$/m);
  assert.match(stopped.stderr, /not rewound: .*run again with --yes/);
  assert.equal(read("a.txt"), "edited by hand\n", "nothing was overwritten");

  const done = await run(["rewind", "--session", sessionId.slice(0, 8), "--to", "1", "--yes"]);
  assert.equal(done.code, 0, done.stderr);
  assert.match(done.stdout, /Restored the code to before prompt 1: 2 files/);
  assert.equal(read("a.txt"), "one\n");
  assert.equal(existsSync(join(workspace.dir, "made.txt")), false);
  assert.equal(read("out.log"), "log\n", "an ignored file is left alone");
  assert.equal(git(workspace.dir, "status", "--porcelain"), "", "the project's git sees its own tree");

  const again = await run(["rewind", "--to", "2"]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /Rewinding the code to before prompt 2 changes 2 files/);
});

test("reagent rewind refuses an unknown prompt or session, saying what exists", async () => {
  const unknownPrompt = await run(["rewind", "--to", "9"]);
  assert.equal(unknownPrompt.code, 2);
  assert.match(unknownPrompt.stderr, /--to 9: session \S+ has prompts 1 to 2; reagent rewind lists them/);
  const notANumber = await run(["rewind", "--to", "x"]);
  assert.equal(notANumber.code, 2);
  const unknownSession = await run(["rewind", "--session", "nope"]);
  assert.equal(unknownSession.code, 2);
  assert.match(unknownSession.stderr, /no session "nope"/);
});
