// End-to-end (tmux, built CLI, fake model server): resizing the terminal while the agent works
// (spinner, streaming answer, running tool with its live output at the bottom): narrower, twice
// quickly, wider — on a full screen and in a fresh session. No fragment of the live area is left on
// the screen or in the scrollback, and the transcript appears once and intact. ESC[2J / ESC[3J are
// never written.

import assert from "node:assert/strict";
import { after, test } from "node:test";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";
import type { TmuxSession } from "../ui/repl/tmux.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const SENTENCES = 8;
const paragraph = Array.from(
  { length: SENTENCES },
  (_, index) => `Sentence ${index} of the streamed paragraph keeps going for a while so that it wraps.`,
).join(" ");
const command = "for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo tick $i; sleep 0.4; done";

/** The turn: a first block, a long paragraph streamed in three parts a second apart, a command
 *  that prints a line every 0.4 s, then a short answer. */
const workTurns = [
  {
    text: `First block done.\n\n${paragraph}`,
    tool_calls: [{ name: "Bash", input: { command } }],
    fault: { chunk_delay_ms: 1000 },
  },
  { text: "All finished." },
];

async function resizeWhileWorking(tmux: TmuxSession): Promise<void> {
  await sendLine(tmux, "work please");
  await tmux.waitFor(
    (screen) => screen.includes("Sentence 0 of") && screen.includes("Working…"),
    "the streaming paragraph",
  );
  tmux.resize(60, 24);
  await pause(300);
  tmux.resize(48, 24);
  tmux.resize(40, 24);
  await pause(600);
  tmux.resize(90, 24);
  // The fake server waits a second before each stream event: the call starts ~12 s in.
  await tmux.waitFor((screen) => /⎿ tick 2/.test(screen), "the running command", 90_000);
  tmux.resize(60, 24);
  await pause(500);
  tmux.resize(44, 24);
  tmux.resize(38, 24);
  await pause(500);
  const visible = tmux.visible();
  const lines = visible.split("\n");
  assert.equal(lines.filter((line) => line.includes("Working…")).length, 1, `one spinner:\n${visible}`);
  assert.equal(lines.filter((line) => line.includes("╭")).length, 1, `one prompt box:\n${visible}`);
  tmux.resize(100, 24);
  await tmux.waitFor(
    () => tmux.visible().includes("All finished.") && !tmux.visible().includes("Working…"),
    "the end of the turn",
    90_000,
  );
  await pause(400);
}

function assertCleanHistory(tmux: TmuxSession): void {
  const history = tmux.history();
  const flat = history.replace(/\s+/g, " ");
  const count = (text: string) => flat.split(text).length - 1;
  for (let index = 0; index < SENTENCES; index++)
    assert.equal(count(`Sentence ${index} of`), 1, `sentence ${index} once:\n${history}`);
  assert.equal(count("First block done."), 1, `the first block once:\n${history}`);
  assert.equal(count("All finished."), 1, `the last answer once:\n${history}`);
  assert.equal(count("Working…"), 0, `no spinner line left behind:\n${history}`);
  assert.equal(count("Type ahead"), 0, `no prompt of the working state left behind:\n${history}`);
  assert.equal(count("Bash("), 1, `one tool line, no running one left behind:\n${history}`);
  assert.match(flat, /✓ Bash\(for i in 1 2 3/);
  for (let tick = 4; tick <= 12; tick++)
    assert.equal(count(`tick ${tick} `), 0, `no live output line left behind:\n${history}`);
  const lines = history.split("\n");
  assert.equal(lines.filter((line) => line.includes("╭")).length, 1, `one prompt top border:\n${history}`);
  assert.equal(lines.filter((line) => line.includes("╰")).length, 1, `one prompt bottom border:\n${history}`);
  const bytes = tmux.bytes().toString("latin1");
  assert.equal(bytes.includes("\u001b[3J"), false, "no ESC[3J");
  assert.equal(bytes.includes("\u001b[2J"), false, "no ESC[2J");
}

test("resizing while the agent works leaves nothing of the live area behind (full screen)", {
  skip,
}, async () => {
  const earlier = Array.from({ length: 30 }, (_, index) => `Earlier line ${index}.`).join("\n\n");
  const { tmux } = await openRepl(cleanups, [{ text: earlier }, ...workTurns], { columns: 100, rows: 24 });
  await sendLine(tmux, "warm up");
  await tmux.waitFor((screen) => screen.includes("Earlier line 29."), "the first answer");
  await resizeWhileWorking(tmux);
  assertCleanHistory(tmux);
});

test("resizing in a fresh session (the screen not yet full): idle at once, then while the agent works", {
  skip,
}, async () => {
  // reagent starts at the bottom of the screen, so the live area is on the last rows from the first
  // frame: a narrowing can only push finished lines into tmux's scrollback, never part of the live
  // area (before, a fresh session's prompt box sat high, and a narrowing that reflowed it into more
  // rows than there were above it pushed its top into the scrollback before reagent heard of it).
  const { tmux } = await openRepl(cleanups, [{ text: "Ready." }, ...workTurns], { columns: 100, rows: 24 });
  tmux.resize(50, 24);
  await tmux.waitFor((screen) => /╭─{48}╮/.test(screen), "the prompt box at 50 columns");
  tmux.resize(100, 24);
  await tmux.waitFor((screen) => /╭─{98}╮/.test(screen), "the prompt box at 100 columns");
  await sendLine(tmux, "warm up");
  await tmux.waitFor((screen) => screen.includes("Ready.") && !screen.includes("Working…"), "the answer");
  await resizeWhileWorking(tmux);
  assertCleanHistory(tmux);
});
