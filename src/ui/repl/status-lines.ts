// The spinner line while the agent works (what it works on, elapsed seconds, tokens so far, how to interrupt) and the
// status line (a hint, the model, context use, cost, the permission mode in its colour; in a narrow
// terminal the least useful parts go first, never the mode), or a statusLine command's line in its
// place (a permission mode other than the default still shown after it). Pure.
import type { Style } from "./style.js";
import { truncateLine, visibleWidth } from "./text-width.js";

export function workingLine(
  style: Style,
  props: {
    frame: string;
    seconds: number;
    tokens: number;
    retry?: string;
    waiting?: boolean;
    /** The task in progress, in its present-continuous form ("Running the tests"). */
    activity?: string;
  },
): string {
  const detail = props.waiting
    ? `${props.seconds}s · waiting for your answer`
    : (props.retry ?? `${props.seconds}s · ↓ ${props.tokens} tokens · esc to interrupt`);
  return `${style.cyan(props.frame)} ${style.bold(`${props.activity ?? "Working"}…`)} ${style.dim(`(${detail})`)}`;
}

/** The permission mode as the status line shows it: the riskier, the louder. */
function modeLabel(mode: string, style: Style): string {
  switch (mode) {
    case "default":
      return style.dim("default mode");
    case "acceptEdits":
      return style.magenta("⏵⏵ accept edits");
    case "plan":
      return style.cyan("⏸ plan mode");
    case "bypassPermissions":
      return style.bold(style.red("⚠ bypass permissions"));
    case "dontAsk":
      return style.yellow("don't ask mode");
    default:
      return style.yellow(`${mode} mode`);
  }
}

/** What the status line shows. */
export type StatusFacts = {
  model: string;
  contextPercent: number;
  mode: string;
  cost?: string;
  /** A spend cap at 80% or more (shown in yellow, kept longer than the cost). */
  budget?: string;
  hint?: string;
  /** Background commands still running (`/tasks` lists them). */
  background?: number;
};

export function statusLine(style: Style, props: StatusFacts & { width: number }): string {
  const percent = Math.round(props.contextPercent);
  const context = percent >= 80 ? style.yellow(`${percent}% context`) : `${percent}% context`;
  const separator = style.dim(" · ");
  const mode = modeLabel(props.mode, style);
  const hint = props.hint ? style.yellow(props.hint) : undefined;
  const help = style.dim("/help for commands");
  // The mode and a real hint (bash mode, "press Ctrl+C again") matter most, so a narrow terminal
  // loses the help pointer first, then the cost, then the provider prefix of the model name.
  const shortModel = props.model.slice(props.model.indexOf("/") + 1);
  const budget = props.budget ? [style.yellow(`budget ${props.budget}`)] : [];
  const cost = [...(props.cost ? [props.cost] : []), ...budget];
  const running = props.background ?? 0;
  const background =
    running > 0 ? [style.cyan(`${running} background task${running === 1 ? "" : "s"} · /tasks`)] : [];
  const candidates = [
    [hint ?? help, props.model, context, ...cost, ...background, mode],
    [...(hint ? [hint] : []), props.model, context, ...cost, ...background, mode],
    [...(hint ? [hint] : []), props.model, context, ...budget, ...background, mode],
    [...(hint ? [hint] : []), shortModel, context, ...budget, ...background, mode],
    [...(hint ? [hint] : []), props.model, context, ...background, mode],
    [...(hint ? [hint] : []), shortModel, context, mode],
    [...(hint ? [hint] : []), mode, shortModel, context],
  ].map((parts) => parts.join(separator));
  const fitting = candidates.find((line) => visibleWidth(line) <= props.width);
  return fitting ?? truncateLine(candidates.at(-1) ?? "", props.width);
}

/** A `statusLine` command's line in place of the built-in one, cut to the width; a mode other than
 *  the default stays visible after it (bypass must never be hidden). */
export function customStatusLine(style: Style, props: { line: string; mode: string; width: number }): string {
  if (props.mode === "default") return truncateLine(props.line, props.width);
  const mode = `\u001b[0m${style.dim(" · ")}${modeLabel(props.mode, style)}`;
  return truncateLine(props.line, Math.max(1, props.width - visibleWidth(mode))) + mode;
}
