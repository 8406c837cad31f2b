// The permission dialog as lines that fit a given height: a rule, what the tool will do (the body
// scrolls inside the dialog when it is taller than the room left: PgUp/PgDn), why it asks, the four
// choices (yes; yes, this session; always; no, and what instead), the instruction field once "No" is
// chosen, and the keys. Pure.
import type { RequestView } from "./permission-view.js";
import type { Style } from "./style.js";
import { wrapWithPrefix } from "./text-width.js";

export type DialogState = {
  selected: number;
  /** The instruction being typed after choosing option 3; undefined before. */
  message?: string;
  /** First body line shown. */
  scroll: number;
};

const MIN_BODY_ROWS = 3;

/** The choices, in key order (1 … 4). */
export const CHOICES = ["yes", "session", "always", "no"] as const;

function dialogOptions(rules: { sessionRule: string; suggestedRule: string }): string[] {
  return [
    "Yes",
    `Yes, and don't ask again this session for ${rules.sessionRule}`,
    `Yes, always allow ${rules.suggestedRule} (saved to .agents/settings.local.json)`,
    "No, and tell the agent what to do instead",
  ];
}

/** The keys the dialog shows under its choices (the README documents the same set). */
export const DIALOG_KEYS = "1 yes · 2 this session · 3 always · 4 no, say what instead · ↑↓ Enter · Esc no";

type DialogLayout = { lines: string[]; bodyRows: number; bodyLength: number };

export function dialogLines(
  view: RequestView,
  question: { reason: string; sessionRule: string; suggestedRule: string; agent?: string },
  state: DialogState,
  options: { style: Style; width: number; maxRows: number },
): DialogLayout {
  const { style, width } = options;
  // A subagent's question says which agent asks.
  const title = question.agent ? `${view.title} (subagent ${question.agent})` : view.title;
  const head = [style.dim("─".repeat(width)), style.bold(style.yellow(title))];
  const tail: string[] = [];
  if (question.reason)
    tail.push(...wrapWithPrefix(question.reason, width, "", "").slice(0, 2).map(style.dim));
  tail.push("Do you want to proceed?");
  dialogOptions(question).forEach((option, index) => {
    const chosen = index === state.selected;
    const marker = `${chosen ? "❯" : " "} ${index + 1}. `;
    const paint = chosen ? style.cyan : (value: string) => value;
    tail.push(...wrapWithPrefix(option, width, marker, " ".repeat(marker.length)).map(paint));
  });
  if (state.message !== undefined) {
    tail.push(style.bold("Tell the agent what to do instead (Enter sends, Esc is a plain no):"));
    tail.push(...wrapWithPrefix(`${state.message}\u2588`, width, "> ", "  "));
  } else {
    const confirm = CHOICES[state.selected] === "always" ? "Enter saves the rule · " : "";
    tail.push(...wrapWithPrefix(`${confirm}${DIALOG_KEYS}`, width, "", "").map(style.dim));
  }
  const room = Math.max(MIN_BODY_ROWS, options.maxRows - head.length - tail.length);
  let body = view.body;
  const scrolls = body.length > room;
  if (scrolls) {
    const rows = room - 1;
    const first = Math.max(0, Math.min(state.scroll, body.length - rows));
    const shown = body.slice(first, first + rows);
    const hint = style.dim(
      `lines ${first + 1}–${first + shown.length} of ${body.length} · PgUp/PgDn to scroll`,
    );
    body = [...shown, hint];
  }
  return {
    lines: [...head, ...body, ...tail],
    bodyRows: scrolls ? room - 1 : body.length,
    bodyLength: view.body.length,
  };
}
