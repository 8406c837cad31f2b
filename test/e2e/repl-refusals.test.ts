// End-to-end (tmux, built CLI, fake model server): what a person reads after refusing an Edit (the
// change they refused, relative, not the message written for the model) and while a subagent works
// (its steps as one relative line each, without output previews, like the main agent's).
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import { after, test } from "node:test";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const escaped = (text: string) => text.replace(/[/.]/g, "\\$&");

test("Esc on an Edit: the refused change, relative to the project, not the model's message", {
  skip,
}, async () => {
  const files = { "src/app.ts": "export function one() {\n  return 1;\n}\n" };
  const { tmux, dir } = await openRepl(
    cleanups,
    [
      { tool_calls: [{ name: "Read", input: { file_path: "src/app.ts" } }] },
      {
        tool_calls: [
          {
            name: "Edit",
            input: { file_path: "src/app.ts", old_string: "return 1;", new_string: "return 2;" },
          },
        ],
      },
      { text: "never reached" },
    ],
    { files, columns: 100 },
  );
  await sendLine(tmux, "change it");
  await tmux.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  await pause(400);
  tmux.keys("Escape");
  await tmux.waitFor((screen) => screen.includes("Declined"), "the refusal");
  await pause(300);
  const history = tmux.history();
  assert.doesNotMatch(history, new RegExp(escaped(realpathSync(dir))), "no absolute path");
  assert.doesNotMatch(history, /The user declined this tool call|Do not retry it/, "not the model's message");
  assert.match(history, /⊘ Edit\(src\/app\.ts\)/);
  assert.match(history, /⎿ Declined: you refused this change to src\/app\.ts/);
  assert.match(history, /2 - {3}return 1;/);
  assert.match(history, /2 \+ {3}return 2;/);
});

test("a subagent's steps: one relative line each, no output preview; the main agent's keep theirs", {
  skip,
}, async () => {
  const files = {
    "notes.txt": "SECRET-LINE-ONE\nSECRET-LINE-TWO\n",
    ".agents/agents/reader.md":
      "---\nname: reader\ndescription: Reads\ntools: Read\n---\nYou are the READER agent.\n",
  };
  const first = await openRepl(cleanups, [], { files });
  first.tmux.kill();
  const absolute = `${realpathSync(first.dir)}/notes.txt`;
  const script = {
    turns: [
      {
        tool_calls: [
          {
            name: "Agent",
            input: { description: "look", prompt: "read the notes", subagent_type: "reader" },
          },
        ],
      },
      { tool_calls: [{ name: "Read", input: { file_path: "notes.txt" } }] },
      { text: "done" },
    ],
    routes: [
      {
        match: "READER agent",
        turns: [
          { tool_calls: [{ name: "Read", input: { file_path: absolute } }] },
          { text: "They say hello." },
        ],
      },
    ],
  };
  const { tmux } = await openRepl(cleanups, script, {
    reuse: { dir: first.dir, home: first.home },
    columns: 100,
  });
  await sendLine(tmux, "go");
  await tmux.waitFor((screen) => screen.includes("Worked for"), "the end of the turn");
  const screen = tmux.history();
  assert.match(screen, /✓ ↳ reader: Read\(notes\.txt\)/, screen);
  assert.doesNotMatch(screen, new RegExp(escaped(realpathSync(first.dir))), "no absolute paths");
  const lines = screen.split("\n");
  const step = lines.findIndex((line) => line.includes("↳ reader: Read"));
  assert.doesNotMatch(lines[step + 1] ?? "", /SECRET-LINE-ONE/, "no preview under a subagent's step");
  assert.match(
    screen,
    /✓ Read\(notes\.txt\)[^\n]*\n\s+⎿ 1 {2}SECRET-LINE-ONE/,
    "the main agent's keeps its preview",
  );
});
