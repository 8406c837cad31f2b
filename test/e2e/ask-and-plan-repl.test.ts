// End-to-end (tmux, built CLI, fake model server): the REPL's question dialogs. AskUserQuestion shows
// each question with its options; a digit picks, a multi-select toggles and Enter confirms, "Other"
// types an answer, and the model gets the answers. In plan mode ExitPlanMode shows the plan; "yes,
// auto-accept edits" leaves plan mode for acceptEdits, so the Write that follows runs unasked; "no"
// with feedback keeps planning and hands the feedback to the model.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { choiceQuestion } from "../support/ask-questions.js";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Block = { tool_use_id?: string; content?: unknown; is_error?: boolean };
function resultText(requests: Array<{ body: unknown }>, id: string): string {
  for (const request of requests)
    for (const message of (request.body as { messages: Array<{ content: unknown }> }).messages)
      if (Array.isArray(message.content))
        for (const block of message.content as Block[])
          if (block.tool_use_id === id) return typeof block.content === "string" ? block.content : "";
  throw new Error(`no result for ${id}`);
}

test("AskUserQuestion and ExitPlanMode dialogs in the REPL", { skip }, async () => {
  const { tmux, dir, server } = await openRepl(
    cleanups,
    [
      {
        tool_calls: [
          {
            id: "toolu_ask",
            name: "AskUserQuestion",
            input: {
              questions: [
                choiceQuestion("Which library?", "Library", { "date-fns": "Small", Luxon: "Time zones" }),
                choiceQuestion(
                  "Which formats?",
                  "Formats",
                  { ISO: "2026-12-02", Relative: "3 days ago" },
                  true,
                ),
                choiceQuestion("Anything else?", "Extra", { No: "", Yes: "" }),
              ],
            },
          },
        ],
      },
      {
        tool_calls: [
          { id: "toolu_plan1", name: "ExitPlanMode", input: { plan: "# Plan\n1. Write hello.txt" } },
        ],
      },
      {
        tool_calls: [
          {
            id: "toolu_plan2",
            name: "ExitPlanMode",
            input: { plan: "# Plan v2\n1. Write hello.txt\n2. Test it" },
          },
        ],
      },
      {
        tool_calls: [
          { id: "toolu_write", name: "Write", input: { file_path: "hello.txt", content: "hi\n" } },
        ],
      },
      { text: "All done." },
    ],
    { args: ["--permission-mode", "plan"] },
  );
  await sendLine(tmux, "plan the date work");
  await tmux.waitFor(
    (screen) => screen.includes("Which library?") && screen.includes("Other (type your answer)"),
    "the first question",
  );
  await pause(800);
  tmux.type("2");
  await tmux.waitFor(
    (screen) => screen.includes("Which formats?") && screen.includes("[ ] ISO"),
    "the multi-select",
  );
  await pause(300);
  tmux.type("1");
  await tmux.waitFor((screen) => screen.includes("[x] ISO"), "the first toggle");
  tmux.type("2");
  await tmux.waitFor(
    (screen) => screen.includes("[x] ISO") && screen.includes("[x] Relative"),
    "both toggled",
  );
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("Anything else?"), "the third question");
  await pause(300);
  tmux.type("3");
  await tmux.waitFor((screen) => screen.includes("Your answer"), "the answer field");
  tmux.type("use UTC");
  tmux.keys("Enter");
  await tmux.waitFor((screen) => screen.includes("Here is the plan. Ready to start?"), "the plan dialog");
  assert.equal(
    resultText(server.requests, "toolu_ask"),
    'The user answered your questions: "Which library?"="Luxon", "Which formats?"="ISO, Relative", "Anything else?"="use UTC". Go on with these answers in mind.',
  );
  await pause(800);
  tmux.type("3");
  await tmux.waitFor((screen) => screen.includes("What should change in the plan?"), "the feedback field");
  tmux.type("add a test step");
  tmux.keys("Enter");
  const second = await tmux.waitFor((screen) => screen.includes("Plan v2"), "the second plan");
  assert.match(second, /plan mode/);
  assert.match(
    resultText(server.requests, "toolu_plan1"),
    /The user declined this tool call.*The user said: add a test step/,
  );
  await pause(800);
  tmux.type("1");
  const done = await tmux.waitFor((screen) => screen.includes("All done."), "the end");
  assert.match(done, /accept edits/);
  assert.match(
    resultText(server.requests, "toolu_plan2"),
    /plan mode is over \(the permission mode is now acceptEdits\)/,
  );
  assert.equal(readFileSync(join(dir, "hello.txt"), "utf8"), "hi\n");
});
