// The question dialogs' keys, pure: AskUserQuestion steps through its questions (a digit picks, arrows
// and Enter pick, a multi-select toggles and confirms only with something picked, Other types an
// answer and Esc there goes back, Esc declines, keys it does not use are left to the prompt);
// ExitPlanMode's choices give the mode to set; a plan refusal carries the typed feedback.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { PermissionQuestion } from "../../../src/ui/repl/host.js";
import {
  INITIAL_QUESTION_STATE,
  type QuestionKey,
  type QuestionState,
  type QuestionStep,
  questionStep,
} from "../../../src/ui/repl/question-dialog.js";
import { questionLines } from "../../../src/ui/repl/question-view.js";
import { createStyle, stripAnsi } from "../../../src/ui/repl/style.js";
import { choiceQuestion } from "../../support/ask-questions.js";

const ask: PermissionQuestion = {
  toolName: "AskUserQuestion",
  toolUseId: "t1",
  summary: "",
  reason: "",
  sessionRule: "",
  suggestedRule: "",
  input: {
    questions: [
      choiceQuestion("Which one?", "Pick", { A: "first", B: "second" }),
      choiceQuestion("Which ones?", "Many", { X: "", Y: "", Z: "" }, true),
    ],
  },
};
const plan = { ...ask, toolName: "ExitPlanMode", input: { plan: "1. do it" } };

/** Plays keys from the start; the last step. */
function play(
  question: PermissionQuestion,
  keys: QuestionKey[],
): { step: QuestionStep; state: QuestionState } {
  let state = INITIAL_QUESTION_STATE;
  let step: QuestionStep = { kind: "state", state };
  for (const key of keys) {
    step = questionStep(question, state, key);
    if (step.kind === "state") state = step.state;
  }
  return { step, state };
}
const key = (input: string, extra: Partial<QuestionKey> = {}): QuestionKey => ({ input, ...extra });
const enter = key("", { return: true });
const esc = key("", { escape: true });

test("a digit picks, Enter confirms a multi-select's toggles in option order, the last answer allows with the answers", () => {
  const { step } = play(ask, [key("2"), key("3"), key("1"), key("3"), key("3"), enter]);
  assert.deepEqual(step, {
    kind: "answer",
    answer: {
      kind: "yes",
      updatedInput: { ...ask.input, answers: { "Which one?": "B", "Which ones?": "X, Z" } },
    },
  });
});

test("arrows and Enter pick; Enter on a multi-select with nothing picked toggles the highlighted one", () => {
  const { state } = play(ask, [key("", { downArrow: true }), enter, enter]);
  assert.equal(state.index, 1);
  assert.deepEqual(state.picked, [0]);
  assert.deepEqual(state.answers, { "Which one?": "B" });
});

test("Other types an answer; Esc there goes back, an empty answer is not taken, Esc outside declines", () => {
  const typed = play(ask, [key("3"), key("h"), key("i"), key("", { backspace: true }), key("o"), enter]);
  assert.deepEqual(typed.state.answers, { "Which one?": "ho" });
  const back = play(ask, [key("3"), key("x"), esc]);
  assert.equal(back.state.typing, undefined);
  assert.equal(back.step.kind, "state");
  assert.equal(play(ask, [key("3"), enter]).state.typing, undefined);
  assert.deepEqual(play(ask, [esc]).step, { kind: "answer", answer: { kind: "no" } });
  assert.deepEqual(play(ask, [key("7")]).step, { kind: "ignored" });
  assert.deepEqual(play(ask, [key("q")]).step, { kind: "ignored" });
});

test("ExitPlanMode: 1 and 2 approve with their mode; 3 types feedback for the refusal; Esc is a plain no", () => {
  assert.deepEqual(play(plan, [key("1")]).step, {
    kind: "answer",
    answer: { kind: "yes" },
    mode: "acceptEdits",
  });
  assert.deepEqual(play(plan, [key("", { downArrow: true }), enter]).step, {
    kind: "answer",
    answer: { kind: "yes" },
    mode: "default",
  });
  assert.deepEqual(play(plan, [key("3"), key("m"), key("o"), key("r"), key("e"), enter]).step, {
    kind: "answer",
    answer: { kind: "no", message: "more" },
  });
  assert.deepEqual(play(plan, [key("3"), enter]).step, { kind: "answer", answer: { kind: "no" } });
  assert.deepEqual(play(plan, [esc]).step, { kind: "answer", answer: { kind: "no" } });
});

test("the views: the question with its options, checkboxes and Other; a long plan scrolls inside the room", () => {
  const style = createStyle(true);
  const lines = (layout: { lines: string[] }) => layout.lines.map(stripAnsi);
  const first = questionLines("AskUserQuestion", ask.input, INITIAL_QUESTION_STATE, {
    style,
    width: 60,
    maxRows: 20,
  });
  assert.deepEqual(lines(first).slice(1, 6), [
    "[Pick] (1 of 2)",
    "Which one?",
    "❯ 1. A — first",
    "  2. B — second",
    "  3. Other (type your answer)",
  ]);
  const multi = questionLines(
    "AskUserQuestion",
    ask.input,
    { ...INITIAL_QUESTION_STATE, index: 1, picked: [1] },
    {
      style,
      width: 60,
      maxRows: 20,
    },
  );
  assert.ok(lines(multi).includes("  2. [x] Y"), lines(multi).join("\n"));
  assert.ok(lines(multi).includes("  4.     Other (type your answer)"));
  const long = { plan: Array.from({ length: 40 }, (_, index) => `- step ${index + 1}`).join("\n") };
  const view = questionLines(
    "ExitPlanMode",
    long,
    { ...INITIAL_QUESTION_STATE, scroll: 5 },
    { style, width: 60, maxRows: 12 },
  );
  assert.ok(view.lines.length <= 12, String(view.lines.length));
  assert.ok(lines(view).some((line) => /lines 6–\d+ of 40/.test(line)));
});
