// End-to-end (tmux, built CLI, fake model server): the daily keys and feedback in a real terminal —
// "No, and tell the agent" continues the turn while a plain Esc ends it, Ctrl+O toggles the detailed
// transcript, Ctrl+R searches the history, Esc twice clears the prompt, each turn ends with a feedback
// line, and the dialog's diff and the answer's code blocks are coloured.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const promptBox = (screen: string) => {
  const lines = screen.split("\n");
  const top = lines.findLastIndex((line) => line.startsWith("╭"));
  return lines.slice(top, top + 3).join("\n");
};

test("No with an instruction continues the turn with it; a plain Esc ends the turn", { skip }, async () => {
  const edit = (to: string) => ({
    tool_calls: [{ name: "Edit", input: { file_path: "a.txt", old_string: "one", new_string: to } }],
  });
  const { tmux, server } = await openRepl(
    cleanups,
    [edit("two"), { text: "Understood, leaving it." }, edit("three")],
    {
      files: { "a.txt": "one\n" },
    },
  );
  await sendLine(tmux, "change a.txt");
  await tmux.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  // Past the dialog's typing pause (a digit within 800 ms of typing goes to the prompt).
  await pause(900);
  tmux.keys("4");
  await tmux.waitFor(
    (screen) => screen.includes("Tell the agent what to do instead"),
    "the instruction field",
  );
  tmux.type("keep the file as it is");
  await pause(150);
  tmux.keys("Enter");
  const after = await tmux.waitFor(
    (screen) => screen.includes("Understood, leaving it."),
    "the turn going on",
  );
  assert.match(after, /⊘ Edit\(a\.txt\) denied/);
  assert.equal(after.split("keep the file as it is").length - 1, 1, `the instruction shows once:\n${after}`);
  const continued = JSON.stringify(server.requests[1]?.body);
  assert.match(continued, /keep the file as it is/, "the instruction went to the model as the tool result");
  assert.match(continued, /"is_error":true/);

  const requests = server.requests.length;
  await sendLine(tmux, "try again");
  await tmux.waitFor((screen) => screen.split("Do you want to proceed?").length === 2, "the second dialog");
  await pause(400);
  tmux.keys("Escape");
  await tmux.waitFor((screen) => /Type a message/.test(promptBox(screen)), "the turn ended");
  await pause(500);
  assert.equal(server.requests.length, requests + 1, "a plain no sends nothing more to the model");
});

test("Ctrl+O toggles the detailed transcript: full tool input and output, then back", { skip }, async () => {
  const command = "for i in 1 2 3 4 5 6 7 8; do echo row$i; done";
  const { tmux } = await openRepl(cleanups, [
    { tool_calls: [{ name: "Bash", input: { command, description: "eight rows" } }] },
    { text: "eight rows printed" },
  ]);
  await sendLine(tmux, "print rows");
  const compact = await tmux.waitFor((screen) => screen.includes("eight rows printed"), "the answer");
  assert.match(compact, /… \+5 lines/);
  assert.doesNotMatch(compact, /row8/);
  tmux.keys("C-o");
  const detailed = await tmux.waitFor((screen) => screen.includes("row8"), "the full output");
  assert.match(detailed, /"description": "eight rows"/, "the full input");
  assert.match(detailed, /row4\n\s+row5\n\s+row6\n\s+row7\n\s+row8/);
  tmux.keys("C-o");
  await tmux.waitFor(
    (screen) => !screen.split("eight rows printed").at(-2)?.includes("row8"),
    "the compact view",
  );
  const last = tmux.visible();
  assert.match(last, /… \+5 lines/, last);
});

