// End-to-end (tmux, built CLI, fake model server): the permission dialog is safe against type-ahead
// and calm on screen — letters keep going to the prompt, only digits/arrows/Enter/Esc answer, the
// live area never outgrows the terminal (no full clear, never ESC[3J), the spinner stops while a
// dialog waits, and a long diff scrolls inside the dialog.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const DIALOG = "Do you want to proceed?";

test("type-ahead never answers a permission dialog; letters stay in the prompt", { skip }, async () => {
  const { tmux, dir, server } = await openRepl(cleanups, [
    {
      text: "Let me write the file now. ".repeat(6),
      tool_calls: [{ name: "Write", input: { file_path: "src/a.txt", content: "A\n" } }],
      fault: { chunk_delay_ms: 120 },
    },
    { text: "written" },
    { text: "follow-up received" },
  ]);
  await sendLine(tmux, "write a file");
  await tmux.waitFor((screen) => screen.includes("Working…"), "the spinner");
  tmux.type("also yes and no");
  await tmux.waitFor((screen) => screen.includes(DIALOG), "the dialog");
  tmux.type(" ya");
  await pause(1200);
  const screen = await tmux.waitFor(
    (text) => text.includes("also yes and no ya"),
    "the typed text in the prompt",
  );
  assert.match(screen, new RegExp(DIALOG), "the dialog is still open");
  assert.equal(existsSync(join(dir, "src", "a.txt")), false, "no letter approved the write");
  assert.equal(existsSync(join(dir, ".agents", "settings.local.json")), false, "no rule was saved");
  tmux.keys("1");
  await tmux.waitFor((text) => text.includes("written"), "the answer after approval");
  assert.equal(readFileSync(join(dir, "src", "a.txt"), "utf8"), "A\n");
  assert.equal(existsSync(join(dir, ".agents", "settings.local.json")), false, "1 approves once");
  tmux.keys("Enter");
  await tmux.waitFor((text) => text.includes("follow-up received"), "the queued follow-up");
  assert.match(JSON.stringify(server.requests.at(-1)?.body), /also yes and no ya/);
});

test("four choices: 2 allows every edit for this session, in memory only", {
  skip,
}, async () => {
  const { tmux, dir } = await openRepl(
    cleanups,
    [
      { tool_calls: [{ name: "Write", input: { file_path: "a.txt", content: "A\n" } }] },
      { tool_calls: [{ name: "Write", input: { file_path: "sub/b.txt", content: "B\n" } }] },
      { text: "two written" },
    ],
    { columns: 100 },
  );
  await sendLine(tmux, "write two files");
  const dialog = await tmux.waitFor((screen) => screen.includes(DIALOG), "the first dialog");
  assert.match(dialog, /1\. Yes\n/);
  assert.match(dialog, /2\. Yes, and don't ask again this session for Edit\(\.\/\*\*\)/);
  assert.match(
    dialog,
    /3\. Yes, always allow Edit\(\.\/a\.txt\) \(saved to \.agents\/settings\.local\.json\)/,
  );
  assert.match(dialog, /4\. No, and tell the agent what to do instead/);
  assert.match(dialog, /1 yes · 2 this session · 3 always · 4 no, say what instead · ↑↓ Enter · Esc no/);
  // Past the dialog's typing pause (a digit within 800 ms of typing goes to the prompt).
  await pause(900);
  tmux.keys("2");
  await tmux.waitFor((screen) => screen.includes("two written"), "both writes, one question");
  assert.equal(readFileSync(join(dir, "sub", "b.txt"), "utf8"), "B\n");
  assert.match(tmux.screen(), /Allowed Edit\(\.\/\*\*\) for the rest of this session/);
  assert.equal(existsSync(join(dir, ".agents", "settings.local.json")), false, "nothing written to disk");
});

test("'always' needs a deliberate choice: 3 selects it, Enter confirms", { skip }, async () => {
  const { tmux, dir } = await openRepl(cleanups, [
    { tool_calls: [{ name: "Bash", input: { command: "npm run build" } }] },
    { text: "built" },
  ]);
  await sendLine(tmux, "build it");
  await tmux.waitFor((screen) => screen.includes(DIALOG), "the dialog");
  // Past the dialog's typing pause (a digit within 800 ms of typing goes to the prompt).
  await pause(900);
  tmux.keys("3");
  await tmux.waitFor((screen) => /❯ 3\. Yes, always allow/.test(screen), "option 3 selected");
  assert.equal(existsSync(join(dir, ".agents", "settings.local.json")), false, "3 alone saves nothing");
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("built"), "the answer");
  assert.match(readFileSync(join(dir, ".agents", "settings.local.json"), "utf8"), /Bash\(npm run build/);
});

test("a long diff at 80x24: no full clear, never ESC[3J, spinner still, PgDn scrolls the diff", {
  skip,
}, async () => {
  const before = Array.from({ length: 40 }, (_, index) => `export const value${index} = ${index};`).join(
    "\n",
  );
  const afterText = Array.from(
    { length: 40 },
    (_, index) => `export const value${index} = ${index * 2};`,
  ).join("\n");
  const { tmux, dir } = await openRepl(
    cleanups,
    [
      {
        text: Array.from({ length: 60 }, (_, index) => `Line ${index} of a long earlier answer.`).join(
          "\n\n",
        ),
      },
      { tool_calls: [{ name: "Read", input: { file_path: "big.ts" } }] },
      {
        tool_calls: [
          { name: "Edit", input: { file_path: "big.ts", old_string: before, new_string: afterText } },
        ],
      },
      { text: "doubled" },
    ],
    { files: { "big.ts": `${before}\n` } },
  );
  await sendLine(tmux, "tell me a lot");
  await tmux.waitFor((screen) => screen.includes("Line 59 of a long earlier answer."), "the long answer");
  await sendLine(tmux, "double every value");
  await tmux.waitFor((screen) => screen.includes(DIALOG), "the dialog");
  const screen = await tmux.waitFor((text) => /PgDn/.test(text), "the scroll hint");
  assert.doesNotMatch(screen, /value39 = 78/, "the end of the diff is below the fold");
  const sizeAtOpen = tmux.bytes().length;
  await pause(1500);
  const idleBytes = tmux.bytes().length - sizeAtOpen;
  assert.ok(idleBytes < 200, `the screen is still while the dialog waits (${idleBytes} bytes written)`);
  for (let index = 0; index < 20; index++) tmux.keys("NPage");
  await tmux.waitFor((text) => text.includes("value39 = 78"), "the end of the diff after PgDn");
  tmux.keys("1");
  await tmux.waitFor((text) => text.includes("doubled"), "the answer");
  assert.match(readFileSync(join(dir, "big.ts"), "utf8"), /value39 = 78/);
  const bytes = tmux.bytes().toString("latin1");
  assert.equal(bytes.includes("\u001b[3J"), false, "ESC[3J (erase scrollback) is never written");
  assert.equal(bytes.includes("\u001b[2J"), false, "the screen is never cleared");
});
