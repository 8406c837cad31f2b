// End-to-end (tmux, built CLI, fake model server): what a daily user sees on every screen — a
// replayed session's tool lines read exactly as the live ones did (tasks and subagents included), the
// status line keeps the permission mode readable in an 80-column terminal, and a long task list leaves
// room for the subagents that are running.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { openRepl, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Finished tool lines of the main conversation, without their times (a replay has none). */
const toolLines = (screen: string) =>
  screen
    .split("\n")
    .filter((line) => /^[✓✗⊘■] /.test(line))
    .map((line) => line.replace(/ \d+(?:\.\d+)?m?s$/, "").trimEnd());

test("a --continue replay shows every tool line as it looked live: tasks, subagents, edits, searches", {
  skip,
}, async () => {
  const files = {
    "util.ts": "export function helper() {\n  return 1;\n}\n",
    ".agents/agents/reader.md":
      "---\nname: reader\ndescription: Reads files\ntools: Read\n---\nYou are the READER agent.\n",
  };
  const script = {
    turns: [
      {
        tool_calls: [
          {
            name: "TaskCreate",
            input: { subject: "Rename the helper", description: "rename it everywhere" },
          },
          { name: "Grep", input: { pattern: "helper", path: "." } },
          { name: "Read", input: { file_path: "util.ts" } },
        ],
      },
      {
        tool_calls: [
          { name: "TaskUpdate", input: { taskId: "1", status: "in_progress" } },
          {
            name: "Agent",
            input: { description: "check util", prompt: "Look at util.ts", subagent_type: "reader" },
          },
        ],
      },
      {
        tool_calls: [
          {
            name: "Edit",
            input: {
              file_path: "util.ts",
              old_string: "function helper()",
              new_string: "function resolveHome()",
            },
          },
        ],
      },
      { text: "Renamed." },
    ],
    routes: [{ match: "READER agent", turns: [{ text: "It defines helper." }] }],
  };
  const first = await openRepl(cleanups, script, { files, args: ["--permission-mode", "acceptEdits"] });
  await sendLine(first.tmux, "rename the helper");
  const live = await first.tmux.waitFor((screen) => screen.includes("Worked for"), "the end of the turn");
  const liveLines = toolLines(live);
  assert.ok(liveLines.length >= 5, `the live tool lines:\n${live}`);
  assert.ok(liveLines.includes("✓ TaskCreate(Rename the helper)"), live);
  assert.ok(liveLines.includes("✓ Agent(reader: check util)"), live);
  const diff =
    /✓ Edit\(util\.ts\)[^\n]*\n {2}⎿ Added 1 line, removed 1 line\n {4}1 - export function helper\(\) \{\n {4}1 \+ export function resolveHome\(\) \{/;
  assert.match(live, diff, "an auto-approved Edit keeps its diff");
  first.tmux.keys("C-d");
  await first.tmux.waitFor((screen) => screen.includes("reagent --resume"), "the exit");

  const second = await openRepl(cleanups, [], { reuse: { dir: first.dir, home: first.home }, args: ["-c"] });
  const replay = await second.tmux.waitFor((screen) => screen.includes("resumed session"), "the replay");
  const mainLive = liveLines.filter((line) => !line.includes("↳"));
  assert.deepEqual(toolLines(replay), mainLive, `replayed:\n${replay}\nlive:\n${live}`);
  assert.match(replay, diff, "and in the replay");
});

test("parallel calls print live in the order the model made them, as the replay lists them", {
  skip,
}, async () => {
  // Two read-only calls run together; a PreToolUse hook holds the first one back, so it finishes last.
  const hook = "grep -q slow.txt && sleep 1.5; exit 0";
  const files = {
    "slow.txt": "slow\n",
    "fast.txt": "fast\n",
    ".agents/settings.json": JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: hook }] }] },
    }),
  };
  const script = [
    {
      tool_calls: [
        { name: "Read", input: { file_path: "slow.txt" } },
        { name: "Read", input: { file_path: "fast.txt" } },
      ],
    },
    { text: "Read both." },
  ];
  const first = await openRepl(cleanups, script, { files });
  await sendLine(first.tmux, "read them");
  const running = await first.tmux.waitFor(
    (screen) => /Read\(slow\.txt\) \d+s/.test(screen) && !/Read\(fast\.txt\) \d+s/.test(screen),
    "the fast call done while the slow one runs",
  );
  assert.doesNotMatch(running, /✓ Read\(fast\.txt\)/, `the fast call waits for the slow one:\n${running}`);
  const live = await first.tmux.waitFor((screen) => screen.includes("Worked for"), "the end of the turn");
  const liveLines = toolLines(live);
  assert.deepEqual(
    liveLines.map((line) => line.replace(/^✓ /, "")),
    ["Read(slow.txt)", "Read(fast.txt)"],
    live,
  );
  first.tmux.keys("C-d");
  await first.tmux.waitFor((screen) => screen.includes("reagent --resume"), "the exit");
  const second = await openRepl(cleanups, [], { reuse: { dir: first.dir, home: first.home }, args: ["-c"] });
  const replay = await second.tmux.waitFor((screen) => screen.includes("resumed session"), "the replay");
  assert.deepEqual(toolLines(replay), liveLines, `replayed:\n${replay}\nlive:\n${live}`);
});

