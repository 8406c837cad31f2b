// The system prompt stays byte-identical within a conversation: the date and git state are a
// snapshot of the first build, and a memory or AGENTS.md edit arrives as one note for the next
// prompt instead of a new prefix; after refresh() (compaction, /clear) the prompt takes it in.
import assert from "node:assert/strict";
import { utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { createStableSystemPrompt } from "../../src/prompt/stable-system-prompt.js";
import { createSystemPromptBuilder } from "../../src/prompt/system-prompt-builder.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

test("edits to memory and AGENTS.md become notes; the prompt text stays until refresh", async () => {
  const root = tempFolder("prompt");
  const home = tempFolder("home");
  await writeTree(root, {
    ".git/HEAD": "ref: refs/heads/main\n",
    "AGENTS.md": "rule one\n",
    ".agents/memory/MEMORY.md": "- fact A\n",
  });
  let day = new Date(2026, 2, 7, 23, 59);
  const stable = createStableSystemPrompt(
    createSystemPromptBuilder({
      cwd: root,
      homeDir: home,
      platform: "linux",
      shell: "/bin/sh",
      now: () => day,
      skills: [],
    }),
  );
  const first = (await stable.text()).text;
  assert.match(first, /fact A/);
  assert.deepEqual(await stable.changes(), []);

  day = new Date(2026, 2, 8, 0, 1);
  await writeTree(root, { ".git/HEAD": "ref: refs/heads/other\n" });
  await writeFile(join(root, ".agents/memory/MEMORY.md"), "- fact B\n");
  await writeFile(join(root, "AGENTS.md"), "rule two\n");
  const later = new Date(Date.now() + 5000);
  await utimes(join(root, ".agents/memory/MEMORY.md"), later, later);
  await utimes(join(root, "AGENTS.md"), later, later);

  assert.equal(
    (await stable.text()).text,
    first,
    "date, branch, memory and instructions changes leave the prompt as it was",
  );
  const notes = await stable.changes();
  assert.equal(notes.length, 2);
  assert.match(notes.join("\n"), /rule two/);
  assert.match(notes.join("\n"), /fact B/);
  assert.deepEqual(await stable.changes(), [], "each change is told once");

  stable.refresh();
  const fresh = (await stable.text()).text;
  assert.match(fresh, /fact B/);
  assert.match(fresh, /rule two/);
  assert.match(fresh, /2026-03-07/, "the environment stays the session's snapshot");
});
