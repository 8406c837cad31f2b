// The question dialogs as lines that fit a given height: AskUserQuestion's current question (its
// header, "n of m", the options with their descriptions and "Other", a multi-select's checkboxes, the
// answer being typed) and ExitPlanMode's plan (Markdown, scrolling inside the dialog when taller than
// the room) with its three choices. Pure.
import { renderMarkdown } from "./markdown.js";
import { askedQuestions, PLAN_CHOICES, type QuestionState } from "./question-dialog.js";
import type { Style } from "./style.js";
import { wrapWithPrefix } from "./text-width.js";

type QuestionLayout = { lines: string[]; planRows: number };

function choiceLines(
  labels: string[],
  selected: number,
  style: Style,
  width: number,
  marks?: boolean[],
): string[] {
  return labels.flatMap((label, index) => {
    const chosen = index === selected;
    const box = marks ? (marks[index] === undefined ? "    " : marks[index] ? "[x] " : "[ ] ") : "";
    const marker = `${chosen ? "❯" : " "} ${index + 1}. ${box}`;
    const paint = chosen ? style.cyan : (value: string) => value;
    return wrapWithPrefix(label, width, marker, " ".repeat(marker.length)).map(paint);
  });
}

function typingLines(prompt: string, text: string, style: Style, width: number): string[] {
  return [style.bold(prompt), ...wrapWithPrefix(`${text}\u2588`, width, "> ", "  ")];
}

function askLines(
  input: Record<string, unknown>,
  state: QuestionState,
  style: Style,
  width: number,
): string[] {
  const questions = askedQuestions(input);
  const current = questions[state.index];
  if (!current) return [];
  const count = questions.length > 1 ? ` (${state.index + 1} of ${questions.length})` : "";
  const lines = [
    style.dim("─".repeat(width)),
    `${style.bold(style.cyan(current.header ? `[${current.header}]` : "[Question]"))}${style.dim(count)}`,
    ...wrapWithPrefix(current.question, width, "", "").map(style.bold),
  ];
  const labels = [
    ...current.options.map((option) =>
      option.description ? `${option.label} — ${option.description}` : option.label,
    ),
    "Other (type your answer)",
  ];
  const marks = current.multiSelect
    ? labels.map((_, index) => (index < current.options.length ? state.picked.includes(index) : undefined))
    : undefined;
  lines.push(...choiceLines(labels, state.selected, style, width, marks as boolean[] | undefined));
  if (state.typing !== undefined)
    lines.push(...typingLines("Your answer (Enter sends, Esc goes back):", state.typing, style, width));
  else {
    const keys = current.multiSelect
      ? `1-${labels.length} or Space toggles · Enter confirms · ↑↓ · Esc declines`
      : `1-${labels.length} chooses · ↑↓ Enter · Esc declines`;
    lines.push(...wrapWithPrefix(keys, width, "", "").map(style.dim));
  }
  return lines;
}

function planLines(
  input: Record<string, unknown>,
  state: QuestionState,
  style: Style,
  width: number,
  maxRows: number,
): QuestionLayout {
  const plan =
    typeof input.plan === "string" && input.plan.trim() ? input.plan : "(the agent gave no plan text)";
  const head = [style.dim("─".repeat(width)), style.bold(style.yellow("Here is the plan. Ready to start?"))];
  const tail = choiceLines([...PLAN_CHOICES], state.selected, style, width);
  if (state.typing !== undefined)
    tail.push(
      ...typingLines(
        "What should change in the plan? (Enter sends, Esc is a plain no)",
        state.typing,
        style,
        width,
      ),
    );
  else
    tail.push(
      style.dim("1 yes, auto-accept edits · 2 yes, approve edits · 3 no, keep planning · PgUp/PgDn · Esc no"),
    );
  const body = renderMarkdown(plan, { width: Math.max(20, width - 2), style }).map((line) => `  ${line}`);
  const room = Math.max(3, maxRows - head.length - tail.length);
  if (body.length <= room) return { lines: [...head, ...body, ...tail], planRows: body.length };
  const rows = room - 1;
  const first = Math.max(0, Math.min(state.scroll, body.length - rows));
  const shown = body.slice(first, first + rows);
  const hint = style.dim(
    `lines ${first + 1}–${first + shown.length} of ${body.length} · PgUp/PgDn to scroll`,
  );
  return { lines: [...head, ...shown, hint, ...tail], planRows: rows };
}

export function questionLines(
  toolName: string,
  input: Record<string, unknown>,
  state: QuestionState,
  options: { style: Style; width: number; maxRows: number },
): QuestionLayout {
  if (toolName === "ExitPlanMode")
    return planLines(input, state, options.style, options.width, options.maxRows);
  return { lines: askLines(input, state, options.style, options.width), planRows: 0 };
}
