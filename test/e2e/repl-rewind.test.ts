// End-to-end (tmux, built CLI, fake model server): /rewind in the REPL. Two prompts change a file
// through Bash; the file is then edited by hand. /rewind lists the prompts, restores code and
// conversation to before the second one after showing the hand edit and asking (the prompt comes
// back in the input, the model's next request no longer holds it); Esc Esc on an empty prompt opens
// the same list, and "Restore code" alone goes back to before the first.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("/rewind restores code and conversation after confirming a hand edit; Esc Esc rewinds code alone", {
  skip,
}, async () => {
  const script = [
    { tool_calls: [{ name: "Bash", input: { command: "echo two > a.txt" } }] },
    { text: "FIRST DONE" },
    { tool_calls: [{ name: "Bash", input: { command: "echo three > a.txt" } }] },
    { text: "SECOND DONE" },
    { text: "AGAIN DONE" },
  ];
  const { tmux, dir, server } = await openRepl(cleanups, script, {
    files: { "a.txt": "one\n" },
    args: ["--dangerously-skip-permissions"],
  });
  const read = () => readFileSync(join(dir, "a.txt"), "utf8");
  await sendLine(tmux, "first change");
  await tmux.waitFor((screen) => screen.includes("FIRST DONE"), "the first answer");
  await sendLine(tmux, "second change");
  await tmux.waitFor((screen) => screen.includes("SECOND DONE"), "the second answer");
  assert.equal(read(), "three\n");
  writeFileSync(join(dir, "a.txt"), "by hand\n");

  await sendLine(tmux, "/rewind");
  const list = await tmux.waitFor(
    (screen) => screen.includes("Rewind to before which prompt?"),
    "the prompt list",
  );
  assert.match(list, /1\. first change/);
  assert.match(list, /❯ 2\. second change/, "the latest prompt is selected");
  tmux.keys("Enter");
  const what = await tmux.waitFor(
    (screen) => screen.includes("Rewind to before prompt 2"),
    "what to restore",
  );
  assert.match(what, /❯ Restore code and conversation/);
  assert.match(what, /Restore conversation/);
  assert.match(what, /Restore code/);
  tmux.keys("Enter");
  const ask = await tmux.waitFor(
    (screen) => screen.includes("Overwrite the changes made outside reagent?"),
    "the question about the hand edit",
  );
  assert.match(ask, /1 file changed outside reagent since the checkpoint/);
  assert.match(ask, /-by hand/);
  assert.equal(read(), "by hand\n", "nothing is overwritten before the answer");
  tmux.keys("Down");
  await pause(100);
  tmux.keys("Enter");
  const done = await tmux.waitFor(
    (screen) => screen.includes("The conversation is back to before prompt 2"),
    "the rewind",
  );
  assert.match(done, /Restored the code to before prompt 2: 1 file/);
  const shown = tmux.visible();
  assert.match(shown, /│ > second change +│/, `the prompt is back in the input:\n${shown}`);
  assert.doesNotMatch(shown, /SECOND DONE/, "the screen shows the conversation as it is now");
  assert.equal(read(), "two\n");

  // The input holds the rewound prompt; an edited one goes to the model without the old turn.
  tmux.keys("C-u");
  await pause(100);
  await sendLine(tmux, "something else");
  await tmux.waitFor((screen) => screen.includes("AGAIN DONE"), "the answer after the rewind");
  const last = JSON.stringify(server.requests.at(-1)?.body);
  assert.match(last, /first change/);
  assert.doesNotMatch(last, /second change/);

  tmux.keys("Escape");
  await pause(200);
  tmux.keys("Escape");
  await tmux.waitFor((screen) => screen.includes("Rewind to before which prompt?"), "Esc Esc opens the list");
  tmux.keys("Up");
  await pause(100);
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("Rewind to before prompt 1"), "what to restore");
  tmux.keys("Down");
  await pause(50);
  tmux.keys("Down");
  await pause(100);
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("Restored the code to before prompt 1"), "the code rewind");
  assert.equal(read(), "one\n");
});