test("at 80 columns the status line keeps the permission mode whole; the help pointer goes first", {
  skip,
}, async () => {
  const { tmux } = await openRepl(cleanups, [{ text: "hello there" }], { columns: 80 });
  await sendLine(tmux, "hi");
  await tmux.waitFor((screen) => screen.includes("Worked for"), "the answer");
  tmux.keys("BTab");
  const lastLine = (screen: string) =>
    screen
      .split("\n")
      .filter((line) => line.trim() !== "")
      .at(-1) ?? "";
  await tmux.waitFor((screen) => lastLine(screen).includes("⏵⏵"), "the mode switched");
  const status = lastLine(tmux.visible());
  assert.match(status, /claude-sonnet-4-6 · \d+% context · \$\d+\.\d+ · ⏵⏵ accept edits$/, status);
});

test("a long task list never hides the running subagents: it keeps what fits and counts the rest", {
  skip,
}, async () => {
  const files = {
    ".agents/agents/worker.md":
      "---\nname: worker\ndescription: Works\ntools: Bash\n---\nYou are the WORKER agent.\n",
  };
  const tasks = Array.from({ length: 15 }, (_, index) => ({
    name: "TaskCreate",
    input: { subject: `Step ${index + 1} of the migration`, description: "one step" },
  }));
  const agents = [1, 2, 3].map((index) => ({
    name: "Agent",
    input: { description: `job ${index}`, prompt: `Do job ${index}`, subagent_type: "worker" },
  }));
  const script = {
    turns: [{ tool_calls: tasks }, { tool_calls: agents }, { text: "All jobs done." }],
    routes: [
      {
        match: "WORKER agent",
        turns: [
          ...agents.map(() => ({ tool_calls: [{ name: "Bash", input: { command: "sleep 4" } }] })),
          ...agents.map(() => ({ text: "job finished" })),
        ],
      },
    ],
  };
  const { tmux } = await openRepl(cleanups, script, { files, args: ["--permission-mode", "acceptEdits"] });
  await sendLine(tmux, "migrate");
  const running = await tmux.waitFor(
    (screen) => screen.includes("worker: Bash(sleep 4)") && screen.includes("Working…"),
    "the subagents running",
  );
  const visible = tmux.visible();
  for (const index of [1, 2, 3])
    assert.match(visible, new RegExp(`Agent\\(worker: job ${index}\\) \\d+s`), visible);
  assert.match(visible, /… \+\d+ more \(\d+ pending\)/, visible);
  assert.match(visible, /☐ Step 1 of the migration/, running);
  await tmux.waitFor((screen) => screen.includes("All jobs done."), "the end of the turn");
});

test("task calls print one line each; the task in progress keeps its subject, the spinner its activity", {
  skip,
}, async () => {
  const script = [
    {
      tool_calls: [
        {
          name: "TaskCreate",
          input: { subject: "Rename the helper", description: "d", activeForm: "Renaming the helper" },
        },
        { name: "TaskCreate", input: { subject: "Run the tests", description: "d" } },
      ],
    },
    { tool_calls: [{ name: "TaskUpdate", input: { taskId: "1", status: "in_progress" } }] },
    { tool_calls: [{ name: "Bash", input: { command: "sleep 2" } }] },
    {
      tool_calls: [
        { name: "TaskUpdate", input: { taskId: "1", status: "completed" } },
        { name: "TaskUpdate", input: { taskId: "2", status: "in_progress" } },
      ],
    },
    { tool_calls: [{ name: "TaskList", input: {} }] },
    { text: "Both under way." },
  ];
  const { tmux } = await openRepl(cleanups, script, {
    rows: 40,
    args: ["--permission-mode", "acceptEdits"],
  });
  await sendLine(tmux, "rename it");
  const running = await tmux.waitFor((screen) => screen.includes("Bash(sleep 2)"), "the command running");
  assert.match(running, /▶ Rename the helper/, `the task list keeps the subject:\n${running}`);
  assert.match(running, /Renaming the helper… \(/, `the spinner says what is under way:\n${running}`);
  const done = await tmux.waitFor((screen) => screen.includes("Worked for"), "the end of the turn");
  const transcript = done.slice(done.indexOf("> rename it"), done.indexOf("Both under way."));
  const lines = transcript.split("\n").filter((line) => line.trim() !== "");
  assert.deepEqual(
    lines.filter((line) => /Task/.test(line)).map((line) => line.replace(/ \d+m?s$/, "")),
    [
      "✓ TaskCreate(Rename the helper)",
      "✓ TaskCreate(Run the tests)",
      "✓ TaskUpdate(#1 Rename the helper → in progress)",
      "✓ TaskUpdate(#1 Rename the helper → completed)",
      "✓ TaskUpdate(#2 Run the tests → in progress)",
      "✓ TaskList",
    ],
    transcript,
  );
  assert.doesNotMatch(transcript, /⎿ Task #|\[pending\]|\[in_progress\]/, "no result lines under task calls");
});
