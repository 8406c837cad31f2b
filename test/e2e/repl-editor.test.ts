// End-to-end (tmux, built CLI): Ctrl+G hands the terminal to $EDITOR — keys reach the editor, not the
// REPL (cooked input: a shell `read` gets its line), the screen comes back whole — and the edited
// text returns to the prompt; with vi when it is installed.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, test } from "node:test";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const EDITOR_SCRIPT = [
  "printf 'EDITOR READY> '",
  "read -r line",
  'printf "%s %s\\n" "$(cat "$1")" "$line" > "$1"',
].join("\n");

const boxes = (screen: string) => screen.split("\n").filter((line) => line.startsWith("╭")).length;

test("Ctrl+G: a line editor reads the keys from the terminal and its text comes back to the prompt", {
  skip,
}, async () => {
  const { tmux, server } = await openRepl(cleanups, [{ text: "earlier answer" }, { text: "got it" }], {
    files: { "line-editor.sh": EDITOR_SCRIPT },
    env: { EDITOR: "sh line-editor.sh", VISUAL: "" },
  });
  await sendLine(tmux, "hello");
  await tmux.waitFor((screen) => screen.includes("earlier answer"), "the first answer");
  tmux.type("first part");
  await tmux.waitFor((screen) => screen.includes("> first part"), "the draft");
  tmux.keys("C-g");
  await tmux.waitFor((screen) => screen.includes("EDITOR READY>"), "the editor's prompt");
  tmux.type("typed in editor");
  tmux.keys("Enter");
  const back = await tmux.waitFor(
    (screen) => screen.includes("> first part typed in editor"),
    "the edited prompt",
  );
  assert.equal(boxes(tmux.visible()), 1, `one prompt box, no leftover frame:\n${back}`);
  assert.equal(back.split("earlier answer").length - 1, 1, "the transcript is intact");
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("got it"), "the answer");
  assert.match(JSON.stringify(server.requests.at(-1)!.body), /first part typed in editor/);
});

const hasVi = spawnSync("sh", ["-c", "command -v vi"], { stdio: "ignore" }).status === 0;

test("Ctrl+G with vi: edit, :wq, the prompt holds the result; a failing editor keeps the draft", {
  skip: skip || (hasVi ? false : "vi is not installed"),
}, async () => {
  const { tmux } = await openRepl(cleanups, [], { env: { VISUAL: "vi", EDITOR: "" } });
  tmux.type("hello");
  await tmux.waitFor((screen) => screen.includes("> hello"), "the draft");
  tmux.keys("C-g");
  await tmux.waitFor((screen) => screen.includes("prompt.md"), "vi with the prompt file");
  tmux.keys("A");
  await pause(200);
  tmux.type(" world");
  tmux.keys("Escape");
  await pause(200);
  tmux.type(":wq");
  tmux.keys("Enter");
  const screen = await tmux.waitFor((text) => text.includes("> hello world"), "the edited prompt");
  assert.equal(boxes(tmux.visible()), 1, screen);
  const { tmux: broken } = await openRepl(cleanups, [], { env: { VISUAL: "no-such-editor-reagent" } });
  broken.type("keep this");
  await broken.waitFor((text) => text.includes("> keep this"), "the draft");
  broken.keys("C-g");
  const failed = await broken.waitFor((text) => text.includes("editor not found"), "the error line");
  assert.match(failed, /> keep this/);
});
