// The live area: running tools show the last lines of their output, everything fits the terminal,
// and a permission dialog's body scrolls inside the room that is left.
import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyEditor } from "../../../src/ui/repl/input-editor.js";
import { buildFrame, type FrameInput, LIVE_OUTPUT_LINES } from "../../../src/ui/repl/live-frame.js";
import { createStyle, stripAnsi } from "../../../src/ui/repl/style.js";
import { emptyTranscript } from "../../../src/ui/repl/transcript.js";

const style = createStyle(true);

function input(overrides: Partial<FrameInput> = {}): FrameInput {
  return {
    style,
    width: 60,
    rows: 24,
    now: 5_000,
    frame: "*",
    transcript: emptyTranscript(),
    working: true,
    startedAt: 0,
    editor: emptyEditor(),
    placeholder: "type",
    queued: [],
    suggestions: [],
    selected: 0,
    status: { model: "m", contextPercent: 1, mode: "default" },
    ...overrides,
  };
}

test("a running command shows the last lines of its output under its tool line", () => {
  const transcript = {
    ...emptyTranscript(),
    running: [
      {
        id: "t1",
        summary: "Bash(npm test)",
        startedAt: 2_000,
        output: Array.from({ length: 12 }, (_, index) => `line ${index}`).join("\n"),
      },
    ],
  };
  const lines = buildFrame(input({ transcript })).lines.map(stripAnsi);
  const head = lines.findIndex((line) => line.includes("Bash(npm test) 3s"));
  assert.ok(head >= 0, lines.join("\n"));
  const tail = lines.slice(head + 1, head + 1 + LIVE_OUTPUT_LINES);
  assert.deepEqual(tail, ["  ⎿ line 7", "    line 8", "    line 9", "    line 10", "    line 11"]);
});

test("the frame never reaches the terminal's height, whatever streams above it", () => {
  const transcript = {
    ...emptyTranscript(),
    streaming: Array.from({ length: 80 }, (_, i) => `word ${i}`).join("\n\n"),
  };
  for (const rows of [10, 24, 40]) {
    const { lines } = buildFrame(input({ transcript, rows }));
    assert.ok(lines.length <= rows - 1, `${lines.length} lines at ${rows} rows`);
    assert.match(stripAnsi(lines.at(-1)!), /default mode/, "the status line is kept");
    for (const line of lines) assert.ok(stripAnsi(line).length <= 60);
  }
});

test("the live area would still fit if the terminal were narrowed to half its width", () => {
  // tmux reflows the screen when it gets narrower and pushes what no longer fits into the
  // scrollback before the program hears of it: a full-width line then takes two rows.
  const transcript = {
    ...emptyTranscript(),
    streaming: Array.from({ length: 40 }, (_, i) => `Sentence ${i} of a long paragraph that wraps.`).join(
      " ",
    ),
  };
  for (const rows of [24, 40]) {
    const { lines } = buildFrame(input({ transcript, rows, width: 80 }));
    const halfWidthRows = lines.reduce(
      (sum, line) => sum + Math.max(1, Math.ceil(stripAnsi(line).length / 40)),
      0,
    );
    assert.ok(halfWidthRows <= rows - 1, `${halfWidthRows} rows at 40 columns, ${rows} rows`);
    assert.ok(
      lines.filter((line) => line.includes("Sentence")).length >= 3,
      "the answer's last lines are shown",
    );
    assert.match(stripAnsi(lines.at(-1)!), /default mode/);
  }
});

test("a tall permission dialog fits: its body scrolls with a PgUp/PgDn hint", () => {
  const body = Array.from({ length: 50 }, (_, index) => `diff line ${index}`);
  const question = { reason: "needs approval", suggestedRule: "Edit(src/**)" };
  const state = { selected: 0, scroll: 10 };
  const frame = buildFrame(
    input({ dialog: { question: question as never, state, view: { title: "Edit a.ts", body } } }),
  );
  const lines = frame.lines.map(stripAnsi);
  assert.ok(lines.length <= 23);
  assert.ok(
    lines.some((line) => line === "diff line 10"),
    "scrolled to line 10",
  );
  assert.ok(!lines.includes("diff line 9"));
  assert.ok(
    lines.some((line) => /lines 11–\d+ of 50 · PgUp\/PgDn to scroll/.test(line)),
    lines.join("\n"),
  );
  assert.ok(frame.dialogBody && frame.dialogBody.length === 50 && frame.dialogBody.rows >= 3);
  assert.ok(lines.some((line) => line.includes("Do you want to proceed?")));
  assert.ok(lines.some((line) => line.includes("Working… (5s · waiting for your answer)")));
});

test("a long task list leaves room for what is running and says what it left out", () => {
  const tasks = Array.from({ length: 15 }, (_, index) => ({
    id: String(index + 1),
    subject: `task ${index + 1}`,
    status: (index < 2 ? "completed" : index === 9 ? "in_progress" : "pending") as "pending",
  }));
  const running = Array.from({ length: 4 }, (_, index) => ({
    id: `a${index}`,
    summary: `Agent(job ${index})`,
    startedAt: 2_000,
    output: "",
  }));
  const lines = buildFrame(input({ transcript: { ...emptyTranscript(), tasks, running } })).lines.map(
    stripAnsi,
  );
  assert.ok(lines.length <= 23, `${lines.length} lines`);
  for (let index = 0; index < 4; index++)
    assert.ok(
      lines.some((line) => line.includes(`Agent(job ${index})`)),
      `agent ${index} shown:\n${lines.join("\n")}`,
    );
  const taskLines = lines.filter((line) => /^[☐▶☑] task/.test(line));
  assert.ok(taskLines.length < 15 && taskLines.length >= 3, lines.join("\n"));
  assert.ok(taskLines.includes("▶ task 10"), "the task in progress is kept");
  assert.equal(taskLines[0], "☐ task 3", "then the next pending ones, in their order; completed ones go");
  assert.ok(!taskLines.some((line) => line.startsWith("☑")));
  const more = lines.find((line) => line.includes("more ("));
  assert.match(more ?? "", new RegExp(`… \\+${15 - taskLines.length} more \\(\\d+ pending, 2 completed\\)`));

  const few = buildFrame(input({ transcript: { ...emptyTranscript(), tasks: tasks.slice(0, 6) } })).lines;
  assert.equal(
    few.map(stripAnsi).filter((line) => /^[☐▶☑] task/.test(line)).length,
    6,
    "a short list is whole",
  );
});