test("collapsed output says how to expand it; Ctrl+O says it is on and leaves one copy in the scrollback", {
  skip,
}, async () => {
  const command = "for i in 1 2 3 4 5 6 7 8; do echo row$i; done";
  const answer = Array.from({ length: 40 }, (_, index) => `answer line ${index + 1}`).join("\n\n");
  const { tmux } = await openRepl(cleanups, [
    { tool_calls: [{ name: "Bash", input: { command, description: "eight rows" } }] },
    { text: answer },
  ]);
  await sendLine(tmux, "print rows");
  const compact = await tmux.waitFor((screen) => screen.includes("Worked for"), "the answer");
  assert.match(tmux.history(), /… \+5 lines \(ctrl\+o to expand\)/, "the hint under the collapsed output");
  assert.doesNotMatch(compact, /detailed transcript/);
  for (let toggle = 1; toggle <= 4; toggle++) {
    tmux.keys("C-o");
    const detailed = toggle % 2 === 1;
    await tmux.waitFor(
      (screen) => screen.includes("detailed transcript · ctrl+o for the compact view") === detailed,
      detailed ? "the sign of the detailed view" : "the compact view",
    );
    await pause(400);
  }
  const history = tmux.history();
  const copies = (text: string) => history.split(text).length - 1;
  assert.equal(copies("> print rows"), 1, `one copy of the conversation:\n${history}`);
  assert.equal(copies("answer line 40"), 1, history);
  assert.match(history, /… \+5 lines \(ctrl\+o to expand\)/, "back in the compact view");
});

test("Ctrl+R typed with the next letters in one read searches; Enter takes it; Esc twice clears", {
  skip,
}, async () => {
  const { tmux } = await openRepl(cleanups, [{ text: "first answer" }, { text: "second answer" }]);
  await sendLine(tmux, "deploy the staging build");
  await tmux.waitFor((screen) => screen.includes("first answer"), "the first answer");
  await sendLine(tmux, "summarise the logs");
  await tmux.waitFor((screen) => screen.includes("second answer"), "the second answer");
  // Ctrl+R and the letters typed right after it, written at once: one read for the REPL.
  tmux.keys("C-r", "s", "t", "a", "g");
  await tmux.waitFor(
    (screen) => /reverse-i-search.*stag.*deploy the staging build/.test(screen),
    "the match",
  );
  tmux.keys("Enter");
  await tmux.waitFor(
    (screen) => promptBox(screen).includes("> deploy the staging build"),
    "the prompt filled",
  );
  tmux.keys("Escape");
  await pause(150);
  assert.match(promptBox(tmux.screen()), /deploy the staging build/, "one Esc keeps the text");
  tmux.keys("Escape");
  await tmux.waitFor((screen) => /Type a message/.test(promptBox(screen)), "the prompt cleared");
});

test("colours: the dialog's diff on red and green, code blocks highlighted; a feedback line ends the turn", {
  skip,
}, async () => {
  const { tmux } = await openRepl(
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
      { text: "Now:\n\n```ts\nconst answer = 2;\n```\n\nDone." },
    ],
    { files: { "src/app.ts": "export function f() {\n  return 1;\n}\n" }, env: { NO_COLOR: "" } },
  );
  await sendLine(tmux, "bump it");
  const dialog = await tmux.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  assert.match(dialog, /Edit src\/app\.ts/, "the path relative to the project");
  assert.match(dialog, /2 - +return 1; *\n2 \+ +return 2;/);
  const bytes = tmux.bytes().toString("latin1");
  assert.match(bytes, /\u001b\[48;5;52m/, "removed lines on red");
  assert.match(bytes, /\u001b\[48;5;22m/, "added lines on green");
  // Past the dialog's typing pause (a digit within 800 ms of typing goes to the prompt).
  await pause(900);
  tmux.keys("1");
  const done = await tmux.waitFor((screen) => /Worked for \d+s · 2 tools/.test(screen), "the feedback line");
  assert.match(done, /✓ Edit\(src\/app\.ts\)/);
  assert.match(tmux.bytes().toString("utf8"), /\u001b\[35mconst\u001b\[39m/, "the keyword coloured");
});
