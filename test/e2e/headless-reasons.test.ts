// `-p` text mode: a refused call's stderr line carries the whole reason, including the part that says
// what to do (the flag, the rule, the setting), however long the paths in it are.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { tempFolder } from "../support/temp-folder.js";

test("a denial's stderr line is not cut: the hint on what to do survives long paths", async () => {
  const dir = tempFolder("reasons");
  const far = join(
    tempFolder("outside"),
    "a-rather-long-folder-name-for-the-data",
    "and-another-level-below-it",
  );
  mkdirSync(far, { recursive: true });
  const target = join(far, "configuration-file-with-a-long-name.json");
  writeFileSync(
    join(dir, "script.json"),
    JSON.stringify([
      { tool_calls: [{ name: "Write", input: { file_path: target, content: "{}\n" } }] },
      { text: "done" },
    ]),
  );
  const run = await runCli(["-p", "write it", "--model", "scripted:script.json"], {
    cwd: dir,
    env: cleanEnv({ ALLOW_WRITE: "1" }),
  });
  const line = run.stderr.split("\n").find((text) => text.startsWith("● Write("));
  assert.ok(line, run.stderr);
  assert.ok(line.length > 200, `a long reason: ${line}`);
  assert.match(line, /use --add-dir or \/add-dir to widen the workspace\)\.$/);
});
