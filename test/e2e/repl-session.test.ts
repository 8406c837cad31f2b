// End-to-end (tmux, built CLI, fake model server): /compact never grows a conversation, a
// --continue replay looks like the live session, /context counts the system prompt before the
// first request, the exit screen prints the resume command, and tool times exclude approval.
import assert from "node:assert/strict";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { projectSessionsDir } from "../../src/transcript/transcript-index.js";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("/compact of a short conversation says there is not enough to compact and sends nothing", {
  skip,
}, async () => {
  const { tmux, server } = await openRepl(cleanups, [{ text: "short answer" }, { text: "A SUMMARY" }]);
  await sendLine(tmux, "hi");
  await tmux.waitFor((screen) => screen.includes("short answer"), "the answer");
  const requests = server.requests.length;
  await sendLine(tmux, "/compact");
  const screen = await tmux.waitFor(
    (text) => /not enough conversation to compact/i.test(text),
    "the refusal",
  );
  assert.doesNotMatch(screen, /Compacted the conversation/);
  assert.equal(server.requests.length, requests, "no summary request was sent");
  await pause(300);
  const said = tmux.history().match(/not enough conversation to compact/gi) ?? [];
  assert.equal(said.length, 1, `the refusal is printed once:\n${tmux.history()}`);
});

test("/compact of an ordinary 52-message session compacts it and says so once", { skip }, async () => {
  const files = { "notes.txt": "a line of notes\n".repeat(30) };
  const steps = Array.from({ length: 24 }, () => ({
    tool_calls: [{ name: "Read", input: { file_path: "notes.txt" } }],
  }));
  const script = [...steps, { text: "Read it all." }, { text: "second answer" }, { text: "THE SUMMARY" }];
  const { tmux, server } = await openRepl(cleanups, script, { files });
  await sendLine(tmux, "read the notes many times");
  await tmux.waitFor((screen) => screen.includes("Read it all."), "the first answer", 40_000);
  await sendLine(tmux, "and then?");
  await tmux.waitFor((screen) => screen.includes("second answer"), "the second answer");
  const requests = server.requests.length;
  await sendLine(tmux, "/compact");
  await tmux.waitFor((screen) => /Compacted the conversation|not enough/i.test(screen), "the compaction");
  await pause(300);
  const history = tmux.history();
  assert.doesNotMatch(history, /not enough conversation/i, history);
  assert.equal((history.match(/Compacted the conversation/g) ?? []).length, 1, history);
  assert.equal(server.requests.length, requests + 1, "one summary request");
});

test("--continue replays denied and interrupted tools like live ones and keeps merged prompts", {
  skip,
}, async () => {
  const { tmux: first, dir, home } = await openRepl(cleanups, []);
  first.keys("C-d");
  await pause(300);
  const cwd = realpathSync(dir);
  const sessions = projectSessionsDir(join(home, ".agents", "sessions"), cwd);
  mkdirSync(sessions, { recursive: true });
  const id = "11111111-2222-4333-8444-555555555555";
  const records = [
    {
      type: "session",
      session_id: id,
      cwd,
      model: "m",
      provider: "anthropic",
      created_at: new Date().toISOString(),
      version: "0",
    },
    {
      role: "user",
      content: [
        { type: "text", text: "first prompt" },
        { type: "text", text: "second prompt" },
      ],
    },
    {
      role: "assistant",
      content: [
        { type: "tool_use", id: "t1", name: "Write", input: { file_path: join(cwd, "a.txt"), content: "x" } },
      ],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "t1",
          is_error: true,
          content:
            "The user declined this tool call (Write a.txt). Do not retry it; wait for the user's instructions.",
        },
      ],
    },
    { role: "user", content: [{ type: "text", text: "run the tests" }] },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "t2", name: "Bash", input: { command: "npm test" } }],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "t2",
          is_error: true,
          content: "Command was interrupted; it and its child processes were killed. Output so far:\n(none)",
        },
      ],
    },
  ].map((record) => JSON.stringify("type" in record ? record : { type: "message", message: record }));
  writeFileSync(join(sessions, `${id}.jsonl`), `${records.join("\n")}\n`);
  const { tmux } = await openRepl(cleanups, [], { args: ["--continue"], reuse: { dir, home } });
  const screen = await tmux.waitFor((text) => text.includes("npm test"), "the replay");
  assert.match(screen, /> first prompt/);
  assert.match(screen, /> second prompt/, `the second merged prompt is kept:\n${screen}`);
  assert.match(screen, /⊘ Write\(a\.txt\) denied/, screen);
  assert.match(screen, /■ Bash\(npm test\) interrupted/, screen);
  assert.doesNotMatch(screen, /✗ /, "nothing replays as an error");
});

test("/context counts the system prompt before the first request", { skip }, async () => {
  const { tmux } = await openRepl(cleanups, []);
  await sendLine(tmux, "/context");
  const screen = await tmux.waitFor((text) => text.includes("system prompt"), "/context");
  const tokens = Number(/system prompt\s+(\d+) tokens/.exec(screen)?.[1]);
  assert.ok(tokens > 100, `system prompt counted before any request: ${tokens}\n${screen}`);
});

