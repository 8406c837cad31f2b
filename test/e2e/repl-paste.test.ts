// End-to-end (tmux, built CLI, fake model server): bracketed paste. The REPL turns it on
// (ESC[?2004h), so a paste of thousands of characters, which reaches the program over several reads,
// is one paste (one placeholder, the whole text sent) and its newlines do not submit; it is off while
// Ctrl+G's editor has the terminal and after the REPL exits.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const ON = "\u001b[?2004h";
const OFF = "\u001b[?2004l";
/** The last bracketed-paste switch the program wrote: "on", "off" or none. */
const lastSwitch = (bytes: string) => {
  const on = bytes.lastIndexOf(ON);
  const off = bytes.lastIndexOf(OFF);
  return on === -1 && off === -1 ? "none" : on > off ? "on" : "off";
};

test("a 5,000-character paste is one paste: one placeholder, the whole text sent, no early submit", {
  skip,
}, async () => {
  const { tmux, server } = await openRepl(cleanups, [{ text: "got the log" }]);
  assert.equal(lastSwitch(tmux.bytes().toString("latin1")), "on", "bracketed paste is turned on");
  const lines = Array.from(
    { length: 100 },
    (_, index) => `log line ${String(index).padStart(3, "0")} ${"x".repeat(37)}`,
  );
  const text = lines.join("\n");
  assert.ok(text.length >= 5000, `${text.length} characters`);
  tmux.type("look at this: ");
  tmux.paste(text);
  const prompt = await tmux.waitFor(
    (screen) => screen.includes("[Pasted text #1 +100 lines]"),
    "the placeholder",
  );
  await pause(500);
  assert.doesNotMatch(tmux.screen(), /Pasted text #2/, `one placeholder:\n${prompt}`);
  assert.equal(server.requests.length, 0, "nothing was submitted by the pasted newlines");
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("got the log"), "the answer");
  const [request] = server.requests;
  assert.ok(request, "the prompt was sent");
  const sent = JSON.stringify(request.body);
  assert.ok(sent.includes(`look at this: ${lines[0]}`), "the typed text and the paste, in order");
  assert.ok(sent.includes(JSON.stringify(lines.join("\n")).slice(1, -1)), "the whole paste was sent");
});

test("bracketed paste is off while Ctrl+G's editor has the terminal, on again after, off at exit", {
  skip,
}, async () => {
  const editor = "printf 'EDITOR READY> '; read -r line; printf '%s\\n' \"$line\" > \"$1\"";
  const { tmux } = await openRepl(cleanups, [], {
    files: { "line-editor.sh": editor },
    env: { EDITOR: "sh line-editor.sh", VISUAL: "" },
  });
  tmux.keys("C-g");
  await tmux.waitFor((screen) => screen.includes("EDITOR READY>"), "the editor");
  assert.equal(lastSwitch(tmux.bytes().toString("latin1")), "off", "off for the editor");
  await sendLine(tmux, "from the editor");
  await tmux.waitFor((screen) => screen.includes("> from the editor"), "the prompt back");
  assert.equal(lastSwitch(tmux.bytes().toString("latin1")), "on", "on again");
  tmux.keys("C-u");
  tmux.keys("C-d");
  await tmux.waitFor((screen) => !screen.includes("Type a message"), "the exit");
  await pause(300);
  assert.equal(lastSwitch(tmux.bytes().toString("latin1")), "off", "off for the shell");
});
