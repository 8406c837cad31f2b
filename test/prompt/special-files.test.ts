// Instruction files that are pipes, devices or binary never hang start-up and never reach the prompt.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { createSystemPromptBuilder } from "../../src/prompt/system-prompt-builder.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

test("an @import of a FIFO or /dev/zero and a binary CLAUDE.md are reported and skipped", async () => {
  const root = tempFolder("prompt");
  await writeTree(root, {
    ".git/HEAD": "ref: refs/heads/main\n",
    "AGENTS.md": "see @fifo.md and @/dev/zero\nrules\n",
  });
  execFileSync("mkfifo", [join(root, "fifo.md")]);
  await writeFile(join(root, "CLAUDE.md"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]));
  const builder = createSystemPromptBuilder({
    cwd: root,
    homeDir: tempFolder("home"),
    platform: "linux",
    shell: "/bin/sh",
    now: () => new Date(2026, 0, 1),
    skills: [],
  });
  const built = await builder.build();
  assert.match(built.text, /rules/);
  assert.doesNotMatch(built.text, /\u0000/);
  const warnings = built.warnings.join("\n");
  assert.match(warnings, /fifo\.md.*not a regular file/);
  assert.match(warnings, /\/dev\/zero.*not a regular file/);
  assert.match(warnings, /CLAUDE\.md.*binary/);
});