test("the exit screen has no stale Ctrl+C hint and prints the resume command", { skip }, async () => {
  const { tmux } = await openRepl(cleanups, [{ text: "noted" }]);
  await sendLine(tmux, "remember this");
  await tmux.waitFor((screen) => screen.includes("noted"), "the answer");
  tmux.keys("C-c");
  await tmux.waitFor((screen) => screen.includes("Press Ctrl+C again"), "the exit hint");
  tmux.keys("C-c");
  const screen = await tmux.waitFor(
    (text) => /reagent --resume [0-9a-f-]{36}/.test(text),
    "the resume command",
  );
  assert.doesNotMatch(screen, /Press Ctrl\+C again/);
});

test("a tool's time excludes the wait for approval", { skip }, async () => {
  const { tmux } = await openRepl(cleanups, [
    { tool_calls: [{ name: "Write", input: { file_path: "w.txt", content: "w\n" } }] },
    { text: "wrote it" },
  ]);
  await sendLine(tmux, "write");
  await tmux.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  await pause(2500);
  tmux.keys("1");
  const screen = await tmux.waitFor((text) => text.includes("wrote it"), "the answer");
  const time = /✓ Write\(w\.txt\) (\d+(?:\.\d+)?)(ms|s)/.exec(screen);
  assert.ok(time, screen);
  const ms = time[2] === "ms" ? Number(time[1]) : Number(time[1]) * 1000;
  assert.ok(ms < 2000, `the 2.5 s wait is not counted: ${time[0]}`);
});

test("Esc before the reply puts the prompt back for editing", { skip }, async () => {
  const { tmux } = await openRepl(cleanups, [
    { text: "a late answer", fault: { chunk_delay_ms: 5000 } },
    { text: "the edited prompt was sent" },
  ]);
  await sendLine(tmux, "fix the flaky test");
  await tmux.waitFor((screen) => screen.includes("Working…"), "the spinner");
  tmux.keys("Escape");
  await tmux.waitFor(
    (screen) => /│ > fix the flaky test/.test(screen) && screen.includes("Interrupted"),
    "the prompt back in the editor",
  );
  tmux.type(" in CI");
  await tmux.waitFor((screen) => screen.includes("fix the flaky test in CI"), "the edit");
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("the edited prompt was sent"), "the answer");
});

test("a running command shows its latest output under its tool line, then collapses", { skip }, async () => {
  const { tmux } = await openRepl(cleanups, [
    {
      tool_calls: [
        { name: "Bash", input: { command: "for i in 1 2 3 4 5 6; do echo step $i; sleep 0.5; done" } },
      ],
    },
    { text: "all steps ran" },
  ]);
  await sendLine(tmux, "count");
  const live = await tmux.waitFor(
    (screen) => /⎿ step 1[\s\S]*step 2/.test(screen) && screen.includes("Working…"),
    "live output",
  );
  assert.match(live, /Bash\(for i in 1 2 3 4 5 6; do echo step \$i; sleep 0\.5; done\) \d+s/);
  const done = await tmux.waitFor((screen) => screen.includes("all steps ran"), "the answer");
  assert.match(done, /✓ Bash\(.*\)[^\n]*\n {2}⎿ step 1\n {4}step 2\n {4}step 3\n {4}… \+3 lines/);
});

test("an approved Edit leaves its diff in the transcript and in the --continue replay", {
  skip,
}, async () => {
  const source = "export function helper() {\n  return 1;\n}\n";
  const { tmux, dir, home } = await openRepl(
    cleanups,
    [
      { tool_calls: [{ name: "Read", input: { file_path: "src/a.ts" } }] },
      {
        tool_calls: [
          {
            name: "Edit",
            input: { file_path: "src/a.ts", old_string: "return 1;", new_string: "return 2;" },
          },
        ],
      },
      { text: "changed" },
    ],
    { files: { "src/a.ts": source } },
  );
  await sendLine(tmux, "change it");
  await tmux.waitFor(
    (screen) => screen.includes("Do you want to proceed?") && screen.includes("Edit src/a.ts"),
    "the dialog",
  );
  const dialog = tmux.visible();
  assert.match(dialog, /2 - {3}return 1;/, "numbered removed line");
  assert.match(dialog, /2 \+ {3}return 2;/, "numbered added line");
  // Past the dialog's typing pause (a digit within 800 ms of typing goes to the prompt).
  await pause(900);
  tmux.keys("1");
  const screen = await tmux.waitFor((text) => text.includes("changed"), "the answer");
  assert.match(screen, /✓ Edit\(src\/a\.ts\)[^\n]*\n {2}⎿ Added 1 line, removed 1 line\n/);
  assert.match(screen, / 2 - {3}return 1;\n {4}2 \+ {3}return 2;/);
  tmux.keys("C-d");
  await tmux.waitFor((text) => text.includes("reagent --resume"), "the exit");
  const { tmux: again } = await openRepl(cleanups, [], { args: ["--continue"], reuse: { dir, home } });
  const replay = await again.waitFor((text) => text.includes("Edit(src/a.ts)"), "the replay");
  assert.match(
    replay,
    // The transcript keeps the structured patch: the same numbered hunk with its context.
    /✓ Edit\(src\/a\.ts\)\n {2}⎿ Added 1 line, removed 1 line\n {4}1 {3}export function helper\(\) \{\n {4}2 - {3}return 1;\n {4}2 \+ {3}return 2;\n {4}3 {3}\}/,
  );
});
