// End-to-end (built CLI through bash): `reagent -p … | head -1` — a reader that stops reading ends
// reagent quietly with status 0, as SIGPIPE ends `cat`: no EPIPE stack trace, in every output format,
// and also when stderr is the closed pipe; and a result larger than a pipe holds is not cut short.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BIN, cleanEnv, runProgram } from "../support/cli.js";
import { scopedWorkspace } from "../support/scoped.js";

const LONG = Array.from({ length: 20_000 }, (_, index) => `line ${index} of a long answer`).join("\n");

function pipeTo(reader: string, args: string) {
  const space = scopedWorkspace({ "script.json": JSON.stringify([{ text: LONG }]) });
  const reagent = `"${process.execPath}" "${BIN}" --model scripted:script.json -p "tell me" ${args}`;
  // bash reports reagent's own status after the pipe; reagent's stderr goes to a file read after it.
  const script = `${reagent} 2>reagent-stderr.txt | ${reader}; echo; echo "status=\${PIPESTATUS[0]}"; cat reagent-stderr.txt`;
  return runProgram("bash", ["-c", script], { cwd: space.dir, env: cleanEnv() });
}

for (const [format, reader, first] of [
  ["text", "head -1", /^line 0 of a long answer$/],
  ["json", "head -c 30", /^\{"type":"result","subtype":"su$/],
  ["stream-json --verbose", "head -1", /^\{"type":"system","subtype":"init"/],
] as const) {
  test(`--output-format ${format} | ${reader}: status 0, nothing on stderr`, async () => {
    const run = await pipeTo(reader, `--output-format ${format}`);
    const lines = run.stdout.split("\n").filter((line) => line !== "");
    assert.match(lines[0] ?? "", first);
    assert.equal(lines[1], "status=0", run.stdout.slice(0, 2000));
    assert.deepEqual(lines.slice(2), [], "no stack trace, no EPIPE");
    assert.equal(run.stderr, "");
  });
}

test("a result larger than a pipe holds arrives whole through the pipe (| cat)", async () => {
  const run = await pipeTo("cat", "--output-format json");
  const [json, status] = run.stdout.split("\n").filter((line) => line !== "");
  assert.equal(status, "status=0");
  assert.equal(JSON.parse(json ?? "").result, LONG);
});

test("stderr as the closed pipe: status 0, no stack trace", async () => {
  // A tool call's activity line goes to stderr, into a pipe whose reader has already left.
  const script = [{ tool_calls: [{ name: "Glob", input: { pattern: "*.json" } }] }, { text: "done" }];
  const space = scopedWorkspace({ "script.json": JSON.stringify(script) });
  const reagent = `"${process.execPath}" "${BIN}" --model scripted:script.json -p "tell me"`;
  const run = await runProgram(
    "bash",
    ["-c", `${reagent} 2>&1 >/dev/null | true; echo "status=\${PIPESTATUS[0]}"`],
    { cwd: space.dir, env: cleanEnv() },
  );
  assert.equal(run.stdout.trim(), "status=0");
  assert.equal(run.stderr, "");
});
