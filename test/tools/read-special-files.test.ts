import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { createFileStateStore } from "../../src/tools/file-state.js";
import { plainLauncher } from "../support/no-sandbox.js";
import { tempFolder } from "../support/temp-folder.js";

const dir = tempFolder("read-special");
after(() => rmSync(dir, { recursive: true, force: true }));

test("Read refuses pipes and devices instead of blocking on them", async () => {
  execFileSync("mkfifo", [join(dir, "pipe")]);
  const read = createBuiltinTools({}).find((tool) => tool.name === "Read")!;
  const context = {
    cwd: dir,
    homeDir: dir,
    signal: new AbortController().signal,
    sessionId: "s",
    toolUseId: "t",
    launcher: plainLauncher(),
    containment: "none" as const,
    shell: { cwd: dir, env: {} },
    files: createFileStateStore(),
  };
  for (const file_path of [join(dir, "pipe"), "/dev/zero"]) {
    const result = await read.execute({ file_path }, context);
    assert.equal(result.isError && result.code, "not_regular_file", file_path);
  }
});
