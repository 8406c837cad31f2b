// Checkpoints as createApp wires them, with the real tools, runner and git: Write, Bash and a
// subagent's Edit are all covered by the prompt's snapshot; a prompt that only reads takes none;
// code and conversation rewinds (the transcript records the cut, a resumed session sees it); the
// setting that turns checkpoints off.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { rewindConversation } from "../../src/app/rewind.js";
import { loadTranscript } from "../../src/transcript/transcript-load.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { createTestApp } from "../support/test-app.js";

test("one prompt's Write, Bash and subagent Edit rewind together; the conversation rewinds too", async (t) => {
  const cwd = tempFolder("ckpt-app");
  const state = tempFolder("ckpt-app-state");
  t.after(() => {
    removeFolder(cwd);
    removeFolder(state);
  });
  writeTree(cwd, { "a.txt": "one\n", "b.txt": "bee\n", "c.txt": "sea\n" });
  const { app, session, transcriptPath } = await createTestApp({
    cwd,
    stateHome: state,
    mode: "bypassPermissions",
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Write", input: { file_path: join(cwd, "a.txt"), content: "written\n" } },
            { name: "Bash", input: { command: "echo shell > b.txt && echo new > made.txt" } },
            { name: "Agent", input: { description: "edit c", prompt: "HELPER: edit c.txt" } },
          ],
        },
        { text: "first done" },
        { tool_calls: [{ name: "Read", input: { file_path: join(cwd, "a.txt") } }] },
        { text: "looked" },
        { tool_calls: [{ name: "Bash", input: { command: "echo later > a.txt" } }] },
        { text: "third done" },
      ],
      routes: [
        {
          match: "HELPER:",
          turns: [
            { tool_calls: [{ name: "Read", input: { file_path: join(cwd, "c.txt") } }] },
            {
              tool_calls: [
                {
                  name: "Edit",
                  input: { file_path: join(cwd, "c.txt"), old_string: "sea", new_string: "edited" },
                },
              ],
            },
            { text: "HELPER DONE" },
          ],
        },
      ],
    },
  });
  try {
    assert.ok(app.checkpoints, "checkpoints are on by default");
    await session.submit("change things");
    assert.equal(readFileSync(join(cwd, "c.txt"), "utf8"), "edited\n", "the subagent edited");
    await session.submit("just look");
    await session.submit("change again");
    await app.checkpoints.idle();
    const prompts = app.checkpoints.prompts();
    assert.deepEqual(
      prompts.map((prompt) => [prompt.number, prompt.text, prompt.changedFiles]),
      [
        [1, "change things", true],
        [2, "just look", false],
        [3, "change again", true],
      ],
    );
    const plan = await app.checkpoints.planCode(prompts[0]!);
    if (plan.kind !== "restore") throw new Error("expected a restore");
    assert.deepEqual(plan.conflicts, []);
    await app.checkpoints.applyCode(plan);
    for (const [file, content] of Object.entries({ "a.txt": "one\n", "b.txt": "bee\n", "c.txt": "sea\n" }))
      assert.equal(readFileSync(join(cwd, file), "utf8"), content, file);
    assert.throws(() => readFileSync(join(cwd, "made.txt")), /ENOENT/, "a file made by Bash is removed");

    const cut = rewindConversation(session, app.checkpoints, prompts[1]!);
    assert.equal(cut.ok, true);
    assert.equal(session.messages.length, prompts[1]!.messageIndex);
    assert.deepEqual(
      app.checkpoints.prompts().map((prompt) => prompt.text),
      ["change things"],
    );
    const loaded = loadTranscript(transcriptPath!);
    assert.equal(loaded.messages.length, session.messages.length, "the transcript records the cut");
    assert.doesNotMatch(JSON.stringify(loaded.messages), /just look|change again/);
  } finally {
    await app.close();
  }
});

test("a conversation rewind is refused once the prompt left the history; the setting turns checkpoints off", async (t) => {
  const cwd = tempFolder("ckpt-app-off");
  t.after(() => removeFolder(cwd));
  writeFileSync(join(cwd, "a.txt"), "one\n");
  const on = await createTestApp({ cwd, script: [{ text: "hi" }, { text: "again" }] });
  try {
    await on.session.submit("hello");
    const [prompt] = on.app.checkpoints!.prompts();
    on.session.reset();
    const refused = rewindConversation(on.session, on.app.checkpoints!, prompt!);
    assert.equal(refused.ok, false);
    assert.match(
      refused.ok ? "" : refused.message,
      /no longer in the conversation.*only its code can be rewound/,
    );
  } finally {
    await on.app.close();
  }
  const off = await createTestApp({
    cwd,
    script: [{ text: "hi" }],
    settings: [{ fileCheckpointingEnabled: false }],
  });
  try {
    assert.equal(off.app.checkpoints, undefined);
  } finally {
    await off.app.close();
  }
});
