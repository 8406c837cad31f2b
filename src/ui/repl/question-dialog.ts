// The REPL's dialogs for questions to the person, as a pure state machine over keys: AskUserQuestion
// (its questions one after another; a digit or Enter picks, a multi-select toggles with digits or
// Space and Enter confirms, the last choice "Other" types an answer, Esc declines) and ExitPlanMode
// (1 yes, auto-accept edits; 2 yes, approve each edit; 3 no, keep planning and say what to change).
// The step says what the dialog does next; question-view.ts draws it.
import type { PermissionMode } from "../../contracts/index.js";
import { present } from "../../util/index.js";
import type { PermissionAnswer, PermissionQuestion } from "./host.js";

type AskQuestion = {
  question: string;
  header: string;
  options: Array<{ label: string; description: string }>;
  multiSelect: boolean;
};

export type QuestionState = {
  /** The question on screen (AskUserQuestion). */
  index: number;
  selected: number;
  /** A multi-select's toggled options. */
  picked: number[];
  answers: Record<string, string>;
  /** An answer (or the plan's feedback) being typed; undefined before. */
  typing?: string;
  /** The plan's first line shown. */
  scroll: number;
};

export type QuestionKey = {
  input: string;
  escape?: boolean;
  return?: boolean;
  upArrow?: boolean;
  downArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  backspace?: boolean;
  delete?: boolean;
  ctrl?: boolean;
  meta?: boolean;
};

export type QuestionStep =
  | { kind: "state"; state: QuestionState }
  | { kind: "answer"; answer: PermissionAnswer; mode?: PermissionMode }
  | { kind: "ignored" };

export const INITIAL_QUESTION_STATE: QuestionState = {
  index: 0,
  selected: 0,
  picked: [],
  answers: {},
  scroll: 0,
};

export const PLAN_CHOICES = [
  "Yes, and auto-accept edits",
  "Yes, and approve each edit",
  "No, keep planning (say what to change)",
] as const;

export function isQuestionDialog(question: Pick<PermissionQuestion, "toolName">): boolean {
  return question.toolName === "AskUserQuestion" || question.toolName === "ExitPlanMode";
}

/** The questions of an AskUserQuestion input (entries that are not questions are left out). */
export function askedQuestions(input: Record<string, unknown>): AskQuestion[] {
  const list = Array.isArray(input.questions) ? input.questions : [];
  return list.flatMap((entry) => {
    const item = entry as Partial<AskQuestion>;
    if (typeof item.question !== "string" || !Array.isArray(item.options)) return [];
    return [
      {
        question: item.question,
        header: typeof item.header === "string" ? item.header : "",
        options: item.options.filter((option) => typeof option?.label === "string"),
        multiSelect: item.multiSelect === true,
      },
    ];
  });
}

/** Edits the typed text; Enter and Esc are the caller's. */
function typed(text: string, key: QuestionKey): string | undefined {
  if (key.backspace || key.delete) return text.slice(0, -1);
  if (!key.ctrl && !key.meta && key.input) return text + key.input.replace(/[\r\n]+/g, " ");
  return undefined;
}

function askStep(question: PermissionQuestion, state: QuestionState, key: QuestionKey): QuestionStep {
  const questions = askedQuestions(question.input);
  const current = questions[state.index];
  if (!current) return { kind: "answer", answer: { kind: "no" } };
  const count = current.options.length + 1;
  const other = count - 1;
  const labelsOf = (indexes: number[]) =>
    current.options.filter((_, index) => indexes.includes(index)).map((option) => option.label);
  const answer = (text: string): QuestionStep => {
    const answers = { ...state.answers, [current.question]: text };
    if (state.index + 1 < questions.length)
      return { kind: "state", state: { ...INITIAL_QUESTION_STATE, index: state.index + 1, answers } };
    return { kind: "answer", answer: { kind: "yes", updatedInput: { ...question.input, answers } } };
  };
  const state_ = (next: Partial<QuestionState>): QuestionStep => ({
    kind: "state",
    state: { ...state, ...next },
  });
  if (state.typing !== undefined) {
    if (key.escape) return state_({ typing: undefined });
    if (key.return) {
      const text = state.typing.trim();
      if (!text) return state_({ typing: undefined });
      return answer([...labelsOf(state.picked), text].join(", "));
    }
    const next = typed(state.typing, key);
    return next === undefined ? { kind: "ignored" } : state_({ typing: next });
  }
  const toggle = (index: number) =>
    state_({
      selected: index,
      picked: state.picked.includes(index)
        ? state.picked.filter((item) => item !== index)
        : [...state.picked, index],
    });
  const choose = (index: number): QuestionStep => {
    if (index === other) return state_({ selected: index, typing: "" });
    if (current.multiSelect) return toggle(index);
    return answer(present(current.options[index], "a choice below Other names an option").label);
  };
  if (key.escape) return { kind: "answer", answer: { kind: "no" } };
  if (key.upArrow) return state_({ selected: (state.selected + count - 1) % count });
  if (key.downArrow) return state_({ selected: (state.selected + 1) % count });
  if (/^[1-9]$/.test(key.input) && Number(key.input) <= count) return choose(Number(key.input) - 1);
  if (key.input === " " && current.multiSelect && state.selected < other) return toggle(state.selected);
  if (key.return) {
    if (current.multiSelect && state.selected !== other) {
      const labels = labelsOf(state.picked);
      return labels.length > 0 ? answer(labels.join(", ")) : toggle(state.selected);
    }
    return choose(state.selected);
  }
  return { kind: "ignored" };
}

function planStep(state: QuestionState, key: QuestionKey, page: number): QuestionStep {
  const state_ = (next: Partial<QuestionState>): QuestionStep => ({
    kind: "state",
    state: { ...state, ...next },
  });
  if (state.typing !== undefined) {
    if (key.escape) return { kind: "answer", answer: { kind: "no" } };
    if (key.return) {
      const message = state.typing.trim();
      return { kind: "answer", answer: message ? { kind: "no", message } : { kind: "no" } };
    }
    const next = typed(state.typing, key);
    return next === undefined ? { kind: "ignored" } : state_({ typing: next });
  }
  const count = PLAN_CHOICES.length;
  const choose = (index: number): QuestionStep => {
    if (index === 0) return { kind: "answer", answer: { kind: "yes" }, mode: "acceptEdits" };
    if (index === 1) return { kind: "answer", answer: { kind: "yes" }, mode: "default" };
    return state_({ selected: 2, typing: "" });
  };
  if (key.escape) return { kind: "answer", answer: { kind: "no" } };
  if (key.upArrow) return state_({ selected: (state.selected + count - 1) % count });
  if (key.downArrow) return state_({ selected: (state.selected + 1) % count });
  if (key.pageDown) return state_({ scroll: state.scroll + Math.max(1, page - 1) });
  if (key.pageUp) return state_({ scroll: Math.max(0, state.scroll - Math.max(1, page - 1)) });
  if (/^[1-3]$/.test(key.input)) return choose(Number(key.input) - 1);
  if (key.return) return choose(state.selected);
  return { kind: "ignored" };
}

/** What a key does to the dialog for `question`; `page` is the plan rows visible (PgUp/PgDn). */
export function questionStep(
  question: PermissionQuestion,
  state: QuestionState,
  key: QuestionKey,
  page = 10,
): QuestionStep {
  return question.toolName === "ExitPlanMode" ? planStep(state, key, page) : askStep(question, state, key);
}
